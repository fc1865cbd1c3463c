import { Router } from 'express';
import { demoLoginSchema } from '../auth/schema';
import type { AuthService } from '../auth/service';
import { publicUser } from '../auth/routes';
import { endSession, startSession } from '../auth/session-control';
import { HttpError } from '../http/errors';

/** POST /demo/login {role: 'user'}, POST /demo/logout, GET /demo/me — only while the demo data set is on. */
export function demoApi(deps: { auth: AuthService; demo: boolean; cookieName: string }): Router {
  const router = Router();

  router.post('/demo/login', async (req, res) => {
    if (!deps.demo) throw new HttpError(404, 'Not found.');
    const parsed = demoLoginSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new HttpError(400, 'role must be text, and the demo signs in only "user".');
    const user = await deps.auth.demoUser(parsed.data.role);
    await startSession(req, user);
    res.json(publicUser(user));
  });

  router.post('/demo/logout', async (req, res) => {
    if (!deps.demo) throw new HttpError(404, 'Not found.');
    await endSession(req, res, deps.cookieName);
    res.json({ ok: true });
  });

  router.get('/demo/me', (req, res) => {
    const user = req.session?.user;
    if (!user) throw new HttpError(req.sessionUnavailable ? 503 : 401, 'Not signed in.');
    res.json(publicUser(user));
  });

  return router;
}
