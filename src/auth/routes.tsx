import { type Request, type Response, Router } from 'express';
import { LoginPage } from '../../views/public/LoginPage';
import { HttpError } from '../http/errors';
import type { Renderer } from '../http/render';
import { fieldErrors, stringFields } from '../http/validation';
import { MESSAGES, ROLE_HOME } from '../shared/constants';
import { requireUser } from './guard';
import { loginSchema } from './schema';
import type { AuthService } from './service';
import type { SessionUser } from './session';
import { safeNext } from '../shared/validation';
import { endSession, startSession } from './session-control';

export type AuthRouteDeps = { auth: AuthService; render: Renderer; cookieName: string };

const LOGIN_META = { title: 'Login', description: 'Sign in to Reti Immigration.', noindex: true };

const publicUser = (u: SessionUser) => ({
  user_id: u.user_id,
  first_name: u.first_name,
  role_name: u.role_name,
});

/** /login and /logout as pages and forms: the way in without JavaScript. */
export function authPages(deps: AuthRouteDeps): Router {
  const router = Router();
  const renderLogin = (req: Request, res: Response, status: number, props: Parameters<typeof LoginPage>[0]) =>
    deps.render(req, res, <LoginPage {...props} />, { meta: LOGIN_META, status });

  router.get('/login', (req, res) => {
    const next = safeNext(req.query.next);
    const user = req.session?.user;
    if (user) return res.redirect(303, next ?? ROLE_HOME[user.role_name]);
    renderLogin(req, res, 200, { next });
  });

  router.post('/login', async (req, res) => {
    const next = safeNext(req.query.next);
    const input = stringFields(req.body, ['user_id', 'password'] as const);
    const parsed = loginSchema.safeParse(input);
    if (!parsed.success) {
      return renderLogin(req, res, 400, {
        next,
        userId: input.user_id,
        fieldErrors: fieldErrors(parsed.error),
      });
    }
    const user = await deps.auth.authenticate(parsed.data.user_id, parsed.data.password);
    if (!user)
      return renderLogin(req, res, 401, { next, userId: input.user_id, error: MESSAGES.loginFailed });
    await startSession(req, user);
    await deps.auth.recordLogin(user);
    res.redirect(303, next ?? ROLE_HOME[user.role_name]);
  });

  router.post('/logout', async (req, res) => {
    await endSession(req, res, deps.cookieName);
    res.redirect(303, '/');
  });

  return router;
}

/** POST {API}/auth/login, /auth/logout, /auth/refresh. */
export function authApi(deps: AuthRouteDeps): Router {
  const router = Router();

  router.post('/auth/login', async (req, res) => {
    const parsed = loginSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new HttpError(400, 'User ID and Password are both required.');
    const user = await deps.auth.authenticate(parsed.data.user_id, parsed.data.password);
    if (!user) throw new HttpError(401, MESSAGES.loginFailed);
    await startSession(req, user);
    await deps.auth.recordLogin(user);
    res.json(publicUser(user));
  });

  router.post('/auth/logout', async (req, res) => {
    await endSession(req, res, deps.cookieName);
    res.json({ ok: true });
  });

  router.post('/auth/refresh', requireUser, async (req, res) => {
    const user = await deps.auth.userById(req.session.user!.id);
    if (!user) {
      await endSession(req, res, deps.cookieName);
      throw new HttpError(401, 'Sign in first.');
    }
    req.session.user = user;
    req.session.touch();
    res.json(publicUser(user));
  });

  return router;
}

export { publicUser };
