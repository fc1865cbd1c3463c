import type { RequestHandler } from 'express';
import { WrongAreaPage } from '../../views/areas/WrongAreaPage';
import type { Renderer } from '../http/render';
import { MESSAGES } from '../shared/constants';
import { ServiceError } from '../shared/errors';
import { pages } from '../shared/paths';
import type { Role } from '../shared/session';
import { loginWithNext } from '../shared/validation';

/**
 * The one guard of an area's pages: anonymous → /login with a way back; another role → a short page
 * saying whose page it is, with a link home (a silent redirect would hide why the link did not work).
 */
export function areaGuard(role: Role, render: Renderer): RequestHandler {
  return (req, res, next) => {
    const user = req.session?.user;
    if (!user) {
      if (req.sessionUnavailable) return next(new ServiceError('unavailable', MESSAGES.signInUnavailable));
      return res.redirect(303, loginWithNext(req.originalUrl));
    }
    if (user.role === role) return next();
    render(req, res, <WrongAreaPage area={role} home={pages.home} user={user} />, {
      meta: { title: 'Not your area', description: 'This page belongs to another role.', noindex: true },
      status: 403,
    });
  };
}
