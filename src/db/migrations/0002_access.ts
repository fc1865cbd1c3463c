import { type Kysely, sql } from 'kysely';
import { runStatements } from '../statements';

type Flags = '' | 'r' | 'w' | 'd' | 'rw' | 'rd' | 'wd' | 'rwd';
/** One catalogue row as seeded: [name, category, method, route, description, user, admin, reti]. */
type Row = [string, string, string, string, string, Flags, Flags, Flags];

/**
 * Every API endpoint the product has, with the flags of SPEC §6's matrix on the matching actions
 * (Get All Firms, Create Firm, Delete Firm, Get Firm Users) and sensible flags on the others.
 * Public endpoints (sign-in, contact, health, demo) are open to everyone and carry no role flags.
 */
const PUBLIC_ROWS: Array<[string, string, string, string, string]> = [
  ['Log In', 'Authentication', 'POST', '/api/auth/login', 'Start a session with a user ID and password.'],
  ['Log Out', 'Authentication', 'POST', '/api/auth/logout', 'End the current session.'],
  [
    'Accept Invitation',
    'Authentication',
    'POST',
    '/api/auth/register',
    'Accept an invitation: choose a user ID and password.',
  ],
  ['Demo Log In', 'Demo', 'POST', '/api/demo/login', 'Start a session as the demo user of a role.'],
  ['Demo Log Out', 'Demo', 'POST', '/api/demo/logout', 'End the demo session.'],
  ['Current Demo User', 'Demo', 'GET', '/api/demo/me', 'The signed-in user, or 401.'],
  [
    'Contact Sales',
    'Communication',
    'POST',
    '/api/comm/contact',
    'Send a contact request to the sales team.',
  ],
  ['Backend Health Check', 'Health', 'GET', '/api/health/check', 'Answers 200 while the app is healthy.'],
  ['Database Health Check', 'Health', 'GET', '/api/health/db', 'Runs a query against the database.'],
];

const ROWS: Row[] = [
  ['Get All Firms', 'Firm Management', 'GET', '/api/firms', 'List firms.', 'r', 'rw', 'rwd'],
  ['Create Firm', 'Firm Management', 'POST', '/api/firms', 'Onboard a new firm.', '', 'w', 'w'],
  ['Get Firm', 'Firm Management', 'GET', '/api/firms/{id}', "Read one firm's details.", 'r', 'r', 'r'],
  ['Update Firm', 'Firm Management', 'PUT', '/api/firms/{id}', "Change a firm's details.", '', 'w', 'w'],
  [
    'Delete Firm',
    'Firm Management',
    'DELETE',
    '/api/firms/{id}',
    'Remove a firm and its users.',
    '',
    '',
    'd',
  ],
  [
    'Send Invitation',
    'Firm Management',
    'POST',
    '/api/firms/{id}/invitations',
    "Email the firm's contact a link to become its administrator.",
    '',
    '',
    'w',
  ],
  [
    'Get Firm Users',
    'User Management',
    'GET',
    '/api/firms/{id}/users',
    "List a firm's users.",
    'r',
    'rwd',
    'rwd',
  ],
  ['Create User', 'User Management', 'POST', '/api/firms/{id}/users', 'Add a user to a firm.', '', 'w', 'w'],
  ['Refresh Session', 'Authentication', 'POST', '/api/auth/refresh', 'Extend the session.', 'w', 'w', 'w'],
  ['Get All Actions', 'Access Control', 'GET', '/api/actions', 'List the actions catalogue.', '', '', 'r'],
  ['Create Action', 'Access Control', 'POST', '/api/actions', 'Add an action to the catalogue.', '', '', 'w'],
  ['Update Action', 'Access Control', 'PUT', '/api/actions/{id}', 'Change an action.', '', '', 'w'],
  [
    'Toggle Action',
    'Access Control',
    'PATCH',
    '/api/actions/{id}',
    'Activate or deactivate an action.',
    '',
    '',
    'w',
  ],
  ['Delete Action', 'Access Control', 'DELETE', '/api/actions/{id}', 'Remove an action.', '', '', 'd'],
  [
    'Get Permissions',
    'Access Control',
    'GET',
    '/api/permissions',
    'Read the permission matrix.',
    '',
    '',
    'r',
  ],
  [
    'Save Permissions',
    'Access Control',
    'PUT',
    '/api/permissions/{actionId}',
    "Save one action's row of the matrix.",
    '',
    '',
    'w',
  ],
];

/** The access catalogue and matrix (seeded), invitations, and retry bookkeeping for the outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE actions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      description text NOT NULL,
      route text NOT NULL,
      method text NOT NULL CHECK (method IN ('GET', 'POST', 'PUT', 'PATCH', 'DELETE')),
      category text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      is_public boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (method, route)
    );
    CREATE INDEX actions_category_idx ON actions (category, name);

    CREATE TABLE permissions (
      action_id uuid NOT NULL REFERENCES actions (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('user', 'admin', 'reti')),
      can_read boolean NOT NULL DEFAULT false,
      can_write boolean NOT NULL DEFAULT false,
      can_delete boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (action_id, role)
    );

    CREATE TABLE invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      email text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX invitations_firm_idx ON invitations (firm_id);

    ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
    DROP INDEX outbox_pending_idx;
    CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE status = 'pending';
  `,
  );
  for (const [name, category, method, route, description] of PUBLIC_ROWS) {
    await sql`INSERT INTO actions (name, category, method, route, description, is_public)
              VALUES (${name}, ${category}, ${method}, ${route}, ${description}, true)`.execute(db);
  }
  for (const [name, category, method, route, description, ...flags] of ROWS) {
    const isActive = name !== 'Delete Firm';
    const { rows } = await sql<{ id: string }>`
      INSERT INTO actions (name, category, method, route, description, is_active)
      VALUES (${name}, ${category}, ${method}, ${route}, ${description}, ${isActive}) RETURNING id`.execute(
      db,
    );
    const roles = ['user', 'admin', 'reti'] as const;
    for (const [i, role] of roles.entries()) {
      const f = flags[i];
      await sql`INSERT INTO permissions (action_id, role, can_read, can_write, can_delete)
                VALUES (${rows[0].id}, ${role}, ${f.includes('r')}, ${f.includes('w')}, ${f.includes('d')})`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE invitations, permissions, actions;
    DROP INDEX outbox_pending_idx;
    ALTER TABLE outbox DROP COLUMN next_attempt_at;
    CREATE INDEX outbox_pending_idx ON outbox (created_at) WHERE status = 'pending';
  `,
  );
}
