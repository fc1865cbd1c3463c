import { type Request, type Response, Router } from 'express';
import { LoginPage, type LoginPageProps } from '../../views/public/LoginPage';
import type { Renderer } from '../http/render';
import { ROLE_HOME } from '../shared/constants';
import { pages } from '../shared/paths';
import { safeNext } from '../shared/validation';

const LOGIN_META = { title: 'Login', description: 'Sign in to Reti Immigration.', noindex: true };

export const renderLogin = (
  render: Renderer,
  req: Request,
  res: Response,
  status: number,
  props: LoginPageProps,
) => render(req, res, <LoginPage {...props} />, { meta: LOGIN_META, status });

/** GET /login: the sign-in form as a page, for browsers without JavaScript and for guarded links. */
export function authPages(deps: { render: Renderer }): Router {
  const router = Router();
  router.get(pages.login, (req, res) => {
    const next = safeNext(req.query.next);
    const user = req.session?.user;
    if (user) return res.redirect(303, next ?? ROLE_HOME[user.role]);
    renderLogin(deps.render, req, res, 200, { next });
  });
  return router;
}
