import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * Forms: each packet generated (who, when, for which case, which forms, whether a draft, and the document
 * that holds it), and the official editions a firm uploads to be filled instead of the generated pages
 * (their bytes live in document storage, named by the edition's ID).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE generated_forms (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      case_id uuid REFERENCES cases (id) ON DELETE SET NULL,
      generated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      forms text[] NOT NULL,
      draft boolean NOT NULL,
      document_id uuid REFERENCES documents (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX generated_forms_case_idx ON generated_forms (firm_id, case_id, created_at DESC);
    CREATE TABLE form_editions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      form_code text NOT NULL,
      edition_date date NOT NULL,
      file_name text NOT NULL,
      storage_key text NOT NULL,
      field_names text[] NOT NULL,
      uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX form_editions_form_idx ON form_editions (firm_id, form_code, edition_date DESC, created_at DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE form_editions; DROP TABLE generated_forms');
}
