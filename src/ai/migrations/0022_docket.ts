import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * The docket: each case's deadlines from every source (the case's due date, the notices read from its
 * documents, the rules over its facts, those entered by hand), each with an owner and a state. A deadline
 * the product derives is kept by its source key, so reading the sources again updates it rather than adding
 * another. "Missed" is not stored: an open deadline whose date passed reads as missed. Calendar feeds gain
 * a scope: a person's own deadlines, or the firm's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE deadlines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      source_key text NOT NULL,
      source_kind text NOT NULL CHECK (source_kind IN ('case', 'document', 'rule', 'manual')),
      document_id uuid REFERENCES documents (id) ON DELETE SET NULL,
      rule_id text,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      date date NOT NULL,
      unadjusted_date date,
      kind text NOT NULL CHECK (kind IN ('deadline', 'opens', 'expires', 'hearing')),
      explanation text,
      filing text,
      citation text,
      source_url text,
      received_by boolean NOT NULL DEFAULT false,
      owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'done', 'dismissed')),
      reason text CHECK (state = 'dismissed' OR reason IS NULL),
      closed_by uuid REFERENCES users (id) ON DELETE SET NULL,
      closed_at timestamptz,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (case_id, source_key)
    );
    CREATE INDEX deadlines_firm_date_idx ON deadlines (firm_id, date);
    CREATE INDEX deadlines_owner_idx ON deadlines (owner_id, date);

    ALTER TABLE calendar_feeds ADD COLUMN scope text NOT NULL DEFAULT 'firm' CHECK (scope IN ('mine', 'firm'));
    DROP INDEX calendar_feeds_live_idx;
    CREATE UNIQUE INDEX calendar_feeds_live_idx ON calendar_feeds (user_id, scope) WHERE revoked_at IS NULL
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `DELETE FROM calendar_feeds WHERE scope = 'mine';
    DROP INDEX calendar_feeds_live_idx;
    ALTER TABLE calendar_feeds DROP COLUMN scope;
    CREATE UNIQUE INDEX calendar_feeds_live_idx ON calendar_feeds (user_id) WHERE revoked_at IS NULL;
    DROP TABLE deadlines`,
  );
}
