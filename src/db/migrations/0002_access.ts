import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * The access catalog and matrix, invitations, and retry bookkeeping for the outbox. The catalog's rows
 * come from the product's declared actions (src/catalog.ts), seeded after the migrations by setup.ts.
 */
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
