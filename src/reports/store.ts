import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, ReportsTable } from '../db/schema';
import type { Period, ReportData, ReportRange, ReportType } from '../shared/reports';

export type ReportRow = Selectable<ReportsTable>;
export type ReportSummaryRow = Omit<ReportRow, 'data'>;

/** Reports: the only place that queries the reports table. */
export function createReportsStore(db: Kysely<DB>) {
  /** A firm's reports still kept: those newer than its retention. */
  const kept = (firmId: string, retentionDays: number) =>
    db
      .selectFrom('reports')
      .where('firm_id', '=', firmId)
      .where('created_at', '>', sql<Date>`now() - make_interval(days => ${retentionDays})`);

  return {
    async insert(row: {
      id: string;
      firmId: string;
      type: ReportType;
      range: ReportRange;
      period: Period;
      createdBy: string;
    }): Promise<ReportRow> {
      return db
        .insertInto('reports')
        .values({
          id: row.id,
          firm_id: row.firmId,
          type: row.type,
          range: row.range,
          period_start: row.period.start,
          period_end: row.period.end,
          created_by: row.createdBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async recent(firmId: string, retentionDays: number, limit: number): Promise<ReportSummaryRow[]> {
      return kept(firmId, retentionDays)
        .select([
          'id',
          'firm_id',
          'type',
          'range',
          'period_start',
          'period_end',
          'status',
          'error',
          'created_by',
        ])
        .select(['created_at', 'finished_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async find(firmId: string, id: string, retentionDays: number): Promise<ReportRow | undefined> {
      return kept(firmId, retentionDays).selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The report a job works on, whichever firm it belongs to. */
    async forJob(id: string): Promise<ReportRow | undefined> {
      return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async markRunning(id: string): Promise<void> {
      await db.updateTable('reports').set({ status: 'running' }).where('id', '=', id).execute();
    },

    async finish(id: string, data: ReportData): Promise<void> {
      await db
        .updateTable('reports')
        .set({ status: 'done', data: JSON.stringify(data), error: null, finished_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async fail(id: string, error: string): Promise<void> {
      await db
        .updateTable('reports')
        .set({ status: 'failed', error, finished_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the firm's reports older than its retention; answers how many. */
    async prune(firmId: string, retentionDays: number): Promise<number> {
      const result = await db
        .deleteFrom('reports')
        .where('firm_id', '=', firmId)
        .where('created_at', '<=', sql<Date>`now() - make_interval(days => ${retentionDays})`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ReportsStore = ReturnType<typeof createReportsStore>;
