import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { version as APP_VERSION } from '../../package.json';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { DocumentStorage } from '../documents/storage';
import { NO_PASSWORD_YET } from '../users/service';
import { type ArchiveWriter, readArchive } from './archive';
import { createRowsStore, type Row } from './rows-store';
import type { TablePlan } from './tables';

/**
 * What is inside a firm's archive, in this order: `backup.json` (the format and the firm), then each table's
 * rows as pages of JSON lines (`rows/<table>/00001.ndjson`, in the order a restore writes them), then each
 * stored file (`files/<table>/<row ID>`: documents, generated packets, official form editions), then
 * `manifest.json`: each table's row count and each file's size and SHA-256.
 */
export const BACKUP_FORMAT = 'reti-immigration-firm-backup';
export const BACKUP_FORMAT_VERSION = 2;
/** Rows per archive entry (a restore writes an entry in one transaction). */
const ENTRY_ROWS = 200;
/**
 * Rows per read of the snapshot, which holds PGlite's one connection to its end: each read costs about
 * the same whatever its size (a history table's read looks up all the firm's cases), so fewer, larger
 * reads. Measured on PGlite with 48,000 cases and their history: reads of 200 held it 20 s, of 2,000
 * 6.6 s (for 62,000), and a 100,000-row import running beside the daily backup took 50 s instead of 76.
 */
const READ_ROWS = 2000;

export type ArchivedFile = { table: string; id: string; size: number; sha256: string };

export type Manifest = {
  format: string;
  formatVersion: number;
  appVersion: string;
  backupId: string;
  createdAt: string;
  firm: { id: string; name: string };
  /** Rows of each table. */
  tables: Record<string, number>;
  files: ArchivedFile[];
  /** Files a row names that were not in storage when the backup was made. */
  missingFiles: Array<{ table: string; id: string }>;
};

type About = {
  format: string;
  formatVersion: number;
  appVersion: string;
  backupId: string;
  createdAt: string;
};

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const pageName = (table: string, page: number) => `rows/${table}/${String(page).padStart(5, '0')}.ndjson`;

/** Writes the firm's rows (one snapshot) and then its files into the archive; answers the manifest. */
export async function writeFirmBackup(
  writer: ArchiveWriter,
  deps: { db: Kysely<DB>; storage: DocumentStorage; tables: TablePlan[] },
  backup: { id: string; createdAt: Date; firm: { id: string; name: string } },
): Promise<Manifest> {
  const about: About = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: APP_VERSION,
    backupId: backup.id,
    createdAt: backup.createdAt.toISOString(),
  };
  await writer.add('backup.json', json({ ...about, firm: backup.firm }));
  const tables: Record<string, number> = {};
  const stored: Array<{ table: string; id: string; key: string }> = [];
  await deps.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const rows = createRowsStore(trx);
      for (const plan of deps.tables) {
        let count = 0;
        let after: unknown[] | undefined;
        for (let page = 1; ;) {
          const found = await rows.page(plan, backup.firm.id, after, READ_ROWS);
          for (let i = 0; i < found.rows.length; i += ENTRY_ROWS, page++) {
            const entry = found.rows.slice(i, i + ENTRY_ROWS);
            await writer.add(
              pageName(plan.table, page),
              `${entry.map((r) => JSON.stringify(r)).join('\n')}\n`,
            );
          }
          if (plan.fileKey)
            for (const row of found.rows)
              stored.push({ table: plan.table, id: String(row.id), key: String(row[plan.fileKey]) });
          count += found.rows.length;
          after = found.last;
          if (found.rows.length < READ_ROWS) break;
        }
        tables[plan.table] = count;
      }
    });
  // Files are named by their row's ID and never rewritten, so they are read after the snapshot.
  const files: ArchivedFile[] = [];
  const missingFiles: Manifest['missingFiles'] = [];
  for (const file of stored) {
    const archived = await deps.storage.withLocalFile(file.key, async (local) => {
      const stat = await fs.promises.stat(local).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      const sha256 = await writer.addStream(
        `files/${file.table}/${file.id}`,
        stat.size,
        fs.createReadStream(local),
      );
      return { table: file.table, id: file.id, size: stat.size, sha256 };
    });
    if (archived) files.push(archived);
    else missingFiles.push({ table: file.table, id: file.id });
  }
  const manifest: Manifest = { ...about, firm: backup.firm, tables, files, missingFiles };
  await writer.add('manifest.json', json(manifest));
  return manifest;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
export const UNFINISHED_DOCUMENT =
  'This document was being analyzed when the backup was made: analyze it again.';
export const UNFINISHED_REPORT = 'This report was being made when the backup was made: generate it again.';
/** A restored account whose sign-in name is taken (by the firm it was backed up from) gets this added. */
const RENAMED = '-restored';

/**
 * The ID a restored row gets for an archived one: derived from the restore and the old ID, so references
 * between rows stay consistent without a table of them, and a firm restored while it still exists (or
 * restored twice) never collides with itself. Shaped as a UUID version 8 (made by the application).
 */
