import { redirectPage } from '../../access/page';
import { AREA_PATH, ROLE_HOME } from '../../shared/constants';
import { ROLES } from '../../shared/session';

/**
 * The signed-in areas' entry paths (/user, /admin, /reti), each to its home. Each area's guard is mounted
 * once, in front of all its pages (see app.tsx), so only the area's own role gets here.
 */
export const AREA_PAGES = ROLES.filter((role) => AREA_PATH[role] !== ROLE_HOME[role]).map((role) =>
  redirectPage(AREA_PATH[role], () => ROLE_HOME[role]),
);
