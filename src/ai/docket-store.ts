import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, DeadlinesTable } from '../db/schema';
import type { DeadlineKind, DeadlineSourceKind } from '../shared/ai';

export type DeadlineRow = Selectable<DeadlinesTable>;

/** A deadline as its source gives it now, before it is kept. */
export type DerivedDeadline = {
  caseId: string;
  sourceKey: string;
  sourceKind: Exclude<DeadlineSourceKind, 'manual'>;
  documentId: string | null;
  ruleId: string | null;
  title: string;
  date: string;
  unadjustedDate: string | null;
  kind: DeadlineKind;
  explanation: string | null;
  filing: string | null;
  citation: string | null;
  sourceUrl: string | null;
  receivedBy: boolean;
  ownerId: string | null;
};

/** The fields a derived deadline's source decides (its state, reason and owner's choice are the firm's). */
const derivedColumns = (d: DerivedDeadline) => ({
  source_kind: d.sourceKind,
  document_id: d.documentId,
  rule_id: d.ruleId,
  title: d.title,
  date: d.date,
  unadjusted_date: d.unadjustedDate,
  kind: d.kind,
  explanation: d.explanation,
  filing: d.filing,
  citation: d.citation,
  source_url: d.sourceUrl,
  received_by: d.receivedBy,
  owner_id: d.ownerId,
});

const sameDerived = (row: DeadlineRow, d: DerivedDeadline) =>
  Object.entries(derivedColumns(d)).every(
    ([column, value]) => (row[column as keyof DeadlineRow] ?? null) === value,
  );

/** The docket's table: the only place that reads or writes `deadlines`. */
export function createDocketStore(db: Kysely<DB>) {
  return {
    /** The docket's rows of some cases of a firm (every state). */
    async rowsOfCases(firmId: string, caseIds: string[]): Promise<DeadlineRow[]> {
      if (caseIds.length === 0) return [];
      return db
        .selectFrom('deadlines')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('case_id', '=', sql<string>`ANY(${caseIds}::uuid[])`)
        .execute();
    },

    /**
     * Brings the derived rows of some cases in line with what their sources give now: a new one is added, a
     * changed one updated (a date that moved makes it a new deadline: open again), and an open one its
     * source no longer gives is removed. Closed ones stay, as the record of what was done. Answers how many
     * rows changed.
     */
    async reconcile(firmId: string, kept: DeadlineRow[], derived: DerivedDeadline[]): Promise<number> {
      const byKey = new Map(kept.map((row) => [`${row.case_id}/${row.source_key}`, row]));
      let changed = 0;
      for (const d of derived) {
        const row = byKey.get(`${d.caseId}/${d.sourceKey}`);
        byKey.delete(`${d.caseId}/${d.sourceKey}`);
        if (row && sameDerived(row, d)) continue;
        const moved = row && row.date !== d.date && row.state !== 'open';
        await db
          .insertInto('deadlines')
          .values({ firm_id: firmId, case_id: d.caseId, source_key: d.sourceKey, ...derivedColumns(d) })
          .onConflict((oc) =>
            oc.columns(['case_id', 'source_key']).doUpdateSet({
              ...derivedColumns(d),
              updated_at: sql<Date>`now()`,
              ...(moved ? { state: 'open', reason: null, closed_by: null, closed_at: null } : {}),
            }),
          )
          .execute();
        changed++;
      }
      const gone = [...byKey.values()].filter((row) => row.source_kind !== 'manual' && row.state === 'open');
      if (gone.length) {
        await db
          .deleteFrom('deadlines')
          .where('firm_id', '=', firmId)
          .where('id', '=', sql<string>`ANY(${gone.map((row) => row.id)}::uuid[])`)
          .where('state', '=', 'open')
          .execute();
        changed += gone.length;
      }
      return changed;
    },

    async find(firmId: string, id: string): Promise<DeadlineRow | undefined> {
      return db
        .selectFrom('deadlines')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async close(
      firmId: string,
      id: string,
      change: { state: 'done' | 'dismissed' | 'open'; reason: string | null; by: string },
    ): Promise<DeadlineRow | undefined> {
      const open = change.state === 'open';
      return db
        .updateTable('deadlines')
        .set({
          state: change.state,
          reason: change.reason,
          closed_by: open ? null : change.by,
          closed_at: open ? null : sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
        })
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async addManual(entry: {
      firmId: string;
      caseId: string;
      title: string;
      date: string;
      kind: DeadlineKind;
      explanation: string | null;
      filing: string | null;
      ownerId: string | null;
      createdBy: string;
    }): Promise<DeadlineRow> {
      return db
        .insertInto('deadlines')
        .values({
          firm_id: entry.firmId,
          case_id: entry.caseId,
          source_key: `manual:${crypto.randomUUID()}`,
          source_kind: 'manual',
          document_id: null,
          rule_id: null,
          title: entry.title,
          date: entry.date,
          unadjusted_date: null,
          kind: entry.kind,
          explanation: entry.explanation,
          filing: entry.filing,
          citation: null,
          source_url: null,
          owner_id: entry.ownerId,
          created_by: entry.createdBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
