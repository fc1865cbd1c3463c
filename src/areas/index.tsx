import { Router } from 'express';
import { AreaPage } from '../../views/areas/AreaPage';
import type { Renderer } from '../http/render';
import { MENUS, PRODUCT_NAME, ROLE_HOME } from '../shared/constants';
import { ROLES } from '../shared/session';

/** The menu screens no feature serves yet: each later issue takes its own out of this list. */
const NOT_BUILT_YET = new Set(['/admin/reports', '/user/documents', '/user/forms', '/user/ai']);

/**
 * The signed-in areas' entry paths, and a generic page for each menu screen not built yet. Each area's
 * guard is mounted once, in front of all its pages (see app.tsx).
 */
export function areaPages(deps: { render: Renderer }): Router {
  const router = Router();
  for (const role of ROLES) {
    router.get(`/${role}`, (_req, res) => res.redirect(303, ROLE_HOME[role]));
    for (const item of MENUS[role].filter((i) => NOT_BUILT_YET.has(i.to))) {
      router.get(item.to, (req, res) => {
        deps.render(req, res, <AreaPage item={item} />, {
          meta: { title: item.label, description: `${item.label} in ${PRODUCT_NAME}.`, noindex: true },
        });
      });
    }
  }
  return router;
}
