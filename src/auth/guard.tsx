import type { RequestHandler } from 'express';
import type { Renderer } from '../http/render';
import { AREA_AUDIENCE, MESSAGES, ROLE_HOME } from '../shared/constants';
import { ServiceError } from '../shared/errors';
import type { Role, SessionUser } from '../shared/session';
import { loginWithNext } from '../shared/validation';

/** A signed-in person who followed a link into another role's area: whose page it is, and the way home. */
function WrongAreaPage({ area, user }: { area: Role; user: SessionUser }) {
  return (
    <section className="narrow card">
      <h1>{`This page is for ${AREA_AUDIENCE[area]}.`}</h1>
      <p>{`You are signed in as ${user.loginId} (${user.role}), so it is not open to you.`}</p>
      <p>
        <a className="btn btn-primary" href={ROLE_HOME[user.role]}>
          Go to your dashboard
        </a>
      </p>
    </section>
  );
}

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
    render(req, res, <WrongAreaPage area={role} user={user} />, {
      meta: { title: 'Not your area', description: 'This page belongs to another role.', noindex: true },
      status: 403,
    });
  };
}
