import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/** Firms, users, sessions (embedded store), contact requests, outbox and audit log. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE firms (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      contact_person text NOT NULL,
      contact_role text NOT NULL,
      email text NOT NULL,
      phone text NOT NULL,
      status text NOT NULL CHECK (status IN ('active', 'pending', 'inactive')),
      industry text CHECK (industry IN ('legal', 'financial', 'technology', 'healthcare', 'consulting', 'manufacturing', 'retail', 'other')),
      address text,
      onboard_date date NOT NULL DEFAULT current_date,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX firms_status_idx ON firms (status);

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid REFERENCES firms (id) ON DELETE CASCADE,
      login_id text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL DEFAULT '',
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('user', 'admin', 'reti')),
      status text NOT NULL CHECK (status IN ('active', 'pending', 'suspended')),
      password_hash text NOT NULL,
      failed_login_count integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((role = 'reti') = (firm_id IS NULL))
    );
    CREATE UNIQUE INDEX users_login_id_idx ON users (lower(login_id));
    CREATE INDEX users_firm_idx ON users (firm_id);

    CREATE TABLE sessions (
      sid text PRIMARY KEY,
      data jsonb NOT NULL,
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_expires_idx ON sessions (expires_at);
    CREATE INDEX sessions_user_idx ON sessions (user_id);

    CREATE TABLE contact_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      firm text NOT NULL DEFAULT '',
      phone text NOT NULL,
      email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX contact_requests_created_idx ON contact_requests (created_at);

    CREATE TABLE outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX outbox_pending_idx ON outbox (created_at) WHERE status = 'pending';

    CREATE TABLE audit_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      action text NOT NULL,
      entity text NOT NULL,
      entity_id text,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);
    CREATE INDEX audit_log_created_idx ON audit_log (created_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE audit_log, outbox, contact_requests, sessions, users, firms');
}
