/**
 * The cases feature's figures for reports: aggregates over a firm's cases, clients, status history and
 * payments, in SQL so that 100,000 cases cost one pass each. A window is the instants [from, to) of the
 * period's days in the firm's time zone; `timeZone` turns timestamps into the firm's calendar days and months.
 */
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { type CaseStatus, type CaseType, type FormType, STATUS_LABELS } from '../shared/cases';

export type Window = { from: Date; to: Date; timeZone: string };
/** The last day of the window, as a calendar date: what "overdue at the end" compares due dates with. */
type Ended = Window & { lastDay: string };

export type CaseMetrics = {
  /** Open when the window ended: opened before it ended and not decided by then. */
  open: number;
  /** Decided (approved or rejected) within the window. */
  decided: number;
  approved: number;
  rejected: number;
  /** Opened within the window. */
  opened: number;
  medianDays: number | null;
  averageDays: number | null;
  /** Open when the window ended with a due date on or before its last day. */
  overdue: number;
  collectedCents: number;
};

export type CountRow<K extends string = string> = { key: K; count: number };
export type MonthStatusRow = { month: string; status: CaseStatus; count: number };
export type OverdueRow = {
  caseNumber: string;
  clientName: string;
  formType: FormType;
  assigneeId: string | null;
  dueDate: string;
};
export type AssigneeRow = {
  assigneeId: string;
  open: number;
  completed: number;
  /** Decided in the window with a due date. */
  dueDecided: number;
  /** Of those, decided on or before the due date (the firm's calendar day). */
  onTime: number;
};
export type MoneyByKey = {
  key: string;
  quotedCents: number;
  collectedCents: number;
  outstandingCents: number;
};
export type FilingRow = {
  caseId: string;
  caseType: CaseType;
  formType: FormType;
  processingSince: string | null;
};

const n = (value: unknown) => Number(value ?? 0);
const nullable = (value: unknown) => (value === null || value === undefined ? null : Number(value));
/** Days between two timestamps, as PostgreSQL counts them. */
const DAYS_TO_DECISION = sql`extract(epoch FROM (decided_at - created_at)) / 86400`;
/** Grouped by position (GROUP BY 1): the time zone is a parameter, so a repeated expression would not match. */
const monthOf = (column: string, timeZone: string) =>
  sql<string>`to_char(date_trunc('month', ${sql.ref(column)} AT TIME ZONE ${timeZone}), 'YYYY-MM-DD')`;

