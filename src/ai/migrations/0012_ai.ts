import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * The AI tools: each use of a tool (the administrator's "AI tools used" card counts them), the facts a
 * person entered for a case (what the rules read beside the case's fields and documents), each person's
 * calendar feed (only the SHA-256 of its secret token is kept), and the deadline reminders already sent
 * and the days whose reminder run was queued, so that each is done once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE ai_usage (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      tool text NOT NULL
        CHECK (tool IN ('document-analysis', 'brief-generator', 'compliance-checker', 'deadline-tracker')),
      case_id uuid REFERENCES cases (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ai_usage_firm_idx ON ai_usage (firm_id, created_at DESC);
    CREATE INDEX ai_usage_case_idx ON ai_usage (case_id);

    CREATE TABLE case_facts (
      case_id uuid PRIMARY KEY REFERENCES cases (id) ON DELETE CASCADE,
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      facts jsonb NOT NULL DEFAULT '{}'::jsonb,
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX case_facts_firm_idx ON case_facts (firm_id);

    CREATE TABLE calendar_feeds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    );
    CREATE UNIQUE INDEX calendar_feeds_live_idx ON calendar_feeds (user_id) WHERE revoked_at IS NULL;

    CREATE TABLE deadline_reminders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      deadline_id text NOT NULL,
      deadline_date date NOT NULL,
      days_before integer NOT NULL CHECK (days_before IN (14, 7, 1)),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, case_id, deadline_id, deadline_date, days_before)
    );
    CREATE INDEX deadline_reminders_case_idx ON deadline_reminders (case_id);

    CREATE TABLE reminder_runs (
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      day date NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (firm_id, day)
    )
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    'DROP TABLE reminder_runs; DROP TABLE deadline_reminders; DROP TABLE calendar_feeds; DROP TABLE case_facts; DROP TABLE ai_usage',
  );
}
