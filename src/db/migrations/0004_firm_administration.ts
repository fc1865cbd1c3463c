import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Firm administration: each firm's settings (security, its own SMTP, backup retention, branding) and the
 * rest of its profile; two-factor sign-in (a sealed TOTP secret, the last time step used, hashed recovery
 * codes); the firm and the actor's name on every audit row, so a firm reads its own activity in words even
 * after a user is removed; the firm an email is sent for (its SMTP); and the firm's backups.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE firms
      ADD COLUMN firm_type text NOT NULL DEFAULT 'immigration'
        CHECK (firm_type IN ('immigration', 'general', 'specialized')),
      ADD COLUMN city text,
      ADD COLUMN state text,
      ADD COLUMN zip text,
      ADD COLUMN time_zone text;

    CREATE TABLE firm_settings (
      firm_id uuid PRIMARY KEY REFERENCES firms (id) ON DELETE CASCADE,
      two_factor_admins boolean NOT NULL DEFAULT true,
      session_timeout_minutes integer NOT NULL DEFAULT 30 CHECK (session_timeout_minutes IN (15, 30, 60, 120)),
      password_policy text NOT NULL DEFAULT 'strong' CHECK (password_policy IN ('basic', 'medium', 'strong')),
      login_attempts integer NOT NULL DEFAULT 5 CHECK (login_attempts IN (3, 5, 10)),
      approve_new_users boolean NOT NULL DEFAULT false,
      smtp_host text,
      smtp_port integer NOT NULL DEFAULT 587 CHECK (smtp_port BETWEEN 1 AND 65535),
      smtp_encryption text NOT NULL DEFAULT 'tls' CHECK (smtp_encryption IN ('none', 'ssl', 'tls')),
      smtp_user text,
      smtp_password_sealed text,
      smtp_from text,
      backup_retention_days integer NOT NULL DEFAULT 30 CHECK (backup_retention_days IN (7, 30, 90, 365)),
      primary_color text NOT NULL DEFAULT '#1d4ed8' CHECK (primary_color ~ '^#[0-9a-f]{6}$'),
      logo bytea,
      logo_type text CHECK (logo_type IN ('image/png', 'image/svg+xml')),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE users
      ADD COLUMN totp_secret_sealed text,
      ADD COLUMN totp_enabled_at timestamptz,
      ADD COLUMN totp_last_step bigint;

    CREATE TABLE recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id) WHERE used_at IS NULL;

    ALTER TABLE audit_log ADD COLUMN firm_id uuid, ADD COLUMN actor_name text;
    UPDATE audit_log a SET firm_id = CASE
        WHEN a.entity = 'firm' THEN a.entity_id::uuid
        WHEN a.entity = 'user' THEN (SELECT u.firm_id FROM users u WHERE u.id::text = a.entity_id)
        ELSE (SELECT u.firm_id FROM users u WHERE u.id = a.actor_user_id)
      END,
      actor_name = (SELECT trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = a.actor_user_id);
    CREATE INDEX audit_log_firm_idx ON audit_log (firm_id, created_at DESC, id DESC);

    ALTER TABLE outbox ADD COLUMN firm_id uuid REFERENCES firms (id) ON DELETE SET NULL;

    CREATE TABLE backups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'done', 'failed')),
      trigger text NOT NULL CHECK (trigger IN ('daily', 'manual')),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      file_key text,
      size_bytes bigint,
      sha256 text,
      row_counts jsonb,
      last_error text,
      lease_until timestamptz,
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX backups_firm_idx ON backups (firm_id, started_at DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE backups;
    ALTER TABLE outbox DROP COLUMN firm_id;
    ALTER TABLE audit_log DROP COLUMN firm_id, DROP COLUMN actor_name;
    DROP TABLE recovery_codes;
    ALTER TABLE users DROP COLUMN totp_secret_sealed, DROP COLUMN totp_enabled_at, DROP COLUMN totp_last_step;
    DROP TABLE firm_settings;
    ALTER TABLE firms DROP COLUMN firm_type, DROP COLUMN city, DROP COLUMN state, DROP COLUMN zip, DROP COLUMN time_zone;
  `,
  );
}
