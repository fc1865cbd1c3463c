import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * Questionnaires: a template sent to a party of a case (or filled with them in the office), its answers as
 * given (by question id), and once accepted, the answers as they were then, so that a later change shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE questionnaires (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      party_id uuid NOT NULL REFERENCES case_parties (id) ON DELETE CASCADE,
      template text NOT NULL,
      language text NOT NULL CHECK (language IN ('en', 'es')),
      status text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'sent', 'in-progress', 'submitted', 'accepted')),
      answers jsonb NOT NULL DEFAULT '{}',
      accepted_answers jsonb,
      note text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      sent_at timestamptz,
      submitted_at timestamptz,
      accepted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX questionnaires_case_idx ON questionnaires (case_id, created_at DESC);
    CREATE INDEX questionnaires_party_idx ON questionnaires (party_id);
    CREATE INDEX questionnaires_firm_status_idx ON questionnaires (firm_id, status, updated_at DESC);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE questionnaires;`);
}
