import type { TablePlan } from './tables';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { createAuditService } from '../audit/service';
import { isUniqueViolation } from '../db/database';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { FirmsService } from '../firms/service';
import type { DocumentStorage } from '../documents/storage';
import type { SettingsService } from '../settings/service';
import type { BackupItem, BackupPage } from '../shared/backups';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';
import { type ArchiveWriter, openArchiveWriter, partialFileOf } from './archive';
import { writeFirmBackup } from './contents';
import { createRestoresStore } from './restores-store';
import { type BackupRow, createBackupsStore, type NewestBackup } from './store';

/** Longer than a backup takes; a running backup whose lease ran out was cut short and is made again. */
const LEASE_MINUTES = 30;
/** The shortest retention a firm can choose: no backup younger than this is ever pruned. */
const MIN_RETENTION_DAYS = 7;
/** A daily pass makes at most this many backups; the rest wait for the next pass. */
const FIRMS_PER_PASS = 20;

export const BACKUP_NOT_FOUND = 'Backup not found.';
export const BACKUP_RUNNING = 'A backup of your firm is being made right now. Try again in a minute.';
const BACKUP_FAILED =
  'The backup could not be made. It is listed as failed; please try again in a few minutes.';
const INTERRUPTED = 'Interrupted: the app process stopped before the backup was finished.';
const NO_FIRM = 'Backups belong to a firm: only its own administrators can make or download them.';

/** When a daily backup is due: none yet, a run cut short, a failure an hour ago, or a day since the last. */
function isDue(newest: NewestBackup | undefined): boolean {
  if (!newest) return true;
  if (newest.status === 'running') return newest.lease_over;
  return newest.status === 'failed' ? newest.hour_old : newest.day_old;
}

/** "Demo Immigration Law" → "demo-immigration-law". */
function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'firm';
}

