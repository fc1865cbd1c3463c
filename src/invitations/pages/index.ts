import { invitePage } from './invite';

/** Accepting an invitation at /invite/{token}. */
export const INVITATION_PAGES = [invitePage];
