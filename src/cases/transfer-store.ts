/**
 * The bulk SQL of Import Cases and Export Data: many rows per statement, and the export read in keyset
 * batches. The filters and the order are the list's own (store.ts); only the batching is here.
 */
import { folded } from './people-store';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { type CaseSortKey, type CaseStatus, personName, STATUS_LABELS } from '../shared/cases';
import type { CaseImport } from './import';
import {
  type CaseOrder,
  type CaseRow,
  type CaseWhere,
  createCasesStore,
  type NewHistoryRow,
  SORT_COLUMNS,
} from './store';

/** Values per lookup (one array parameter each): each lookup stays a short statement. */
const LOOKUP_BATCH = 5000;
/** Rows per statement when many are added, changed or taken back. */
const WRITE_BATCH = 1000;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A client's full name as the firm's clients are matched by it: "ana lopez". */
const FULL_NAME = sql<string>`lower(trim(first_name || ' ' || last_name))`;

/**
 * Each order's key: its type (so a cursor's text compares as the key orders) and whether it can be empty.
 * Only a due date can: the list puts undated cases last whichever way. The other keys are never null, so
 * their order leaves NULLS LAST out and matches their indexes, and each batch is an index range.
 */
const KEYS: Record<CaseSortKey, { type: string; nullable?: true }> = {
  caseNumber: { type: 'text' },
  client: { type: 'text' },
  type: { type: 'text' },
  formType: { type: 'text' },
  status: { type: 'text' },
  dueDate: { type: 'date', nullable: true },
  created: { type: 'timestamptz' },
  updated: { type: 'timestamptz' },
};

/** What the export writes of each case (not the search text, which repeats the rest). */
const EXPORTED = [
  'id',
  'case_number',
  'client_name',
  'case_type',
  'form_type',
  'status',
  'assignee_id',
  'due_date',
  'description',
  'receipt_number',
  'priority_date',
  'legal_fee_cents',
  'amount_paid_cents',
  'created_at',
] as const;
export type ExportedRow = Pick<CaseRow, (typeof EXPORTED)[number]>;

/** Where a batch of the export ended: its last row's order key (as text, exact) and ID. */
export type Cursor = { key: string | null; id: string };

/** A case to insert: what the file said, with its number and client. */
export type ImportedCase = Omit<CaseImport, 'status'> & {
  caseNumber: string;
  clientId: string;
  status: CaseStatus;
};

/** The facts an import may change on a case. */
export type ImportedValues = Pick<
  CaseRow,
  | 'client_id'
  | 'case_type'
  | 'form_type'
  | 'status'
  | 'assignee_id'
  | 'due_date'
  | 'description'
  | 'receipt_number'
  | 'priority_date'
  | 'legal_fee_cents'
  | 'amount_paid_cents'
>;

/** What the firm has of a case a file names by its number. */
export type NumberedCase = Pick<CaseRow, 'id' | 'status' | 'client_name'>;

/** JSON for jsonb_to_recordset: one parameter for any number of rows. */
const recordset = (rows: unknown[]) => JSON.stringify(rows);
const CASE_COLUMNS = sql.raw(`client_id uuid, case_type text, form_type text, status text, assignee_id uuid,
  due_date date, description text, receipt_number text, priority_date date, legal_fee_cents bigint,
  amount_paid_cents bigint`);

