/**
 * The bulk SQL of Import Cases and Export Data: many rows per statement, and the export read in keyset
 * batches. The filters and the order are the list's own (store.ts); only the batching is here.
 */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { type CaseSortKey, STATUS_LABELS } from '../shared/cases';
import type { CaseImport } from './import';
import { type CaseOrder, type CaseRow, type CaseWhere, createCasesStore, SORT_COLUMNS } from './store';

/** Rows per INSERT: 1,000 cases are 13,000 parameters, well inside PostgreSQL's 65,535. */
export const INSERT_BATCH = 1000;
/** Values per IN (...) list. */
const LOOKUP_BATCH = 5000;

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A client's full name as the firm's clients are matched by it: "ana lopez". */
const FULL_NAME = sql<string>`lower(trim(first_name || ' ' || last_name))`;

/** The type each order's key has, so a cursor's text is compared as the key itself is ordered. */
const KEY_TYPES: Record<CaseSortKey, string> = {
  caseNumber: 'text',
  client: 'text',
  type: 'text',
  formType: 'text',
  status: 'text',
  dueDate: 'date',
  created: 'timestamptz',
  updated: 'timestamptz',
};

/** Where a batch of the export ended: its last row's order key (as text, exact) and ID. */
export type Cursor = { key: string | null; id: string };

/** A case to insert: what the file said, with its number and client. */
export type ImportedCase = CaseImport & { caseNumber: string; clientId: string };

export function createTransferStore(db: Kysely<DB>) {
  const cases = createCasesStore(db);

  /** The same key store.ts orders by (client names without case). */
  const keyOf = (order: CaseOrder) =>
    order.key === 'client' ? sql`lower(client_name)` : sql.ref(SORT_COLUMNS[order.key]);

  /** The rows after the cursor in this order; undated cases come last whichever way (NULLS LAST). */
  function after(order: CaseOrder, cursor: Cursor) {
    const key = keyOf(order);
    const beyond = sql.raw(order.descending ? '<' : '>');
    if (cursor.key === null) return sql<boolean>`(${key} IS NULL AND id ${beyond} ${cursor.id}::uuid)`;
    const value = sql`CAST(${cursor.key} AS ${sql.raw(KEY_TYPES[order.key])})`;
    return sql<boolean>`((${key}, id) ${beyond} (${value}, ${cursor.id}::uuid) OR ${key} IS NULL)`;
  }

  return {
    takeNumbers: cases.takeNumbers,

    /** The next `limit` cases of the filtered, ordered list after `cursor`, each with its order key. */
    exportBatch(
      where: CaseWhere,
      order: CaseOrder,
      cursor: Cursor | undefined,
      limit: number,
    ): Promise<Array<CaseRow & { sort_key: string | null }>> {
      let query = cases
        .ordered(where, order)
        .select(sql<string | null>`${keyOf(order)}::text`.as('sort_key'));
      if (cursor) query = query.where(after(order, cursor));
      return query.limit(limit).execute();
    },

    /** The case numbers that hold any of these receipt numbers in the firm, by receipt number. */
    async receiptHolders(firmId: string, receipts: string[]): Promise<Map<string, string>> {
      const holders = new Map<string, string>();
      for (const batch of chunks(receipts, LOOKUP_BATCH)) {
        const rows = await db
          .selectFrom('cases')
          .select(['receipt_number', 'case_number'])
          .where('firm_id', '=', firmId)
          .where('receipt_number', 'in', batch)
          .execute();
        for (const row of rows) holders.set(row.receipt_number!, row.case_number);
      }
      return holders;
    },

    /** The firm's clients of these full names ("ana lopez"), their IDs by name, the oldest first. */
    async clientsNamed(firmId: string, names: string[]): Promise<Map<string, string[]>> {
      const found = new Map<string, string[]>();
      for (const batch of chunks(names, LOOKUP_BATCH)) {
        const rows = await db
          .selectFrom('clients')
          .select(['id', FULL_NAME.as('name')])
          .where('firm_id', '=', firmId)
          .where(FULL_NAME, 'in', batch)
          .orderBy('created_at')
          .execute();
        for (const row of rows) found.set(row.name, [...(found.get(row.name) ?? []), row.id]);
      }
      return found;
    },

    /** New clients with nothing but their names; their IDs in the order given. */
    async insertClients(
      firmId: string,
      names: Array<{ firstName: string; lastName: string }>,
    ): Promise<string[]> {
      const ids: string[] = [];
      for (const batch of chunks(names, INSERT_BATCH)) {
        const rows = await db
          .insertInto('clients')
          .values(batch.map((n) => ({ firm_id: firmId, first_name: n.firstName, last_name: n.lastName })))
          .returning('id')
          .execute();
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    },

    /**
     * The cases, and for each one history row saying it was imported and by whom. Each row's times are
     * its own moment (clock_timestamp), so the newest-first list shows the file's last row first.
     */
    async insertCases(
      firmId: string,
      rows: ImportedCase[],
      actor: { id: string; name: string },
    ): Promise<void> {
      const added = await db
        .insertInto('cases')
        .values(
          rows.map((r) => ({
            firm_id: firmId,
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
            created_at: sql<Date>`clock_timestamp()`,
            updated_at: sql<Date>`clock_timestamp()`,
          })),
        )
        .returning(['id', 'status'])
        .execute();
      await db
        .insertInto('case_history')
        .values(
          added.map((c) => ({
            case_id: c.id,
            actor_user_id: actor.id,
            actor_name: actor.name,
            field: 'Imported',
            from_value: null,
            to_value: STATUS_LABELS[c.status],
          })),
        )
        .execute();
    },
  };
}

export type TransferStore = ReturnType<typeof createTransferStore>;