export function restoredIdOf(restoreId: string) {
  return (oldId: string): string => {
    const bytes = crypto.createHash('sha256').update(`${restoreId}:${oldId.toLowerCase()}`).digest();
    bytes[6] = (bytes[6] & 0x0f) | 0x80;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = bytes.subarray(0, 16).toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

/** What a restore wrote: the new firm, the archive's manifest, and the status the firm had. */
export type Restored = {
  firmId: string;
  firmName: string;
  firmStatus: string;
  manifest: Manifest;
  /** Each restored file's storage key, by table and archived ID. */
  fileKeys: Map<string, string>;
};

/** The archive is not what a restore can read: its words are shown to staff as they are. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}
const NOT_A_BACKUP = 'This archive is not a firm backup this version of Reti Immigration can restore.';

type Context = {
  newId: (oldId: string) => string;
  /** Archived IDs of the restored users: a reference to anyone else (platform staff) becomes null. */
  users: Set<string>;
  firmStatus?: string;
  firmName?: string;
  fileKeys: Map<string, string>;
  now: string;
};

const secretHash = () => crypto.randomBytes(32).toString('hex');

/** Per table, what a restore changes in a row beyond its IDs (secrets the archive does not hold, work cut short). */
const ADJUST: Record<string, (row: Row, ctx: Context) => void> = {
  firms: (row, ctx) => {
    ctx.firmStatus = String(row.status);
    ctx.firmName = String(row.name);
    // Nobody reaches the firm until it is whole.
    row.status = 'inactive';
  },
  users: (row) => {
    row.password_hash = NO_PASSWORD_YET;
  },
  invitations: (row) => {
    row.token_hash = secretHash();
  },
  // The documents a person's facts were read from are restored under new IDs: the sources follow them.
  clients: (row, ctx) => {
    const sources = typeof row.fact_sources === 'string' ? JSON.parse(row.fact_sources) : row.fact_sources;
    if (!sources || typeof sources !== 'object') return;
    for (const source of Object.values(sources as Record<string, { documentId?: unknown }>))
      if (typeof source?.documentId === 'string') source.documentId = ctx.newId(source.documentId);
    row.fact_sources = JSON.stringify(sources);
  },
  calendar_feeds: (row, ctx) => {
    row.token_hash = secretHash();
    row.revoked_at ??= ctx.now;
  },
  documents: (row) => {
    if (row.status !== 'queued' && row.status !== 'processing') return;
    row.status = 'failed';
    row.error = UNFINISHED_DOCUMENT;
  },
  reports: (row) => {
    if (row.status !== 'queued' && row.status !== 'running') return;
    row.status = 'failed';
    row.error = UNFINISHED_REPORT;
  },
  audit_log: (row, ctx) => {
    if (typeof row.entity_id === 'string' && UUID.test(row.entity_id))
      row.entity_id = ctx.newId(row.entity_id);
  },
};

function restoredRow(plan: TablePlan, archived: Row, ctx: Context): Row {
  const row = { ...archived };
  for (const column of plan.omit ?? []) delete row[column];
  for (const column of plan.ids) {
    const id = row[column];
    if (typeof id === 'string') row[column] = ctx.newId(id);
  }
  for (const column of plan.userRefs ?? []) {
    const id = row[column];
    if (typeof id === 'string') row[column] = ctx.users.has(id) ? ctx.newId(id) : null;
  }
  const fileKey = plan.fileKey && row[plan.fileKey];
  if (plan.fileKey && typeof fileKey === 'string') {
    row[plan.fileKey] = fileKey.replace(UUIDS, (id) => ctx.newId(id));
    ctx.fileKeys.set(`${plan.table}/${String(archived.id)}`, String(row[plan.fileKey]));
  }
  ADJUST[plan.table]?.(row, ctx);
  return row;
}

/** Restored accounts keep their sign-in names, except one already taken (the backed-up firm still exists). */
async function freeLoginIds(db: Kysely<DB>, rows: Row[]): Promise<void> {
  const rowsStore = createRowsStore(db);
  const taken = await rowsStore.takenLoginIds(rows.map((r) => String(r.login_id)));
  for (const row of rows) {
    const login = String(row.login_id);
    if (!taken.has(login.toLowerCase())) continue;
    const base = `${login.slice(0, 80)}${RENAMED}`;
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if ((await rowsStore.takenLoginIds([candidate])).size === 0) {
        row.login_id = candidate;
        break;
      }
    }
  }
}

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Restores a sealed archive into a new firm, as it is read: each page of rows in a short transaction of its
 * own (the embedded database serves other firms between them), each file streamed into document storage.
 * The new firm stays inactive; the caller checks it and opens it. `onFirm` learns the firm's ID as soon as
 * it exists, so that a restore cut short can be removed. Throws a SealError or an ArchiveError for an
 * archive that cannot be restored.
 */