export function createTransferStore(db: Kysely<DB>) {
  const cases = createCasesStore(db);

  /** The key store.ts orders the list by (client names without case). */
  const keyOf = (order: CaseOrder) =>
    order.key === 'client' ? sql`lower(client_name)` : sql.ref(SORT_COLUMNS[order.key]);

  /**
   * One stretch of the list's order, after the cursor: the cases that have the key, or (for a due date)
   * those that have none, which come after them whichever way. Each stretch is one index range.
   */
  function stretch(where: CaseWhere, order: CaseOrder, keyed: boolean, cursor: Cursor | undefined) {
    const key = keyOf(order);
    const direction = order.descending ? 'desc' : 'asc';
    const beyond = sql.raw(order.descending ? '<' : '>');
    let query = cases
      .matching(where)
      .select(EXPORTED)
      .select(sql<string | null>`${key}::text`.as('sort_key'));
    if (!keyed) {
      query = query.where(sql<boolean>`${key} IS NULL`);
      if (cursor) query = query.where(sql<boolean>`id ${beyond} ${cursor.id}::uuid`);
      return query.orderBy('id', direction);
    }
    if (KEYS[order.key].nullable) query = query.where(sql<boolean>`${key} IS NOT NULL`);
    if (cursor) {
      const value = sql`CAST(${cursor.key} AS ${sql.raw(KEYS[order.key].type)})`;
      query = query.where(sql<boolean>`(${key}, id) ${beyond} (${value}, ${cursor.id}::uuid)`);
    }
    return query.orderBy(sql`${key} ${sql.raw(direction)}`).orderBy('id', direction);
  }

  return {
    takeNumbers: cases.takeNumbers,

    /** The next `limit` cases of the filtered, ordered list after `cursor`, each with its order key. */
    async exportBatch(where: CaseWhere, order: CaseOrder, cursor: Cursor | undefined, limit: number) {
      // A cursor without a key is among the undated cases already.
      const pastKeyed = cursor !== undefined && cursor.key === null;
      const keyed = pastKeyed ? [] : await stretch(where, order, true, cursor).limit(limit).execute();
      if (keyed.length === limit || !KEYS[order.key].nullable) return keyed;
      const rest = stretch(where, order, false, pastKeyed ? cursor : undefined);
      return [...keyed, ...(await rest.limit(limit - keyed.length).execute())];
    },

    /**
     * Fresh planner statistics and visibility map after many rows came at once (PGlite runs no autovacuum):
     * the list's counts then read the indexes alone. A table at a time, outside any transaction, as VACUUM
     * must be.
     */
    async vacuum(): Promise<void> {
      for (const table of ['clients', 'cases', 'case_history'])
        await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
    },

    /** The cases that hold any of these receipt numbers in the firm, by receipt number. */
    async receiptHolders(firmId: string, receipts: string[]) {
      const holders = new Map<string, { id: string; caseNumber: string }>();
      for (const batch of chunks(receipts, LOOKUP_BATCH)) {
        const rows = await db
          .selectFrom('cases')
          .select(['id', 'receipt_number', 'case_number'])
          .where('firm_id', '=', firmId)
          .where('receipt_number', '=', sql<string>`ANY(${batch}::text[])`)
          .execute();
        for (const row of rows) holders.set(row.receipt_number!, { id: row.id, caseNumber: row.case_number });
      }
      return holders;
    },

    /** The firm's cases of these numbers, by number. */
    async casesNumbered(firmId: string, numbers: string[]): Promise<Map<string, NumberedCase>> {
      const found = new Map<string, NumberedCase>();
      for (const batch of chunks(numbers, LOOKUP_BATCH)) {
        const rows = await db
          .selectFrom('cases')
          .select(['id', 'case_number', 'status', 'client_name'])
          .where('firm_id', '=', firmId)
          .where('case_number', '=', sql<string>`ANY(${batch}::text[])`)
          .execute();
        for (const { case_number, ...row } of rows) found.set(case_number, row);
      }
      return found;
    },

    /** The case numbers of these clients' cases without a receipt number, by "client ID|form". */
    async withoutReceiptOf(firmId: string, clientIds: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (const batch of chunks(clientIds, LOOKUP_BATCH)) {
        const rows = await db
          .selectFrom('cases')
          .select(['client_id', 'form_type', 'case_number'])
          .where('firm_id', '=', firmId)
          .where('client_id', '=', sql<string>`ANY(${batch}::uuid[])`)
          .where('receipt_number', 'is', null)
          .orderBy('case_number')
          .execute();
        for (const row of rows)
          if (!found.has(`${row.client_id}|${row.form_type}`))
            found.set(`${row.client_id}|${row.form_type}`, row.case_number);
      }
      return found;
    },

    /** The firm's clients of these full names ("ana lopez"), their IDs by name, the oldest first. */
    async clientsNamed(firmId: string, names: string[]): Promise<Map<string, string[]>> {
      const found = new Map<string, string[]>();
      for (const batch of chunks(names, LOOKUP_BATCH)) {
        const rows = await db
          .selectFrom('clients')
          .select(['id', FULL_NAME.as('name')])
          .where('firm_id', '=', firmId)
          .where(FULL_NAME, '=', sql<string>`ANY(${batch}::text[])`)
          .orderBy('created_at')
          .execute();
        for (const row of rows) found.set(row.name, [...(found.get(row.name) ?? []), row.id]);
      }
      return found;
    },

    /**
     * Of these full names ("maria garcia") that name no client exactly, those whose accents and case folded
     * name someone of the firm: that person's name as their record writes it, by the name asked.
     */
    async clientsAlike(firmId: string, names: string[]): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      for (const batch of chunks(names, LOOKUP_BATCH)) {
        const { rows } = await sql<{ asked: string; first_name: string; last_name: string }>`
          SELECT n.asked, c.first_name, c.last_name
          FROM unnest(${batch}::text[]) AS n(asked)
          JOIN clients c ON c.firm_id = ${firmId} AND btrim(c.given_key || ' ' || c.family_key) = ${folded(sql.ref('n.asked'))}
          ORDER BY c.created_at`.execute(db);
        for (const row of rows)
          if (!found.has(row.asked)) found.set(row.asked, personName(row.first_name, row.last_name));
      }
      return found;
    },

    /** New clients with nothing but their names, in one statement; their IDs by full name ("ana lopez"). */
    async insertClients(
      firmId: string,
      names: Array<{ firstName: string; lastName: string }>,
    ): Promise<Map<string, string>> {
      const { rows } = await sql<{ id: string; first_name: string; last_name: string }>`
        INSERT INTO clients (firm_id, first_name, last_name)
        SELECT ${firmId}::uuid, "firstName", "lastName"
        FROM jsonb_to_recordset(${recordset(names)}::jsonb) AS r("firstName" text, "lastName" text)
        RETURNING id, first_name, last_name`.execute(db);
      return new Map(rows.map((row) => [personName(row.first_name, row.last_name).toLowerCase(), row.id]));
    },

    /** The firm's cases of these IDs, locked until the transaction ends. */
    lockCases(firmId: string, ids: string[]): Promise<CaseRow[]> {
      return db
        .selectFrom('cases')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('id', '=', sql<string>`ANY(${ids}::uuid[])`)
        .forUpdate()
        .execute();
    },

    /**
     * Sets each case's facts, in one statement; a status that moves to approved or rejected is decided now,
     * one that moves elsewhere is undecided. Answers the cases as they are now.
     */
    async updateCases(firmId: string, rows: Array<ImportedValues & { id: string }>): Promise<CaseRow[]> {
      const { rows: updated } = await sql<CaseRow>`
        UPDATE cases SET client_id = r.client_id, case_type = r.case_type, form_type = r.form_type,
          status = r.status, assignee_id = r.assignee_id, due_date = r.due_date, description = r.description,
          receipt_number = r.receipt_number, priority_date = r.priority_date, legal_fee_cents = r.legal_fee_cents,
          amount_paid_cents = r.amount_paid_cents, updated_at = clock_timestamp(),
          decided_at = CASE WHEN r.status = cases.status THEN cases.decided_at
            WHEN r.status IN ('approved', 'rejected') THEN now() END
        FROM jsonb_to_recordset(${recordset(rows)}::jsonb) AS r(id uuid, ${CASE_COLUMNS})
        WHERE cases.firm_id = ${firmId} AND cases.id = r.id
        RETURNING cases.*`.execute(db);
      return updated;
    },

    /** Puts cases back as they were (their rows from before a change). */
    async restoreCases(rows: CaseRow[]): Promise<void> {
      for (const batch of chunks(rows, WRITE_BATCH))
        await sql`
          UPDATE cases SET client_id = r.client_id, case_type = r.case_type, form_type = r.form_type,
            status = r.status, assignee_id = r.assignee_id, due_date = r.due_date, description = r.description,
            receipt_number = r.receipt_number, priority_date = r.priority_date,
            legal_fee_cents = r.legal_fee_cents, amount_paid_cents = r.amount_paid_cents,
            decided_at = r.decided_at, updated_at = r.updated_at
          FROM jsonb_to_recordset(${recordset(batch)}::jsonb)
            AS r(id uuid, ${CASE_COLUMNS}, decided_at timestamptz, updated_at timestamptz)
          WHERE cases.id = r.id`.execute(db);
    },

    /** History rows, in one statement; their IDs. */
    async addHistory(rows: NewHistoryRow[]): Promise<string[]> {
      if (rows.length === 0) return [];
      const { rows: added } = await sql<{ id: string }>`
        INSERT INTO case_history (case_id, actor_user_id, actor_name, field, from_value, to_value)
        SELECT case_id, actor_user_id, actor_name, field, from_value, to_value
        FROM jsonb_to_recordset(${recordset(rows)}::jsonb) AS r(case_id uuid, actor_user_id uuid,
          actor_name text, field text, from_value text, to_value text)
        RETURNING id`.execute(db);
      return added.map((r) => r.id);
    },

    /** Takes back rows an import added: history rows, cases (with theirs), then clients. */
    async removeAdded(table: 'case_history' | 'cases' | 'clients', ids: string[]): Promise<void> {
      for (const batch of chunks(ids, LOOKUP_BATCH))
        await db
          .deleteFrom(table)
          .where('id', '=', sql<string>`ANY(${batch}::uuid[])`)
          .execute();
    },

    /**
     * The cases, each with one history row saying who imported it, in one statement. The rows travel as
     * one JSON parameter, not 13 parameters each: on PGlite that binding is most of an INSERT's cost.
     * Each row's times are its own moment (clock_timestamp), so the newest-first list shows the file's
     * last row first.
     */
    async insertCases(
      firmId: string,
      rows: ImportedCase[],
      actor: { id: string; name: string },
    ): Promise<string[]> {
      const values = rows.map((r) => ({
        case_number: r.caseNumber,
        client_id: r.clientId,
        case_type: r.caseType,
        form_type: r.formType,
        status: r.status,
        assignee_id: r.assigneeId,
        due_date: r.dueDate,
        description: r.description,
        receipt_number: r.receiptNumber,
        priority_date: r.priorityDate,
        legal_fee_cents: r.legalFeeCents,
        amount_paid_cents: r.amountPaidCents,
      }));
      const { rows: added } = await sql<{ id: string }>`
        WITH added AS (
          INSERT INTO cases (firm_id, case_number, client_id, case_type, form_type, status, assignee_id, due_date,
            description, receipt_number, priority_date, legal_fee_cents, amount_paid_cents, created_at, updated_at)
          SELECT ${firmId}::uuid, case_number, client_id, case_type, form_type, status, assignee_id, due_date,
            description, receipt_number, priority_date, legal_fee_cents, amount_paid_cents,
            clock_timestamp(), clock_timestamp()
          FROM jsonb_to_recordset(${recordset(values)}::jsonb) AS r(case_number text, client_id uuid,
            case_type text, form_type text, status text, assignee_id uuid, due_date date, description text,
            receipt_number text, priority_date date, legal_fee_cents bigint, amount_paid_cents bigint)
          RETURNING id, status
        )
        INSERT INTO case_history (case_id, actor_user_id, actor_name, field, to_value)
        SELECT id, ${actor.id}::uuid, ${actor.name}, 'Imported', ${JSON.stringify(STATUS_LABELS)}::jsonb ->> status
        FROM added
        RETURNING case_id AS id`.execute(db);
      return added.map((r) => r.id);
    },
  };
}

export type TransferStore = ReturnType<typeof createTransferStore>;
