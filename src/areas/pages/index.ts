import { redirectPage } from '../../access/page';
import { ROLE_HOME } from '../../shared/constants';
import { ROLES } from '../../shared/session';

/**
 * The signed-in areas' entry paths (/user, /admin, /reti), each to its home. Each area's guard is mounted
 * once, in front of all its pages (see app.tsx), so only the area's own role gets here.
 */
export const AREA_PAGES = ROLES.map((role) => redirectPage(`/${role}`, () => ROLE_HOME[role]));
