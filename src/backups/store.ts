import { type Kysely, type Selectable, sql } from 'kysely';
import type { BackupsTable, DB } from '../db/schema';

export type BackupRow = Selectable<BackupsTable>;

/** A firm's newest backup, with its age judged by the database's clock (one clock for every process). */
export type NewestBackup = {
  id: string;
  firm_id: string;
  status: BackupRow['status'];
  /** Started more than a day ago. */
  day_old: boolean;
  /** Started more than an hour ago. */
  hour_old: boolean;
  /** A running backup whose lease ran out: its process stopped before it finished. */
  lease_over: boolean;
};

/** An arbitrary constant naming the backups' advisory locks (the second key is the firm). */
const BACKUP_LOCK = 727_002;

const daysAgo = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

export function createBackupsStore(db: Kysely<DB>) {
  /** Done or failed backups of a firm started before its retention, except its newest good one. */
  const expired = (firmId: string, days: number) =>
    db
      .selectFrom('backups')
      .where('firm_id', '=', firmId)
      .where('status', '!=', 'running')
      .where('started_at', '<', daysAgo(days))
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('backups')
          .select('id')
          .where('firm_id', '=', firmId)
          .where('status', '=', 'done')
          .orderBy('started_at', 'desc')
          .limit(1),
      );

  return {
    /**
     * Takes the firm's backup lock until the caller's transaction ends, without waiting: false when
     * another process holds it (it is deciding or starting that firm's backup right now).
     */
    async tryLockFirm(firmId: string): Promise<boolean> {
      const { rows } = await sql<{ locked: boolean }>`
        SELECT pg_try_advisory_xact_lock(${BACKUP_LOCK}, hashtext(${firmId})) AS locked`.execute(db);
      return rows[0].locked;
    },

    /** The newest backup of each of these firms (firms without any are not in the answer). */
    newestOf(firmIds: string[]): Promise<NewestBackup[]> {
      if (firmIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('backups')
        .distinctOn('firm_id')
        .select([
          'id',
          'firm_id',
          'status',
          sql<boolean>`started_at < now() - interval '1 day'`.as('day_old'),
          sql<boolean>`started_at < now() - interval '1 hour'`.as('hour_old'),
          sql<boolean>`coalesce(lease_until < now(), true)`.as('lease_over'),
        ])
        .where('firm_id', 'in', firmIds)
        .orderBy('firm_id')
        .orderBy('started_at', 'desc')
        .execute();
    },

    latestDoneOf(firmId: string): Promise<BackupRow | undefined> {
      return db
        .selectFrom('backups')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('status', '=', 'done')
        .orderBy('started_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    insertRunning(backup: {
      firmId: string;
      trigger: BackupRow['trigger'];
      createdBy: string | null;
      leaseMinutes: number;
    }): Promise<BackupRow> {
      return db
        .insertInto('backups')
        .values({
          firm_id: backup.firmId,
          trigger: backup.trigger,
          created_by: backup.createdBy,
          status: 'running',
          row_counts: null,
          lease_until: sql<Date>`now() + make_interval(mins => ${backup.leaseMinutes})`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async markDone(
      id: string,
      result: { fileKey: string; sizeBytes: number; sha256: string; rowCounts: Record<string, number> },
    ): Promise<BackupRow> {
      return db
        .updateTable('backups')
        .set({
          status: 'done',
          file_key: result.fileKey,
          size_bytes: result.sizeBytes,
          sha256: result.sha256,
          row_counts: JSON.stringify(result.rowCounts),
          lease_until: null,
          finished_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async markFailed(id: string, error: string): Promise<BackupRow> {
      return db
        .updateTable('backups')
        .set({
          status: 'failed',
          last_error: error.slice(0, 1000),
          lease_until: null,
          finished_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** One page of a firm's backups, newest first, with the total. */
    async pageOfFirm(
      firmId: string,
      options: { offset: number; limit: number },
    ): Promise<{ rows: BackupRow[]; total: number }> {
      const query = db.selectFrom('backups').where('firm_id', '=', firmId);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('started_at', 'desc')
          .orderBy('id', 'desc')
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    findOfFirm(firmId: string, id: string): Promise<BackupRow | undefined> {
      return db
        .selectFrom('backups')
        .selectAll()
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async countExpired(firmId: string, days: number): Promise<number> {
      const row = await expired(firmId, days)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Removes the expired rows; answers their files, which the caller deletes once this is committed. */
    async deleteExpired(firmId: string, days: number): Promise<Array<string | null>> {
      const ids = expired(firmId, days).select('id');
      const rows = await db.deleteFrom('backups').where('id', 'in', ids).returning('file_key').execute();
      return rows.map((r) => r.file_key);
    },

    /** The firms with a backup older than `days` (the shortest retention): the ones pruning looks at. */
    async firmsWithBackupsOlderThan(days: number): Promise<string[]> {
      const rows = await db
        .selectFrom('backups')
        .select('firm_id')
        .distinct()
        .where('status', '!=', 'running')
        .where('started_at', '<', daysAgo(days))
        .execute();
      return rows.map((r) => r.firm_id);
    },
  };
}

export type BackupsStore = ReturnType<typeof createBackupsStore>;
