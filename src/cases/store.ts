import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { CaseHistoryTable, CasesTable, ClientsTable, DB } from '../db/schema';
import { foldedName } from './people-store';
import {
  type CaseCounts,
  type CaseSortKey,
  type CaseStatus,
  OPEN_STATUSES,
  STATUS_FILTERS,
} from '../shared/cases';

export type CaseRow = Selectable<CasesTable>;
export type ClientRow = Selectable<ClientsTable>;
export type HistoryRow = Selectable<CaseHistoryTable>;
export type CaseValues = Omit<Updateable<CasesTable>, 'id' | 'firm_id' | 'case_number'>;
export type NewCaseRow = Omit<
  CaseRow,
  | 'id'
  | 'status'
  | 'search_text'
  | 'created_at'
  | 'updated_at'
  | 'client_name'
  | 'description'
  | 'decided_at'
  | 'decided_on'
> & {
  status?: CaseStatus;
  description: string;
  decided_at?: Date | null;
  decided_on?: string | null;
};
/** The columns the client forms and imports write; a person's other facts are the people feature's. */
type ClientColumn =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'phone'
  | 'date_of_birth'
  | 'country_of_citizenship'
  | 'a_number'
  | 'address';
export type NewClientRow = Pick<ClientRow, ClientColumn | 'firm_id'>;
export type ClientValues = Partial<Pick<ClientRow, ClientColumn>>;
export type NewHistoryRow = Omit<HistoryRow, 'id' | 'created_at' | 'seq'> & { created_at?: Date };

/** The list's filters as the store applies them: `assigneeId` null means unassigned cases. */
export type CaseWhere = {
  firmId: string;
  q?: string;
  statuses?: readonly CaseStatus[];
  type?: string;
  formType?: string;
  assigneeId?: string | null;
  dueBefore?: string;
  dueAfter?: string;
};

export type CaseOrder = { key: CaseSortKey; descending: boolean };

/** Text inside a LIKE pattern, lower case, its own %, _ and backslash taken literally. */
const literal = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** The column each sort orders by; every order ends on the ID so that pages never overlap. */
export const SORT_COLUMNS = {
  caseNumber: 'case_number',
  client: 'client_name',
  type: 'case_type',
  formType: 'form_type',
  status: 'status',
  dueDate: 'due_date',
  created: 'created_at',
  updated: 'updated_at',
} as const satisfies Record<CaseSortKey, keyof CaseRow>;

/** The first number of a firm's cases opened in a year ('RI-2026-0001'), and the form of every number. */
export const caseNumberOf = (year: number, sequence: number) =>
  `RI-${year}-${String(sequence).padStart(4, '0')}`;

