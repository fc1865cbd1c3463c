import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * Restores of firm backups: platform staff upload a sealed archive, a background job restores it into a new
 * firm, and the firm's administrator checks and confirms it. The row keeps only what staff may see (the
 * firm made, counts, status) and the check the administrator reads (counts and files, never contents).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE restores (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'running', 'restored', 'confirmed', 'failed')),
      firm_id uuid REFERENCES firms (id) ON DELETE SET NULL,
      file_key text,
      size_bytes bigint NOT NULL,
      backup_made_at timestamptz,
      verification jsonb,
      error text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      confirmed_by uuid REFERENCES users (id) ON DELETE SET NULL,
      confirmed_at timestamptz
    );
    CREATE INDEX restores_created_idx ON restores (created_at DESC, id DESC);
    CREATE INDEX restores_firm_idx ON restores (firm_id, created_at DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE restores');
}