export async function restoreFirmBackup(
  source: Readable,
  deps: { db: Kysely<DB>; storage: DocumentStorage; settingsKey: Buffer; tables: TablePlan[] },
  restoreId: string,
  onFirm: (firmId: string) => Promise<void>,
): Promise<Restored> {
  const ctx: Context = {
    newId: restoredIdOf(restoreId),
    users: new Set(),
    fileKeys: new Map(),
    now: new Date().toISOString(),
  };
  let about: About | undefined;
  let manifest: Manifest | undefined;
  let firmId: string | undefined;

  async function restorePage(plan: TablePlan, stream: Readable) {
    const archived = (await readAll(stream))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row);
    if (plan.table === 'users') for (const row of archived) ctx.users.add(String(row.id));
    const rows = archived.map((row) => restoredRow(plan, row, ctx));
    await inTransaction(deps.db, async (trx) => {
      if (plan.table === 'users') await freeLoginIds(trx, rows);
      // The cases' trigger named each restored case's beneficiary: the archive's parties say it as it was.
      if (plan.table === 'case_parties')
        await createRowsStore(trx).removeTriggeredBeneficiaries(
          rows.filter((r) => r.role === 'beneficiary').map((r) => String(r.case_id)),
        );
      await createRowsStore(trx).insert(plan.table, rows);
      if (plan.table === 'cases')
        await createRowsStore(trx).removeTriggeredPayments(rows.map((r) => String(r.id)));
    });
    if (plan.table === 'firms') {
      firmId = String(rows[0].id);
      await onFirm(firmId);
    }
  }

  async function restoreFile(plan: TablePlan, archivedId: string, stream: Readable) {
    const key = ctx.fileKeys.get(`${plan.table}/${archivedId}`);
    if (!key || !firmId) throw new ArchiveError(NOT_A_BACKUP);
    const temporary = path.join(deps.storage.incomingDir, `reti-restore-${crypto.randomUUID()}`);
    try {
      await pipeline(stream, fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
      const kept = await deps.storage.keep(temporary, firmId, ctx.newId(archivedId));
      if (kept !== key) throw new Error(`restored file ${kept} is not where its row says (${key})`);
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
  }

  await readArchive(source, deps.settingsKey, async (name, stream) => {
    const [kind, table, part] = name.split('/');
    if (name === 'backup.json') {
      about = JSON.parse((await readAll(stream)).toString('utf8')) as About;
      if (about?.format !== BACKUP_FORMAT || about.formatVersion !== BACKUP_FORMAT_VERSION)
        throw new ArchiveError(NOT_A_BACKUP);
      return;
    }
    const plan = table ? deps.tables.find((p) => p.table === table) : undefined;
    if (!about || manifest) throw new ArchiveError(NOT_A_BACKUP);
    if (kind === 'rows' && plan && part) return restorePage(plan, stream);
    if (kind === 'files' && plan?.fileKey && part && UUID.test(part)) return restoreFile(plan, part, stream);
    if (name === 'manifest.json') {
      manifest = JSON.parse((await readAll(stream)).toString('utf8')) as Manifest;
      return;
    }
    throw new ArchiveError(NOT_A_BACKUP);
  });
  if (!manifest || !firmId || !ctx.firmStatus) throw new ArchiveError(NOT_A_BACKUP);
  return {
    firmId,
    firmName: ctx.firmName ?? '',
    firmStatus: ctx.firmStatus,
    manifest,
    fileKeys: ctx.fileKeys,
  };
}

/** A stored file's SHA-256, read back; undefined when it cannot be read. */
async function sha256Of(stream: Readable): Promise<string | undefined> {
  const hash = crypto.createHash('sha256');
  try {
    for await (const chunk of stream) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return undefined;
  }
}

/** The restore's check: each table's rows against the manifest, each file's SHA-256 read back from storage. */
export type Verification = {
  tables: Array<{ table: string; archived: number; restored: number }>;
  files: { archived: number; matched: number; missingAtBackup: number; mismatched: string[] };
  passed: boolean;
};

export async function verifyRestore(
  deps: { db: Kysely<DB>; storage: DocumentStorage; tables: TablePlan[] },
  restored: Restored,
): Promise<Verification> {
  const rows = createRowsStore(deps.db);
  const tables = [];
  for (const plan of deps.tables)
    tables.push({
      table: plan.table,
      archived: restored.manifest.tables[plan.table] ?? 0,
      restored: await rows.count(plan, restored.firmId),
    });
  const mismatched: string[] = [];
  let matched = 0;
  for (const file of restored.manifest.files) {
    const key = restored.fileKeys.get(`${file.table}/${file.id}`);
    const ok = key !== undefined && (await sha256Of(deps.storage.open(key))) === file.sha256;
    if (ok) matched++;
    else mismatched.push(key ?? `${file.table}/${file.id}`);
  }
  const files = {
    archived: restored.manifest.files.length,
    matched,
    missingAtBackup: restored.manifest.missingFiles.length,
    mismatched,
  };
  return {
    tables,
    files,
    passed: mismatched.length === 0 && tables.every((t) => t.archived === t.restored),
  };
}
