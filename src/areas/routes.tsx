import { Router } from 'express';
import { AreaPage } from '../../views/areas/AreaPage';
import { requireRole } from '../auth/guard';
import type { Renderer } from '../http/render';
import { MENUS, PRODUCT_NAME, ROLE_HOME, type RoleName } from '../shared/constants';

/** The signed-in areas' entry paths, and the firm areas' menu screens, behind each role's guard. */
export function areaPages(deps: { render: Renderer }): Router {
  const router = Router();
  for (const role of Object.keys(MENUS) as RoleName[]) {
    const guard = requireRole(role);
    router.get(`/${role}`, guard, (_req, res) => res.redirect(303, ROLE_HOME[role]));
    // The staff screens are built (src/access, src/firms, src/invitations); the others are still generic.
    if (role === 'reti') continue;
    for (const item of MENUS[role]) {
      router.get(item.to, guard, (req, res) => {
        deps.render(req, res, <AreaPage item={item} />, {
          meta: { title: item.label, description: `${item.label} in ${PRODUCT_NAME}.`, noindex: true },
        });
      });
    }
  }
  return router;
}