/** An instant as YYYY-MM-DD-HHmm in a time zone (24-hour clock). */
function stampOf(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}`;
}

/** What names a firm's archives: its name, and the time zone of their date (null: TIME_ZONE). */
type NamedFirm = { name: string; timeZone: string | null };

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type BackupsServiceDeps = {
  db: Kysely<DB>;
  /** What a backup takes of each table, in the order a restore writes them (src/features.ts). */
  tables: TablePlan[];
  /** Archives go under DATA_DIR/backups/<firm>/<backup>.tar.gz. */
  dataDir: string;
  /** The time zone of an archive's name when its firm has none of its own (TIME_ZONE). */
  timeZone: string;
  logger: Logger;
  /** Where the firm's files are (documents, generated packets, form editions). */
  storage: DocumentStorage;
  /** Archives are sealed under a key derived from it (src/backups/seal.ts). */
  settingsKey: Buffer;
  /** The firms and settings services over a given connection. */
  firmsIn: (db: Kysely<DB>) => FirmsService;
  settingsIn: (db: Kysely<DB>) => SettingsService;
};

/**
 * A firm's backups: a dated, sealed archive of all its rows and files (src/backups/contents.ts), made daily
 * in the background and on demand, downloadable by its administrators, pruned by its retention setting.
 */
export function createBackupsService(deps: BackupsServiceDeps) {
  const { db, logger } = deps;
  const store = createBackupsStore(db);
  const keyOf = (firmId: string, id: string) => path.posix.join('backups', firmId, `${id}.tar.gz`);
  const fileOf = (key: string) => path.join(deps.dataDir, ...key.split('/'));
  const fileNameOf = (firm: NamedFirm, row: BackupRow) =>
    `${slugOf(firm.name)}-${stampOf(row.started_at, firm.timeZone ?? deps.timeZone)}.reti-backup`;

  function firmIdOf(actor: SessionUser): string {
    if (!actor.firmId) throw new ServiceError('forbidden', NO_FIRM);
    return actor.firmId;
  }

  async function firmNamed(firmId: string): Promise<NamedFirm> {
    const firm = await deps.firmsIn(db).profileById(firmId);
    if (!firm) throw new ServiceError('not-found', 'Firm not found.');
    return firm;
  }

  const toItem = (firm: NamedFirm, row: BackupRow): BackupItem => ({
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    sha256: row.sha256,
    fileName: row.status === 'done' ? fileNameOf(firm, row) : null,
    rowCounts: (row.row_counts as Record<string, number> | null) ?? null,
  });

  const removeFiles = async (keys: Array<string | null>) => {
    for (const key of keys) if (key) await fs.promises.rm(fileOf(key), { force: true });
  };

  /**
   * Starts a backup of the firm: a running row with a lease, decided under the firm's lock so that two
   * processes never start the same firm's backup. Null when one is running (or, for the daily one,
   * when none is due).
   */
  async function claim(
    firmId: string,
    trigger: BackupRow['trigger'],
    createdBy: string | null,
  ): Promise<BackupRow | null> {
    let interrupted: string | undefined;
    const row = await inTransaction(db, async (trx) => {
      const backups = createBackupsStore(trx);
      if (!(await backups.tryLockFirm(firmId))) return null;
      const [newest] = await backups.newestOf([firmId]);
      if (newest?.status === 'running' && !newest.lease_over) return null;
      if (trigger === 'daily' && !isDue(newest)) return null;
      if (newest?.status === 'running') {
        await backups.markFailed(newest.id, INTERRUPTED);
        interrupted = keyOf(firmId, newest.id);
      }
      return backups.insertRunning({ firmId, trigger, createdBy, leaseMinutes: LEASE_MINUTES });
    }).catch((error) => {
      // The index that allows one running backup per firm: another process started one meanwhile.
      if (isUniqueViolation(error)) return null;
      throw error;
    });
    if (interrupted) await fs.promises.rm(partialFileOf(fileOf(interrupted)), { force: true });
    return row;
  }

  /** Makes the claimed backup: the sealed archive, then the row marked done with its audit row (or failed). */
  async function make(row: BackupRow): Promise<{ firm: NamedFirm; row: BackupRow }> {
    const firmId = row.firm_id;
    const key = keyOf(firmId, row.id);
    let writer: ArchiveWriter | undefined;
    try {
      const firm = await firmNamed(firmId);
      writer = await openArchiveWriter(fileOf(key), deps.settingsKey, row.started_at);
      const manifest = await writeFirmBackup(writer, deps, {
        id: row.id,
        createdAt: row.started_at,
        firm: { id: firmId, name: firm.name },
      });
      const { sizeBytes, sha256 } = await writer.close();
      const rowCounts = manifest.tables;
      const files = manifest.files.length;
      const done = await inTransaction(db, async (trx) => {
        const saved = await createBackupsStore(trx).markDone(row.id, {
          fileKey: key,
          sizeBytes,
          sha256,
          rowCounts,
        });
        await createAuditService(trx).record({
          actorUserId: row.created_by,
          action: 'backup.created',
          entity: 'backup',
          entityId: row.id,
          firmId,
          after: {
            trigger: row.trigger,
            fileName: fileNameOf(firm, saved),
            sizeBytes,
            sha256,
            rowCounts,
            files,
          },
        });
        return saved;
      });
      logger.info({ firmId, backupId: row.id, trigger: row.trigger, sizeBytes, files }, 'backup made');
      return { firm, row: done };
    } catch (error) {
      logger.error({ firmId, backupId: row.id, err: error }, 'backup failed');
      await writer?.abort(error as Error);
      // An archive written before the failure (its row could not be marked done) goes too.
      await fs.promises.rm(fileOf(key), { force: true }).catch(() => undefined);
      await inTransaction(db, async (trx) => {
        await createBackupsStore(trx).markFailed(row.id, reasonOf(error));
        await createAuditService(trx).record({
          actorUserId: row.created_by,
          action: 'backup.failed',
          entity: 'backup',
          entityId: row.id,
          firmId,
          after: { trigger: row.trigger },
        });
      }).catch((failure) => logger.error({ backupId: row.id, err: failure }, 'backup failure not recorded'));
      throw error;
    }
  }

  /** The firm's backups past its retention, over a connection (a caller's transaction too). */
  function expiredIn(handle: Kysely<DB>) {
    const backups = createBackupsStore(handle);
    return {
      count: (firmId: string, retentionDays: number) => backups.countExpired(firmId, retentionDays),
      /** Removes the rows; their files go once the caller's transaction is committed (afterCommit). */
      async remove(firmId: string, retentionDays: number) {
        const keys = await backups.deleteExpired(firmId, retentionDays);
        return { count: keys.length, afterCommit: () => removeFiles(keys) };
      },
    };
  }

  /** Removes the firm's backups (rows and files) older than its retention, keeping its newest good one. */
  async function prune(firmId: string): Promise<number> {
    const retentionDays = await deps.settingsIn(db).retentionDays(firmId);
    const { count, afterCommit } = await inTransaction(db, async (trx) => {
      const removed = await expiredIn(trx).remove(firmId, retentionDays);
      if (removed.count > 0)
        await createAuditService(trx).record({
          actorUserId: null,
          action: 'backup.pruned',
          entity: 'backup',
          entityId: null,
          firmId,
          after: { removed: removed.count, retentionDays },
        });
      return removed;
    });
    await afterCommit();
    return count;
  }

  return {
    async list(actor: SessionUser, page = 1, pageSize = 20): Promise<BackupPage> {
      const firmId = firmIdOf(actor);
      const [firm, found, retentionDays, restore] = await Promise.all([
        firmNamed(firmId),
        store.pageOfFirm(firmId, { offset: (page - 1) * pageSize, limit: pageSize }),
        deps.settingsIn(db).retentionDays(firmId),
        createRestoresStore(db).latestOfFirm(firmId),
      ]);
      return {
        backups: found.rows.map((r) => toItem(firm, r)),
        total: found.total,
        page,
        pageSize,
        retentionDays,
        restoreAwaitingCheck: restore?.status === 'restored',
      };
    },

    /** "Back up now": made while the administrator waits (a firm's rows take moments), audited. */
    async create(actor: SessionUser): Promise<BackupItem> {
      const firmId = firmIdOf(actor);
      const row = await claim(firmId, 'manual', actor.id);
      if (!row) throw new ServiceError('conflict', BACKUP_RUNNING);
      try {
        const made = await make(row);
        return toItem(made.firm, made.row);
      } catch {
        throw new ServiceError('unavailable', BACKUP_FAILED);
      }
    },

    /** A done backup's archive, for its firm only: another firm's (or a missing file) is not found. */
    async download(
      actor: SessionUser,
      id: string,
    ): Promise<{ file: string; name: string; sizeBytes: number }> {
      const firmId = firmIdOf(actor);
      const row = await store.findOfFirm(firmId, id);
      if (!row || row.status !== 'done' || !row.file_key)
        throw new ServiceError('not-found', BACKUP_NOT_FOUND);
      const file = fileOf(row.file_key);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat?.isFile()) throw new ServiceError('not-found', BACKUP_NOT_FOUND);
      return { file, name: fileNameOf(await firmNamed(firmId), row), sizeBytes: stat.size };
    },

    /** The firm's newest good backup, for the dashboard's badge. */
    async latestDone(firmId: string): Promise<{ finishedAt: Date } | undefined> {
      const row = await store.latestDoneOf(firmId);
      return row && { finishedAt: row.finished_at ?? row.started_at };
    },

    expiredIn,

    /**
     * One pass of the daily work: each active firm whose backup is due gets one (one firm at a time),
     * then its backups past its retention are pruned; so are those of firms no longer active. Safe to run
     * in several processes at once.
     */
    async dailyPass(activeFirmIds: string[], stopped: () => boolean = () => false): Promise<number> {
      const newest = new Map((await store.newestOf(activeFirmIds)).map((n) => [n.firm_id, n]));
      const due = activeFirmIds.filter((id) => isDue(newest.get(id))).slice(0, FIRMS_PER_PASS);
      let made = 0;
      for (const firmId of due) {
        if (stopped()) return made;
        const row = await claim(firmId, 'daily', null);
        if (!row) continue;
        if (
          await make(row).then(
            () => true,
            () => false,
          )
        )
          made++;
        await prune(firmId).catch((error) => logger.error({ firmId, err: error }, 'backups not pruned'));
      }
      const active = new Set(activeFirmIds);
      for (const firmId of await store.firmsWithBackupsOlderThan(MIN_RETENTION_DAYS)) {
        if (stopped()) break;
        if (active.has(firmId)) continue;
        await prune(firmId).catch((error) => logger.error({ firmId, err: error }, 'backups not pruned'));
      }
      return made;
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
