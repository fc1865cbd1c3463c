import type { TablePlan } from './tables';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { createAuditService } from '../audit/service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { DocumentStorage } from '../documents/storage';
import type { ReceivedFile } from '../http/multipart';
import { createJobQueue, PermanentJobError, type QueueSpec } from '../jobs';
import type { RestoreCheck, RestoreItem, RestorePage } from '../shared/backups';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';
import { createUsersService } from '../users/service';
import { ArchiveError, restoreFirmBackup, type Verification, verifyRestore } from './contents';
import { createRestoresStore, type RestoreRow } from './restores-store';
import { createRowsStore } from './rows-store';
import { checkSealedFile, SealError } from './seal';

export const RESTORE_QUEUE = 'backup-restore';
/** The largest archive a restore takes (an upload past it is refused as it streams). */
export const RESTORE_MAX_BYTES = 10 * 1000 ** 3;
export const RESTORE_REFUSALS = {
  noFile: 'Choose a backup archive to restore.',
  tooLarge: 'The archive is larger than 10 GB, the most a restore takes.',
  notFound: 'Restore not found.',
  noRestore: 'Your firm has no restore to check.',
  confirmed: 'This restore is already confirmed.',
  notYet: 'This restore is not finished yet.',
} as const;
const RESTORE_FAILED = 'The restore failed on the server; nothing of it was kept. The server log says why.';
const NO_FIRM = "A restore's check is for the restored firm's own administrators.";

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export type RestoreServiceDeps = {
  db: Kysely<DB>;
  storage: DocumentStorage;
  /** What a backup takes of each table, in the order a restore writes them (src/features.ts). */
  tables: TablePlan[];
  settingsKey: Buffer;
  /** Uploaded archives wait under DATA_DIR/restores until their job has run. */
  dataDir: string;
  logger: Logger;
  /** Starts the job runner on the restore queue at once. */
  wake: () => void;
  /** Emails a restored account the link to choose its password (passwords are not kept in backups). */
  sendRestoredLink: (userId: string) => Promise<void>;
};

/**
 * Restores: platform staff upload a sealed archive, which a background job restores into a new firm (never
 * an existing one) and checks against its manifest; the firm's administrator reads the check and confirms
 * it. Staff see the firm made, counts and status only.
 */
