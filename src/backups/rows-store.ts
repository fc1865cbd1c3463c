import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { TablePlan } from './tables';

/** A row as an archive holds it: PostgreSQL's own JSON of the row (to_jsonb), less its omitted columns. */
export type Row = Record<string, unknown>;

/** A page of a table's rows, with the key values of each (to ask for the next page). */
export type RowPage = { rows: Row[]; last: unknown[] | undefined };

const asJson = (values: unknown[]) => JSON.stringify(values);

/** The firm's rows of a table, as a WHERE condition over `t`. */
function scopeOf(plan: TablePlan, firmId: string): RawBuilder<unknown> {
  const { scope } = plan;
  if (scope.kind === 'firm') return sql`t.id = ${firmId}`;
  if (scope.kind === 'firm_id') return sql`t.firm_id = ${firmId}`;
  return sql`${sql.ref(`t.${scope.column}`)} IN (SELECT id FROM ${sql.table(scope.parent)} WHERE firm_id = ${firmId})`;
}

/**
 * Every table of a firm, read and written as rows: the one place outside the features' own stores that
 * touches their tables, since a backup is a copy of all of them (src/backups/tables.ts lists them). It
 * reads through PostgreSQL's to_jsonb and writes through jsonb_populate_recordset, so every column's
 * type (dates, bytes, arrays, JSON) goes to the archive and back exactly, on PGlite and PostgreSQL alike.
 */
export function createRowsStore(db: Kysely<DB>) {
  return {
    /** One page of the firm's rows of a table, in key order, after the key values `after`. */
    async page(
      plan: TablePlan,
      firmId: string,
      after: unknown[] | undefined,
      limit: number,
    ): Promise<RowPage> {
      const keys = plan.key.map((k) => sql.ref(`t.${k}`));
      const omitted = (plan.omit ?? []).map((column) => sql` - ${column}::text`);
      const afterKey = after ? sql`AND (${sql.join(keys)}) > (${sql.join(after)})` : sql``;
      // The page is cut first and only its rows are turned into JSON: with the JSON in the same query as
      // the sort, PostgreSQL may build it for every row of the firm, at every page.
      const { rows } = await sql<{ row: Row; key: unknown[] }>`
        SELECT to_jsonb(t)${sql.join(omitted, sql``)} AS row, jsonb_build_array(${sql.join(keys)}) AS key
        FROM (
          SELECT * FROM ${sql.table(plan.table)} t
          WHERE ${scopeOf(plan, firmId)} ${afterKey}
          ORDER BY ${sql.join(keys)}
          LIMIT ${limit}
        ) t
        ORDER BY ${sql.join(keys)}`.execute(db);
      return { rows: rows.map((r) => r.row), last: rows.at(-1)?.key };
    },

    /** How many rows of a table the firm has. */
    async count(plan: TablePlan, firmId: string): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ${sql.table(plan.table)} t WHERE ${scopeOf(plan, firmId)}`.execute(db);
      return Number(rows[0].n);
    },

    /** Writes rows as they are (their columns, in their order: identity columns number them so). */
    async insert(table: string, rows: Row[]): Promise<void> {
      if (rows.length === 0) return;
      const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
      await sql`
        INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))})
        SELECT ${sql.join(columns.map((c) => sql.ref(`r.${c}`)))}
        FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${asJson(rows)}::jsonb) WITH ORDINALITY AS r
        ORDER BY r.ordinality`.execute(db);
    },

    /** Of these sign-in names (lower case), the ones an account anywhere already has. */
    async takenLoginIds(loginIds: string[]): Promise<Set<string>> {
      if (loginIds.length === 0) return new Set();
      const { rows } = await sql<{ login: string }>`
        SELECT lower(login_id) AS login FROM users
        WHERE lower(login_id) IN (SELECT lower(value) FROM jsonb_array_elements_text(${asJson(loginIds)}::jsonb))`.execute(
        db,
      );
      return new Set(rows.map((r) => r.login));
    },

    /**
     * Removes the payments the cases' trigger wrote as restored cases went in: the archive holds the ledger
     * as it was, dates and all, and it is written next.
     */
    async removeTriggeredPayments(caseIds: string[]): Promise<void> {
      if (caseIds.length === 0) return;
      await sql`
        DELETE FROM case_payments
        WHERE case_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${asJson(caseIds)}::jsonb))`.execute(
        db,
      );
    },

    /** Removes the beneficiaries the cases' trigger named as restored cases went in (see removeTriggeredPayments). */
    async removeTriggeredBeneficiaries(caseIds: string[]): Promise<void> {
      if (caseIds.length === 0) return;
      await sql`
        DELETE FROM case_parties WHERE role = 'beneficiary'
          AND case_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${asJson(caseIds)}::jsonb))`.execute(
        db,
      );
    },

    async setFirmStatus(firmId: string, status: string): Promise<void> {
      await sql`UPDATE firms SET status = ${status} WHERE id = ${firmId}`.execute(db);
    },

    /** Removes a firm whose restore failed: its rows (by cascade) and its audit rows (which have no key). */
    async removeFirm(firmId: string): Promise<void> {
      await sql`DELETE FROM audit_log WHERE firm_id = ${firmId}`.execute(db);
      await sql`DELETE FROM firms WHERE id = ${firmId}`.execute(db);
    },

    /** The firm-scoped tables as the database knows them: a firm_id column, or a key to such a table. */
    async firmTables(): Promise<string[]> {
      const { rows } = await sql<{ table: string }>`
        WITH RECURSIVE scoped(name) AS (
          SELECT table_name::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND column_name = 'firm_id'
          UNION SELECT 'firms'
          UNION
          SELECT child.relname::text
          FROM pg_constraint c
          JOIN pg_class child ON child.oid = c.conrelid
          JOIN pg_class parent ON parent.oid = c.confrelid
          JOIN scoped ON scoped.name = parent.relname
          WHERE c.contype = 'f' AND child.relnamespace = current_schema()::regnamespace
        )
        SELECT name AS table FROM scoped ORDER BY name`.execute(db);
      return rows.map((r) => r.table);
    },
  };
}

export type RowsStore = ReturnType<typeof createRowsStore>;
