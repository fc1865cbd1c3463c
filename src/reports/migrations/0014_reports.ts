import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * Reports and the payments behind "fees collected".
 * - reports: each generated report of a firm (type, period, who asked), computed by a background job and
 *   kept, figures and all, as JSON, so a report reads the same later however the cases change.
 * - case_payments: a ledger of what each case's "amount paid" gained or lost, and when. A trigger writes it,
 *   so every path that changes amount_paid_cents (the case form, the API, Import Cases) is counted once.
 *   A case's first payment is dated when the case was opened; later changes when they are made.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('case-summary', 'user-performance', 'financial-summary', 'client-analysis')),
      range text NOT NULL CHECK (range IN ('last-week', 'last-month', 'last-quarter', 'last-year', 'custom')),
      period_start date NOT NULL,
      period_end date NOT NULL CHECK (period_end >= period_start),
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
      data jsonb,
      error text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX reports_recent_idx ON reports (firm_id, created_at DESC, id DESC);

    CREATE TABLE case_payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firm_id uuid NOT NULL REFERENCES firms (id) ON DELETE CASCADE,
      case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
      amount_cents bigint NOT NULL,
      received_at timestamptz NOT NULL
    );
    CREATE INDEX case_payments_period_idx ON case_payments (firm_id, received_at);
    CREATE INDEX case_payments_case_idx ON case_payments (case_id);

    INSERT INTO case_payments (firm_id, case_id, amount_cents, received_at)
      SELECT firm_id, id, amount_paid_cents, created_at FROM cases WHERE coalesce(amount_paid_cents, 0) <> 0;

    CREATE FUNCTION cases_record_payment() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE paid bigint := coalesce(NEW.amount_paid_cents, 0) - CASE WHEN TG_OP = 'UPDATE' THEN coalesce(OLD.amount_paid_cents, 0) ELSE 0 END; BEGIN IF paid <> 0 THEN INSERT INTO case_payments (firm_id, case_id, amount_cents, received_at) VALUES (NEW.firm_id, NEW.id, paid, CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END); END IF; RETURN NULL; END $$;
    CREATE TRIGGER cases_payment AFTER INSERT OR UPDATE OF amount_paid_cents ON cases
      FOR EACH ROW EXECUTE FUNCTION cases_record_payment();
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP FUNCTION cases_record_payment CASCADE;
    DROP TABLE case_payments;
    DROP TABLE reports;
  `,
  );
}
