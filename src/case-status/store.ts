import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { CheckOutcome } from './types';

/** A check as the service records it. */
export type NewCheck = {
  firmId: string;
  caseId: string;
  receiptNumber: string;
  outcome: CheckOutcome;
  statusText: string | null;
  statusDescription: string | null;
  statusTextEs: string | null;
  statusDescriptionEs: string | null;
  formType: string | null;
  modifiedDate: string | null;
  changed: boolean;
};

const CHECK_COLUMNS = [
  'receipt_number',
  'checked_at',
  'outcome',
  'status_text',
  'status_description',
  'status_text_es',
  'status_description_es',
  'form_type',
  'modified_date',
  'changed',
] as const;

/** The case status's tables: the checks of receipt numbers, and the daily runs' claims. */
export function createCaseStatusStore(db: Kysely<DB>) {
  return {
    /**
     * Holds a receipt of a case until the transaction ends, so that two checks of it at once (a person's and
     * the daily run's) compare with each other's answer rather than both with the one before.
     */
    async lockReceipt(caseId: string, receiptNumber: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`case-status:${caseId}:${receiptNumber}`}))`.execute(
        db,
      );
    },

    async record(check: NewCheck): Promise<void> {
      await db
        .insertInto('case_status_checks')
        .values({
          firm_id: check.firmId,
          case_id: check.caseId,
          receipt_number: check.receiptNumber,
          outcome: check.outcome,
          status_text: check.statusText,
          status_description: check.statusDescription,
          status_text_es: check.statusTextEs,
          status_description_es: check.statusDescriptionEs,
          form_type: check.formType,
          modified_date: check.modifiedDate,
          changed: check.changed,
        })
        .execute();
    },

    /** The status text of the receipt's latest check that USCIS answered with a status. */
    async lastStatusText(caseId: string, receiptNumber: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('case_status_checks')
        .select('status_text')
        .where('case_id', '=', caseId)
        .where('receipt_number', '=', receiptNumber)
        .where('outcome', '=', 'ok')
        .orderBy('checked_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.status_text ?? undefined;
    },

    /** When each of the case's receipts was last checked. */
    async lastCheckedOf(caseId: string): Promise<Map<string, Date>> {
      const rows = await db
        .selectFrom('case_status_checks')
        .select(['receipt_number', (eb) => eb.fn.max('checked_at').as('at')])
        .where('case_id', '=', caseId)
        .groupBy('receipt_number')
        .execute();
      return new Map(rows.map((r) => [r.receipt_number, new Date(r.at)]));
    },

    /** The receipts (as "caseId receipt") of a firm's cases checked since an instant. */
    async checkedSince(firmId: string, since: Date): Promise<Set<string>> {
      const rows = await db
        .selectFrom('case_status_checks')
        .select(['case_id', 'receipt_number'])
        .distinct()
        .where('firm_id', '=', firmId)
        .where('checked_at', '>=', since)
        .execute();
      return new Set(rows.map((r) => `${r.case_id} ${r.receipt_number}`));
    },

    /** The latest `perReceipt` checks of each of the case's receipts, the newest first. */
    async historyOf(firmId: string, caseId: string, perReceipt: number) {
      return db
        .with('ranked', (w) =>
          w
            .selectFrom('case_status_checks')
            .select([
              ...CHECK_COLUMNS,
              sql<number>`row_number() OVER (PARTITION BY receipt_number ORDER BY checked_at DESC)`.as('n'),
            ])
            .where('firm_id', '=', firmId)
            .where('case_id', '=', caseId),
        )
        .selectFrom('ranked')
        .select(CHECK_COLUMNS)
        .where('n', '<=', perReceipt)
        .orderBy('receipt_number')
        .orderBy('checked_at', 'desc')
        .execute();
    },

    /** Claims a firm's daily run for a day: true only for the first claim of that day. */
    async claimRun(firmId: string, day: string): Promise<boolean> {
      const row = await db
        .insertInto('case_status_runs')
        .values({ firm_id: firmId, day })
        .onConflict((oc) => oc.doNothing())
        .returning('day')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type CheckRow = Awaited<ReturnType<ReturnType<typeof createCaseStatusStore>['historyOf']>>[number];
