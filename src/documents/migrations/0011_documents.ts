import { type Kysely, sql } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * A firm's documents: the file's facts (its bytes live in document storage under storage_key, named by
 * ID), where it belongs (a case, and so its client), and its analysis. The extracted text is kept for the
 * search box, through one trigram index over the name and the text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // pg_trgm was created by 0008_cases, in public or wherever an earlier schema put it.
  const { rows } = await sql<{ schema: string }>`
    SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'pg_trgm'`.execute(
    db,
  );
  const trgm = `${rows[0].schema}.gin_trgm_ops`;
  await runStatements(
    db,
    `
    CREATE TABLE documents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      case_id uuid REFERENCES cases (id) ON DELETE SET NULL,
      client_id uuid REFERENCES clients (id) ON DELETE SET NULL,
      category text NOT NULL DEFAULT 'other'
        CHECK (category IN ('uscis-form', 'legal-brief', 'evidence', 'correspondence', 'other')),
      category_chosen boolean NOT NULL DEFAULT false,
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('pdf', 'doc', 'docx', 'jpeg', 'png')),
      size bigint NOT NULL CHECK (size > 0),
      sha256 text NOT NULL,
      storage_key text NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'done', 'failed')),
      doc_type text,
      confidence real,
      analysis jsonb,
      text_content text,
      error text,
      uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      search_text text GENERATED ALWAYS AS (lower(name || ' ' || left(coalesce(text_content, ''), 200000))) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      analyzed_at timestamptz
    );
    CREATE INDEX documents_created_idx ON documents (firm_id, created_at DESC, id DESC);
    CREATE INDEX documents_case_idx ON documents (case_id, sha256);
    CREATE INDEX documents_client_idx ON documents (client_id);
    CREATE INDEX documents_category_idx ON documents (firm_id, category);
    CREATE INDEX documents_type_idx ON documents (firm_id, doc_type);
    CREATE INDEX documents_status_idx ON documents (firm_id, status);
    CREATE INDEX documents_search_idx ON documents USING gin (search_text ${trgm});
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'DROP TABLE documents');
}
