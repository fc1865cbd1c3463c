import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * Where a firm files each USCIS form: the addresses of the forms' "Where to file" pages (lockboxes), which
 * USCIS changes, each dated from the day it applies and for the filers it names. An address is never edited
 * or deleted: one that no longer applies, or was typed wrong, is withdrawn with the reason and stays listed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE filing_addresses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      form text NOT NULL CHECK (form ~ '^[A-Z]{1,2}-[0-9]{1,4}[A-Z]{0,3}$'),
      label text CHECK (length(label) BETWEEN 1 AND 200),
      address text NOT NULL CHECK (length(address) BETWEEN 1 AND 500),
      effective_from date NOT NULL,
      source_url text NOT NULL CHECK (source_url LIKE 'https://%'),
      added_by uuid REFERENCES users (id) ON DELETE SET NULL,
      added_at timestamptz NOT NULL DEFAULT now(),
      withdrawn_at timestamptz,
      withdrawn_by uuid REFERENCES users (id) ON DELETE SET NULL,
      withdrawn_reason text,
      CHECK ((withdrawn_at IS NULL) = (withdrawn_reason IS NULL))
    );
    CREATE INDEX filing_addresses_firm_form_idx ON filing_addresses (firm_id, form, effective_from)
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE filing_addresses');
}
