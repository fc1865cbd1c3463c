import { AREA_AUDIENCE, ROLE_HOME } from '../../src/shared/constants';
import type { Role, SessionUser } from '../../src/shared/session';

/** A signed-in person who followed a link into another role's area: whose page it is, and the way home. */
export function WrongAreaPage({ area, user }: { area: Role; home: string; user: SessionUser }) {
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
