import { actionsPage } from './actions';
import { rolesPage } from './roles';

/** The platform staff's Role Management and Actions Management. */
export const ACCESS_PAGES = [rolesPage, actionsPage];
