import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * USCIS case status: every check of a case's receipt number against USCIS's Case Status API, kept as its
 * history (what USCIS answered, or why it answered no status), and the claim that makes each firm's daily
 * check run once a day whatever the number of app processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE case_status_checks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      receipt_number text NOT NULL CHECK (receipt_number ~ '^[A-Z]{3}[0-9]{10}$'),
      checked_at timestamptz NOT NULL DEFAULT now(),
      outcome text NOT NULL CHECK (outcome IN ('ok', 'not-found', 'invalid', 'rate-limited', 'unavailable')),
      status_text text,
      status_description text,
      status_text_es text,
      status_description_es text,
      form_type text,
      modified_date date,
      changed boolean NOT NULL DEFAULT false,
      CHECK ((outcome = 'ok') = (status_text IS NOT NULL)),
      CHECK (outcome = 'ok' OR NOT changed)
    );
    CREATE INDEX case_status_checks_receipt_idx
      ON case_status_checks (case_id, receipt_number, checked_at DESC);
    CREATE INDEX case_status_checks_firm_idx ON case_status_checks (firm_id, checked_at);

    CREATE TABLE case_status_runs (
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      day date NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (firm_id, day)
    )
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE case_status_runs; DROP TABLE case_status_checks');
}
