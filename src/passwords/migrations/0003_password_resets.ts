import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * Password reset links: only the SHA-256 of each token is kept, so the table cannot be used to sign in.
 * A link works once (used_at) and for one hour (expires_at); a reset spends the user's other links too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE password_resets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_resets_open_idx ON password_resets (user_id, created_at) WHERE used_at IS NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE password_resets;');
}