export function createRestoreService(deps: RestoreServiceDeps) {
  const { db, logger } = deps;
  const store = createRestoresStore(db);
  const fileOf = (key: string) => path.join(deps.dataDir, ...key.split('/'));
  /** Where uploads are written: beside the archives that wait, so that keeping one is a rename. */
  const incomingDir = path.join(deps.dataDir, 'restores', '.incoming');

  const verificationOf = (row: RestoreRow) => row.verification as Verification | null;

  const toItem = (row: RestoreRow): RestoreItem => {
    const verification = verificationOf(row);
    return {
      id: row.id,
      status: row.status,
      firm: row.firm_id && row.firm_name !== null ? { id: row.firm_id, name: row.firm_name } : null,
      sizeBytes: Number(row.size_bytes),
      createdAt: row.created_at.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
      rows: verification ? verification.tables.reduce((sum, t) => sum + t.restored, 0) : null,
      files: verification ? verification.files.matched : null,
      checkPassed: verification ? verification.passed : null,
      error: row.error,
    };
  };

  /** Removes what a restore wrote of a firm: its rows and files. */
  async function discard(firmId: string | null) {
    if (!firmId) return;
    await inTransaction(db, (trx) => createRowsStore(trx).removeFirm(firmId));
    await deps.storage.removeFirm(firmId);
  }

  async function removeUpload(key: string | null) {
    if (key) await fs.promises.rm(fileOf(key), { force: true });
  }

  /** A restore that cannot finish: nothing of it is kept, and staff read why in fixed words. */
  async function fail(id: string, error: unknown) {
    const row = await store.find(id);
    if (!row || row.status === 'failed') return;
    logger.error({ restoreId: id, err: error }, 'restore failed');
    await discard(row.firm_id);
    await removeUpload(row.file_key);
    const message =
      error instanceof SealError || error instanceof ArchiveError ? error.message : RESTORE_FAILED;
    await inTransaction(db, async (trx) => {
      await createRestoresStore(trx).update(id, {
        status: 'failed',
        firmId: null,
        fileKey: null,
        error: message,
        finished: true,
      });
      await createAuditService(trx).record({
        actorUserId: row.created_by,
        action: 'restore.failed',
        entity: 'restore',
        entityId: id,
        firmId: null,
        after: { error: message },
      });
    });
  }

  /** Emails each active account of the firm with this role (or every other role) its password link. */
  async function sendLinks(firmId: string, admins: boolean) {
    const users = await createUsersService(db).listByFirm(firmId);
    for (const user of users)
      if (user.status === 'active' && (user.role === 'admin') === admins)
        await deps
          .sendRestoredLink(user.id)
          .catch((error) => logger.error({ userId: user.id, err: error }, 'restored account link not sent'));
  }

  async function run(restoreId: string, signal: AbortSignal) {
    const row = await store.find(restoreId);
    if (!row || (row.status !== 'queued' && row.status !== 'running') || !row.file_key) return;
    await store.update(restoreId, { status: 'running' });
    // An earlier attempt cut short (its process stopped): start again from nothing.
    await discard(row.firm_id);
    const source = fs.createReadStream(fileOf(row.file_key));
    const stop = () => source.destroy(new Error('the app stopped during the restore'));
    signal.addEventListener('abort', stop, { once: true });
    try {
      const restored = await restoreFirmBackup(source, deps, restoreId, (firmId) =>
        store.update(restoreId, { firmId }),
      );
      const verification = await verifyRestore(deps, restored);
      await inTransaction(db, async (trx) => {
        await createRowsStore(trx).setFirmStatus(restored.firmId, restored.firmStatus);
        await createRestoresStore(trx).update(restoreId, {
          status: 'restored',
          verification,
          backupMadeAt: new Date(restored.manifest.createdAt),
          fileKey: null,
          finished: true,
        });
        await createAuditService(trx).record({
          actorUserId: row.created_by,
          action: 'restore.completed',
          entity: 'restore',
          entityId: restoreId,
          firmId: restored.firmId,
          after: {
            backupMadeAt: restored.manifest.createdAt,
            passed: verification.passed,
            files: verification.files.matched,
          },
        });
      });
      await removeUpload(row.file_key);
      logger.info({ restoreId, firmId: restored.firmId, passed: verification.passed }, 'restore made');
      await sendLinks(restored.firmId, true);
    } catch (error) {
      // Stopping: the job goes back to the queue, and its next attempt starts again from nothing.
      if (signal.aborted) throw error;
      await fail(restoreId, error);
      throw new PermanentJobError(reasonOf(error));
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  const queue: QueueSpec<{ restoreId: string }> = {
    concurrency: 1,
    leaseSeconds: 120,
    restartable: true,
    handle: (job, signal) => run(job.payload.restoreId, signal),
    onFailed: (job, error) => fail(job.payload.restoreId, error),
  };

  function firmIdOf(actor: SessionUser): string {
    if (!actor.firmId) throw new ServiceError('forbidden', NO_FIRM);
    return actor.firmId;
  }

  async function checkedRestore(actor: SessionUser): Promise<RestoreRow> {
    const row = await store.latestOfFirm(firmIdOf(actor));
    if (!row || (row.status !== 'restored' && row.status !== 'confirmed'))
      throw new ServiceError('not-found', RESTORE_REFUSALS.noRestore);
    return row;
  }

  const toCheck = (row: RestoreRow): RestoreCheck => {
    const verification = verificationOf(row)!;
    return {
      id: row.id,
      status: row.status,
      backupMadeAt: row.backup_made_at?.toISOString() ?? null,
      restoredAt: row.finished_at?.toISOString() ?? null,
      tables: verification.tables,
      files: verification.files,
      passed: verification.passed,
      confirmedAt: row.confirmed_at?.toISOString() ?? null,
    };
  };

  return {
    queue,
    incomingDir,

    async prepare() {
      await fs.promises.mkdir(incomingDir, { recursive: true, mode: 0o700 });
    },

    /**
     * Staff's upload: checked at once (a backup, in a format this version reads, sealed under this
     * SETTINGS_KEY), then kept until its job restores it.
     */
    async accept(actor: SessionUser, upload: ReceivedFile | undefined): Promise<RestoreItem> {
      if (!upload)
        throw new ServiceError('invalid', RESTORE_REFUSALS.noFile, { file: RESTORE_REFUSALS.noFile });
      if (upload.tooLarge) throw new ServiceError('too-large', RESTORE_REFUSALS.tooLarge);
      try {
        await checkSealedFile(upload.path, deps.settingsKey);
      } catch (error) {
        if (error instanceof SealError)
          throw new ServiceError('invalid', error.message, { file: error.message });
        throw error;
      }
      const id = crypto.randomUUID();
      const fileKey = path.posix.join('restores', `${id}.sealed`);
      await fs.promises.rename(upload.path, fileOf(fileKey));
      // The answer is the restore as this request queued it: once woken, the job may already be running it.
      const queued = await inTransaction(db, async (trx) => {
        const restores = createRestoresStore(trx);
        await restores.insert({ id, fileKey, sizeBytes: upload.size, createdBy: actor.id });
        await createJobQueue(trx).enqueue({
          queue: RESTORE_QUEUE,
          payload: { restoreId: id },
          maxAttempts: 3,
        });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'restore.started',
          entity: 'restore',
          entityId: id,
          firmId: null,
          after: { sizeBytes: upload.size },
        });
        return (await restores.find(id))!;
      }).catch(async (error: unknown) => {
        await removeUpload(fileKey);
        throw error;
      });
      deps.wake();
      return toItem(queued);
    },

    async list(page = 1, pageSize = 20): Promise<RestorePage> {
      const found = await store.page({ offset: (page - 1) * pageSize, limit: pageSize });
      return { restores: found.rows.map(toItem), total: found.total, page, pageSize };
    },

    async get(id: string): Promise<RestoreItem> {
      const row = await store.find(id);
      if (!row) throw new ServiceError('not-found', RESTORE_REFUSALS.notFound);
      return toItem(row);
    },

    /** The restored firm's administrator: the check of the newest restore into the firm. */
    async checkOf(actor: SessionUser): Promise<RestoreCheck> {
      return toCheck(await checkedRestore(actor));
    },

    /** The administrator confirms the check: audited; the firm's other accounts then get their links. */
    async confirm(actor: SessionUser): Promise<RestoreCheck> {
      const row = await checkedRestore(actor);
      if (row.status === 'confirmed') throw new ServiceError('conflict', RESTORE_REFUSALS.confirmed);
      await inTransaction(db, async (trx) => {
        await createRestoresStore(trx).update(row.id, { status: 'confirmed', confirmedBy: actor.id });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'restore.confirmed',
          entity: 'restore',
          entityId: row.id,
          firmId: row.firm_id,
          after: { passed: verificationOf(row)?.passed ?? false },
        });
      });
      await sendLinks(row.firm_id!, false);
      return toCheck((await store.find(row.id))!);
    },
  };
}

export type RestoreService = ReturnType<typeof createRestoreService>;
