import { Router } from 'express';
import { AreaPage } from '../../views/areas/AreaPage';
import type { Renderer } from '../http/render';
import { MENUS, PRODUCT_NAME, ROLE_HOME } from '../shared/constants';
import { ROLES } from '../shared/session';

/**
 * The signed-in areas' entry paths, and the firm areas' menu screens that later features replace. Each
 * area's guard is mounted once, in front of all its pages (see app.tsx).
 */
export function areaPages(deps: { render: Renderer }): Router {
  const router = Router();
  for (const role of ROLES) {
    router.get(`/${role}`, (_req, res) => res.redirect(303, ROLE_HOME[role]));
    // The staff screens are built (src/access, src/firms, src/invitations); the others are still generic.
    if (role === 'reti') continue;
    for (const item of MENUS[role]) {
      router.get(item.to, (req, res) => {
        deps.render(req, res, <AreaPage item={item} />, {
          meta: { title: item.label, description: `${item.label} in ${PRODUCT_NAME}.`, noindex: true },
        });
      });
    }
  }
  return router;
}