export function createCaseFigures(db: Kysely<DB>) {
  const cases = (firmId: string) => db.selectFrom('cases').where('firm_id', '=', firmId);
  const openedIn = (w: Window) => sql<boolean>`created_at >= ${w.from} AND created_at < ${w.to}`;
  const decidedIn = (w: Window) => sql<boolean>`decided_at >= ${w.from} AND decided_at < ${w.to}`;
  const openAtEnd = (w: Window) =>
    sql<boolean>`created_at < ${w.to} AND (decided_at IS NULL OR decided_at >= ${w.to})`;

  return {
    async metrics(firmId: string, w: Ended): Promise<CaseMetrics> {
      const row = await cases(firmId)
        .select([
          sql<string>`count(*) FILTER (WHERE ${openAtEnd(w)})`.as('open'),
          sql<string>`count(*) FILTER (WHERE ${openAtEnd(w)} AND due_date <= ${w.lastDay})`.as('overdue'),
          sql<string>`count(*) FILTER (WHERE ${openedIn(w)})`.as('opened'),
          sql<string>`count(*) FILTER (WHERE ${decidedIn(w)})`.as('decided'),
          sql<string>`count(*) FILTER (WHERE ${decidedIn(w)} AND status = 'approved')`.as('approved'),
          sql<string>`count(*) FILTER (WHERE ${decidedIn(w)} AND status = 'rejected')`.as('rejected'),
          sql<string>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${DAYS_TO_DECISION}) FILTER (WHERE ${decidedIn(w)})`.as(
            'median',
          ),
          sql<string>`avg(${DAYS_TO_DECISION}) FILTER (WHERE ${decidedIn(w)})`.as('average'),
        ])
        .executeTakeFirstOrThrow();
      const paid = await db
        .selectFrom('case_payments')
        .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('sum'))
        .where('firm_id', '=', firmId)
        .where('received_at', '>=', w.from)
        .where('received_at', '<', w.to)
        .executeTakeFirstOrThrow();
      return {
        open: n(row.open),
        overdue: n(row.overdue),
        opened: n(row.opened),
        decided: n(row.decided),
        approved: n(row.approved),
        rejected: n(row.rejected),
        medianDays: nullable(row.median),
        averageDays: nullable(row.average),
        collectedCents: n(paid.sum),
      };
    },

    /** Cases opened in the window, counted by a column. */
    async openedBy<K extends string>(
      firmId: string,
      w: Window,
      column: 'status' | 'case_type' | 'form_type',
    ) {
      const rows = await cases(firmId)
        .select([sql<K>`${sql.ref(column)}`.as('key'), sql<string>`count(*)`.as('count')])
        .where(openedIn(w))
        .groupBy(column)
        .execute();
      return rows.map((r) => ({ key: r.key, count: n(r.count) })) as CountRow<K>[];
    },

    /** Cases opened in the window, by the firm's month they opened in and the status they have now. */
    async openedByMonthAndStatus(firmId: string, w: Window): Promise<MonthStatusRow[]> {
      const month = monthOf('created_at', w.timeZone);
      const rows = await cases(firmId)
        .select([month.as('month'), 'status', sql<string>`count(*)`.as('count')])
        .where(openedIn(w))
        .groupBy([sql`1`, 'status'])
        .execute();
      return rows.map((r) => ({ month: r.month, status: r.status, count: n(r.count) }));
    },

    /** The open cases past due when the window ended, most overdue first, and how many there are in all. */
    async overdue(firmId: string, w: Ended, limit: number): Promise<{ rows: OverdueRow[]; total: number }> {
      const found = cases(firmId).where(openAtEnd(w)).where('due_date', '<=', w.lastDay);
      const [rows, total] = await Promise.all([
        found
          .select(['case_number', 'client_name', 'form_type', 'assignee_id', 'due_date'])
          .orderBy('due_date')
          .orderBy('case_number')
          .limit(limit)
          .execute(),
        found.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({
          caseNumber: r.case_number,
          clientName: r.client_name,
          formType: r.form_type,
          assigneeId: r.assignee_id,
          dueDate: r.due_date!,
        })),
        total: n(total.count),
      };
    },

    /** Per assignee: open at the end, decided in the window, and how many of those met their due dates. */
    async byAssignee(firmId: string, w: Ended): Promise<AssigneeRow[]> {
      const decidedDay = sql`(decided_at AT TIME ZONE ${w.timeZone})::date`;
      const rows = await cases(firmId)
        .select([
          'assignee_id',
          sql<string>`count(*) FILTER (WHERE ${openAtEnd(w)})`.as('open'),
          sql<string>`count(*) FILTER (WHERE ${decidedIn(w)})`.as('completed'),
          sql<string>`count(*) FILTER (WHERE ${decidedIn(w)} AND due_date IS NOT NULL)`.as('due_decided'),
          sql<string>`count(*) FILTER (WHERE ${decidedIn(w)} AND ${decidedDay} <= due_date)`.as('on_time'),
        ])
        .where('assignee_id', 'is not', null)
        .groupBy('assignee_id')
        .execute();
      return rows.map((r) => ({
        assigneeId: r.assignee_id!,
        open: n(r.open),
        completed: n(r.completed),
        dueDecided: n(r.due_decided),
        onTime: n(r.on_time),
      }));
    },

    /** Fees by the firm's month: quoted on cases opened that month, collected that month. */
    async feesByMonth(
      firmId: string,
      w: Window,
    ): Promise<Array<{ month: string; quotedCents: number; collectedCents: number }>> {
      const opened = monthOf('created_at', w.timeZone);
      const received = monthOf('received_at', w.timeZone);
      const [quoted, collected] = await Promise.all([
        cases(firmId)
          .select([opened.as('month'), sql<string>`coalesce(sum(legal_fee_cents), 0)`.as('sum')])
          .where(openedIn(w))
          .groupBy(sql`1`)
          .execute(),
        db
          .selectFrom('case_payments')
          .select([received.as('month'), sql<string>`sum(amount_cents)`.as('sum')])
          .where('firm_id', '=', firmId)
          .where('received_at', '>=', w.from)
          .where('received_at', '<', w.to)
          .groupBy(sql`1`)
          .execute(),
      ]);
      const months = new Map<string, { month: string; quotedCents: number; collectedCents: number }>();
      const at = (month: string) =>
        months.get(month) ?? months.set(month, { month, quotedCents: 0, collectedCents: 0 }).get(month)!;
      for (const r of quoted) at(r.month).quotedCents = n(r.sum);
      for (const r of collected) at(r.month).collectedCents = n(r.sum);
      return [...months.values()];
    },

    /**
     * Fees by case type: quoted on cases opened in the window, collected in the window, and outstanding when
     * it ended (each case opened by then: its fee less what was paid by then, never below zero).
     */
    async feesByType(firmId: string, w: Window): Promise<MoneyByKey[]> {
      const paidByEnd = db
        .selectFrom('case_payments')
        .select(['case_id', sql<string>`sum(amount_cents)`.as('paid')])
        .where('firm_id', '=', firmId)
        .where('received_at', '<', w.to)
        .groupBy('case_id')
        .as('paid');
      const paidIn = db
        .selectFrom('case_payments')
        .select(['case_id', sql<string>`sum(amount_cents)`.as('paid')])
        .where('firm_id', '=', firmId)
        .where('received_at', '>=', w.from)
        .where('received_at', '<', w.to)
        .groupBy('case_id')
        .as('paid_in');
      const rows = await db
        .selectFrom('cases')
        .leftJoin(paidByEnd, 'paid.case_id', 'cases.id')
        .leftJoin(paidIn, 'paid_in.case_id', 'cases.id')
        .select([
          'cases.case_type as key',
          sql<string>`coalesce(sum(cases.legal_fee_cents) FILTER (WHERE ${openedIn(w)}), 0)`.as('quoted'),
          sql<string>`coalesce(sum(paid_in.paid), 0)`.as('collected'),
          sql<string>`coalesce(sum(greatest(coalesce(cases.legal_fee_cents, 0) - coalesce(paid.paid, 0), 0)), 0)`.as(
            'outstanding',
          ),
        ])
        .where('cases.firm_id', '=', firmId)
        .where('cases.created_at', '<', w.to)
        .groupBy('cases.case_type')
        .execute();
      return rows.map((r) => ({
        key: r.key,
        quotedCents: n(r.quoted),
        collectedCents: n(r.collected),
        outstandingCents: n(r.outstanding),
      }));
    },

    /**
     * Every case that was under way by the window's end, with the firm's day it first moved to Processing
     * (what a filing date falls back to when the case's facts give none).
     */
    async filings(firmId: string, w: Window): Promise<FilingRow[]> {
      const since = db
        .selectFrom('case_history')
        .select([
          'case_id',
          sql<string>`to_char(min(created_at AT TIME ZONE ${w.timeZone}), 'YYYY-MM-DD')`.as('since'),
        ])
        .where('field', '=', 'Status')
        .where('to_value', '=', STATUS_LABELS.processing)
        .groupBy('case_id')
        .as('since');
      const rows = await db
        .selectFrom('cases')
        .leftJoin(since, 'since.case_id', 'cases.id')
        .select(['cases.id', 'cases.case_type', 'cases.form_type', 'since.since'])
        .where('cases.firm_id', '=', firmId)
        .where('cases.created_at', '<', w.to)
        .execute();
      return rows.map((r) => ({
        caseId: r.id,
        caseType: r.case_type,
        formType: r.form_type,
        processingSince: r.since ?? null,
      }));
    },

    /** The clients with a case opened in the window: country, the case types of all their cases, and whether they had one before. */
    async clientsServed(firmId: string, w: Window) {
      const rows = await db
        .selectFrom('clients')
        .innerJoin('cases', 'cases.client_id', 'clients.id')
        .select([
          'clients.id',
          'clients.country_of_citizenship as country',
          sql<CaseType[]>`array_agg(DISTINCT cases.case_type ORDER BY cases.case_type)`.as('types'),
          sql<boolean>`bool_or(cases.created_at < ${w.from})`.as('returning'),
          sql<boolean>`bool_or(cases.created_at >= ${w.from} AND cases.created_at < ${w.to})`.as('served'),
        ])
        .where('clients.firm_id', '=', firmId)
        .where('cases.created_at', '<', w.to)
        .groupBy('clients.id')
        .execute();
      return rows
        .filter((r) => r.served)
        .map((r) => ({ country: r.country, types: parseArray(r.types), returning: Boolean(r.returning) }));
    },

    /** New clients (their records created) by the firm's month. */
    async newClientsByMonth(firmId: string, w: Window): Promise<CountRow[]> {
      const month = monthOf('created_at', w.timeZone);
      const rows = await db
        .selectFrom('clients')
        .select([month.as('key'), sql<string>`count(*)`.as('count')])
        .where('firm_id', '=', firmId)
        .where('created_at', '>=', w.from)
        .where('created_at', '<', w.to)
        .groupBy(sql`1`)
        .execute();
      return rows.map((r) => ({ key: r.key, count: n(r.count) }));
    },
  };
}

/** PGlite and node-postgres both give text[] as an array, but an enum array may come as '{a,b}'. */
function parseArray(value: unknown): CaseType[] {
  if (Array.isArray(value)) return value as CaseType[];
  return String(value)
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean) as CaseType[];
}

export type CaseFigures = ReturnType<typeof createCaseFigures>;