/** Cases and their clients: the only place that queries the clients, cases, case_counters, case_history and case_payments tables. */
export function createCasesStore(db: Kysely<DB>) {
  /** A firm's cases matching the filters (the list, its total and the export read the same rows). */
  function matching(where: CaseWhere) {
    let found = db.selectFrom('cases').where('firm_id', '=', where.firmId);
    if (where.q) found = found.where('search_text', 'like', `%${literal(where.q)}%`);
    if (where.statuses) found = found.where('status', 'in', [...where.statuses]);
    if (where.type) found = found.where('case_type', '=', where.type as CaseRow['case_type']);
    if (where.formType) found = found.where('form_type', '=', where.formType as CaseRow['form_type']);
    if (where.assigneeId === null) found = found.where('assignee_id', 'is', null);
    else if (where.assigneeId) found = found.where('assignee_id', '=', where.assigneeId);
    if (where.dueBefore) found = found.where('due_date', '<=', where.dueBefore);
    if (where.dueAfter) found = found.where('due_date', '>=', where.dueAfter);
    return found;
  }

  /**
   * The rows in `order`, undated cases last whichever way; the ID breaks ties. NULLS LAST only on the one
   * column that can be null: on the others it would keep the planner from reading their indexes in order.
   */
  function ordered(where: CaseWhere, order: CaseOrder) {
    const direction = order.descending ? 'desc' : 'asc';
    const column = SORT_COLUMNS[order.key];
    const key = column === 'client_name' ? sql`lower(client_name)` : sql.ref(column);
    const nulls = column === 'due_date' ? ' NULLS LAST' : '';
    return matching(where)
      .selectAll()
      .orderBy(sql`${key} ${sql.raw(direction + nulls)}`)
      .orderBy('id', direction);
  }

  return {
    matching,
    ordered,

    /** A firm's open cases, the soonest due first, each with its client's date of birth. */
    openWithBirthDates(firmId: string) {
      return ordered({ firmId, statuses: OPEN_STATUSES }, { key: 'dueDate', descending: false })
        .select((eb) =>
          eb
            .selectFrom('clients')
            .select('clients.date_of_birth')
            .whereRef('clients.id', '=', 'cases.client_id')
            .as('client_date_of_birth'),
        )
        .execute();
    },

    page(where: CaseWhere, order: CaseOrder, offset: number, limit: number): Promise<CaseRow[]> {
      return ordered(where, order).offset(offset).limit(limit).execute();
    },

    async count(where: CaseWhere): Promise<number> {
      const row = await matching(where)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A firm's case counts by the administrator's filter words, and the open cases past their due date. */
    async counts(firmId: string, today: string, assigneeId?: string): Promise<CaseCounts> {
      const open = [...OPEN_STATUSES];
      const row = await matching({ firmId, assigneeId })
        .select([
          sql<number>`count(*)`.as('total'),
          sql<number>`count(*) FILTER (WHERE status = 'processing')`.as('active'),
          sql<number>`count(*) FILTER (WHERE status = 'pending')`.as('pending'),
          sql<number>`count(*) FILTER (WHERE status = 'on-hold')`.as('onHold'),
          sql<number>`count(*) FILTER (WHERE status IN ('approved', 'rejected'))`.as('completed'),
          sql<number>`count(*) FILTER (WHERE status IN (${sql.join(open)}) AND due_date < ${today})`.as(
            'overdue',
          ),
        ])
        .executeTakeFirstOrThrow();
      return {
        total: Number(row.total),
        active: Number(row.active),
        pending: Number(row.pending),
        onHold: Number(row.onHold),
        completed: Number(row.completed),
        overdue: Number(row.overdue),
      };
    },

    /** One person's open cases, those due within the week, those overdue, and those decided since `since`. */
    async statsOf(firmId: string, assigneeId: string, today: string, weekEnd: string, since: Date) {
      const open = sql.join([...OPEN_STATUSES]);
      const row = await matching({ firmId, assigneeId })
        .select([
          sql<number>`count(*) FILTER (WHERE status IN (${open}))`.as('open'),
          sql<number>`count(*) FILTER (WHERE status IN (${open}) AND due_date BETWEEN ${today} AND ${weekEnd})`.as(
            'dueSoon',
          ),
          sql<number>`count(*) FILTER (WHERE status IN (${open}) AND due_date < ${today})`.as('overdue'),
          sql<number>`count(*) FILTER (WHERE decided_at >= ${since})`.as('completedThisMonth'),
        ])
        .executeTakeFirstOrThrow();
      return {
        open: Number(row.open),
        dueSoon: Number(row.dueSoon),
        overdue: Number(row.overdue),
        completedThisMonth: Number(row.completedThisMonth),
      };
    },

    /**
     * A case with its history, newest first, in one statement (a case's page reads both): the history comes
     * back as JSON, its times as text, made Dates again here.
     */
    async findWithHistory(
      firmId: string,
      id: string,
    ): Promise<{ row: CaseRow; history: HistoryRow[] } | undefined> {
      const found = await db
        .selectFrom('cases')
        .selectAll('cases')
        .select((eb) =>
          jsonArrayFrom(
            eb
              .selectFrom('case_history')
              .selectAll('case_history')
              .whereRef('case_history.case_id', '=', 'cases.id')
              .orderBy('case_history.created_at', 'desc')
              .orderBy('case_history.seq', 'desc'),
          ).as('history'),
        )
        .where('cases.firm_id', '=', firmId)
        .where('cases.id', '=', id)
        .executeTakeFirst();
      if (!found) return undefined;
      const { history, ...row } = found;
      return {
        row: row as CaseRow,
        history: history.map((h) => ({ ...h, created_at: new Date(h.created_at) }) as HistoryRow),
      };
    },

    find(firmId: string, id: string): Promise<CaseRow | undefined> {
      return db
        .selectFrom('cases')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The case numbers and client names of some of a firm's cases and clients (another feature's rows). */
    async labels(firmId: string, caseIds: string[], clientIds: string[]) {
      const [cases, clients] = await Promise.all([
        caseIds.length
          ? db
              .selectFrom('cases')
              .select(['id', 'case_number'])
              .where('firm_id', '=', firmId)
              .where('id', 'in', caseIds)
              .execute()
          : [],
        clientIds.length
          ? db
              .selectFrom('clients')
              .select(['id', 'first_name', 'last_name'])
              .where('firm_id', '=', firmId)
              .where('id', 'in', clientIds)
              .execute()
          : [],
      ]);
      return { cases, clients };
    },

    /** The case, locked until the transaction ends: two changes of one case take turns. */
    findForUpdate(firmId: string, id: string): Promise<CaseRow | undefined> {
      return db
        .selectFrom('cases')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The case that holds a receipt number, other than `exceptId`. */
    holderOfReceipt(firmId: string, receipt: string, exceptId?: string) {
      let found = db
        .selectFrom('cases')
        .select(['id', 'case_number'])
        .where('firm_id', '=', firmId)
        .where('receipt_number', '=', receipt);
      if (exceptId) found = found.where('id', '<>', exceptId);
      return found.executeTakeFirst();
    },

    /**
     * Takes the next `n` numbers of a firm's year and answers the first. The counter row stays locked until
     * the transaction ends, so concurrent creations queue here and a rolled-back one gives its numbers back.
     */
    async takeNumbers(firmId: string, year: number, n: number): Promise<number> {
      const row = await db
        .insertInto('case_counters')
        .values({ firm_id: firmId, year, last: n })
        .onConflict((oc) =>
          oc.columns(['firm_id', 'year']).doUpdateSet({ last: sql`case_counters.last + ${n}` }),
        )
        .returning('last')
        .executeTakeFirstOrThrow();
      return row.last - n + 1;
    },

    insert(row: NewCaseRow & { firm_id: string; case_number: string }): Promise<CaseRow> {
      return db.insertInto('cases').values(row).returningAll().executeTakeFirstOrThrow();
    },

    update(id: string, values: CaseValues): Promise<CaseRow> {
      return db
        .updateTable('cases')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('cases').where('id', '=', id).execute();
    },

    /** Cases as they are (their dates and statuses given): the demo practice. Answers their IDs in order. */
    async insertMany(rows: Array<Insertable<CasesTable>>): Promise<string[]> {
      if (rows.length === 0) return [];
      return (await db.insertInto('cases').values(rows).returning('id').execute()).map((r) => r.id);
    },

    async insertClients(rows: NewClientRow[]): Promise<string[]> {
      if (rows.length === 0) return [];
      return (await db.insertInto('clients').values(rows).returning('id').execute()).map((r) => r.id);
    },

    /** Makes a year's counter say `last` numbers are taken (the demo practice's numbers were given). */
    async setCounter(firmId: string, year: number, last: number): Promise<void> {
      await db
        .insertInto('case_counters')
        .values({ firm_id: firmId, year, last })
        .onConflict((oc) => oc.columns(['firm_id', 'year']).doUpdateSet({ last }))
        .execute();
    },

    async hasClients(firmId: string): Promise<boolean> {
      return Boolean(
        await db.selectFrom('clients').select('id').where('firm_id', '=', firmId).limit(1).executeTakeFirst(),
      );
    },

    async addHistory(rows: NewHistoryRow[]): Promise<void> {
      if (rows.length) await db.insertInto('case_history').values(rows).execute();
    },

    /** Every case of a firm, by number: its backup. */
    allOfFirm(firmId: string): Promise<CaseRow[]> {
      return db
        .selectFrom('cases')
        .selectAll()
        .where('firm_id', '=', firmId)
        .orderBy('case_number')
        .execute();
    },

    /** Every history entry of a firm's cases, oldest first: its backup. */
    historyOfFirm(firmId: string): Promise<HistoryRow[]> {
      return db
        .selectFrom('case_history')
        .selectAll('case_history')
        .innerJoin('cases', 'cases.id', 'case_history.case_id')
        .where('cases.firm_id', '=', firmId)
        .orderBy('case_history.created_at')
        .orderBy('case_history.seq')
        .execute();
    },

    /** The firm's payments ledger (written by a trigger on cases' amount paid), oldest first. */
    paymentsOfFirm(firmId: string) {
      return db
        .selectFrom('case_payments')
        .select(['case_id', 'amount_cents', 'received_at'])
        .where('firm_id', '=', firmId)
        .orderBy('received_at')
        .orderBy('id')
        .execute();
    },

    clientsOfFirm(firmId: string): Promise<ClientRow[]> {
      return db
        .selectFrom('clients')
        .selectAll()
        .where('firm_id', '=', firmId)
        .orderBy(sql`lower(last_name || ' ' || first_name)`)
        .orderBy('id')
        .execute();
    },

    // ---- Clients ----

    clientsMatching(firmId: string, q: string) {
      let found = db.selectFrom('clients').where('firm_id', '=', firmId);
      if (q) {
        const pattern = `%${literal(q)}%`;
        found = found.where((eb) =>
          eb.or([
            eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern),
            eb(sql`lower(coalesce(email, ''))`, 'like', pattern),
            eb(sql`lower(coalesce(a_number, ''))`, 'like', pattern),
          ]),
        );
      }
      return found;
    },

    /** A page of clients by name, each with its number of cases. */
    clientsPage(firmId: string, q: string, offset: number, limit: number) {
      return this.clientsMatching(firmId, q)
        .selectAll('clients')
        .select((eb) =>
          eb
            .selectFrom('cases')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('cases.client_id', '=', 'clients.id')
            .as('case_count'),
        )
        .orderBy(sql`lower(last_name || ' ' || first_name)`)
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async clientsCount(firmId: string, q: string): Promise<number> {
      const row = await this.clientsMatching(firmId, q)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The client, locked until the transaction ends: a case being opened for them waits, or sees them gone. */
    findClientForUpdate(firmId: string, id: string): Promise<ClientRow | undefined> {
      return db
        .selectFrom('clients')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** A client of the firm with how many cases they have, in one statement. */
    async findClientCounted(
      firmId: string,
      id: string,
    ): Promise<{ row: ClientRow; caseCount: number } | undefined> {
      const found = await db
        .selectFrom('clients')
        .selectAll('clients')
        .select((eb) =>
          eb
            .selectFrom('cases')
            .select((c) => c.fn.countAll<number>().as('n'))
            .whereRef('cases.client_id', '=', 'clients.id')
            .as('case_count'),
        )
        .where('clients.firm_id', '=', firmId)
        .where('clients.id', '=', id)
        .executeTakeFirst();
      if (!found) return undefined;
      const { case_count, ...row } = found;
      return { row: row as ClientRow, caseCount: Number(case_count ?? 0) };
    },

    findClient(firmId: string, id: string): Promise<ClientRow | undefined> {
      return db
        .selectFrom('clients')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The firm's people of this full name, accents and case folded (three at most: enough to tell). */
    clientsNamed(firmId: string, name: string): Promise<ClientRow[]> {
      return db
        .selectFrom('clients')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where(sql`btrim(given_key || ' ' || family_key)`, '=', foldedName(name))
        .orderBy('created_at')
        .limit(3)
        .execute();
    },

    async caseCountOf(clientId: string): Promise<number> {
      const row = await db
        .selectFrom('cases')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    casesOfClient(firmId: string, clientId: string): Promise<CaseRow[]> {
      return db
        .selectFrom('cases')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('client_id', '=', clientId)
        .orderBy('created_at', 'desc')
        .execute();
    },

    insertClient(row: NewClientRow): Promise<ClientRow> {
      return db.insertInto('clients').values(row).returningAll().executeTakeFirstOrThrow();
    },

    updateClient(id: string, values: Updateable<ClientsTable>): Promise<ClientRow> {
      return db
        .updateTable('clients')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async removeClient(id: string): Promise<void> {
      await db.deleteFrom('clients').where('id', '=', id).execute();
    },

    /** The firm's client with this A-number, other than `exceptId`. */
    holderOfANumber(firmId: string, aNumber: string, exceptId?: string) {
      let found = db
        .selectFrom('clients')
        .select(['id', 'first_name', 'last_name'])
        .where('firm_id', '=', firmId)
        .where('a_number', '=', aNumber);
      if (exceptId) found = found.where('id', '<>', exceptId);
      return found.executeTakeFirst();
    },
  };
}

export type CasesStore = ReturnType<typeof createCasesStore>;

/** The statuses a `status` filter word names. */
export const statusesOf = (filter: string | undefined) => (filter ? STATUS_FILTERS[filter] : undefined);
