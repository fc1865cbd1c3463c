import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * Dated tables platform staff add to the rules without a release: a year's poverty guidelines, a form's fee
 * from a date, a legal holiday. A table is never edited or deleted: a wrong one is withdrawn, with the
 * reason, and stays as the record of what the rules used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE rule_tables (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('poverty-guidelines', 'fee', 'holiday')),
      effective_from date NOT NULL,
      citation text NOT NULL,
      source_url text NOT NULL,
      data jsonb NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      withdrawn_at timestamptz,
      withdrawn_by uuid REFERENCES users (id) ON DELETE SET NULL,
      withdrawn_reason text,
      CHECK ((withdrawn_at IS NULL) = (withdrawn_reason IS NULL))
    );
    CREATE INDEX rule_tables_kind_idx ON rule_tables (kind, effective_from)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE rule_tables');
}
