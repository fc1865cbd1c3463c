import type { Kysely } from 'kysely';
import { runStatements } from '../../db/statements';

/**
 * The case list's orders that 0008's indexes cannot read in order, found with EXPLAIN ANALYZE at 100,000
 * cases in one firm (scripts/bench/cases.ts): by type and by status (then by ID, as every order ends) each
 * sorted a quarter of the firm's cases before the first page, and by due date latest first (undated cases
 * still last) sorted all of them. Form types are many and small enough to sort within each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX cases_type_order_idx ON cases (firm_id, case_type, id);
    CREATE INDEX cases_status_order_idx ON cases (firm_id, status, id);
    CREATE INDEX cases_due_latest_idx ON cases (firm_id, due_date DESC NULLS LAST, id DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX cases_due_latest_idx;
    DROP INDEX cases_status_order_idx;
    DROP INDEX cases_type_order_idx;
  `,
  );
}
