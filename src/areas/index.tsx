import { Router } from 'express';
import { ROLE_HOME } from '../shared/constants';
import { ROLES } from '../shared/session';

/**
 * The signed-in areas' entry paths (/user, /admin, /reti), each to its home. Each area's guard is mounted
 * once, in front of all its pages (see app.tsx).
 */
export function areaPages(): Router {
  const router = Router();
  for (const role of ROLES) router.get(`/${role}`, (_req, res) => res.redirect(303, ROLE_HOME[role]));
  return router;
}
