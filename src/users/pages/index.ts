import { userApprovalPage } from './approval';
import { userDeletePage } from './delete';
import { userEditPage } from './edit';
import { usersPage } from './users';

/** User Management: the list, and each user's edit, review and removal. */
export const USERS_PAGES = [usersPage, userEditPage, userApprovalPage, userDeletePage];
