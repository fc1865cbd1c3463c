/** A firm's backups as the API and the Settings page show them. */

export type BackupStatus = 'running' | 'done' | 'failed';
export type BackupTrigger = 'daily' | 'manual';

export type BackupItem = {
  id: string;
  status: BackupStatus;
  trigger: BackupTrigger;
  startedAt: string;
  finishedAt: string | null;
  sizeBytes: number | null;
  /** The archive's SHA-256 (hex), to check a downloaded copy. */
  sha256: string | null;
  /** The name it downloads as (`<firm>-YYYY-MM-DD-HHmm.reti-backup`); null until it is done. */
  fileName: string | null;
  /** How many rows of each kind it holds. */
  rowCounts: Record<string, number> | null;
};

export type BackupPage = {
  backups: BackupItem[];
  total: number;
  page: number;
  pageSize: number;
  retentionDays: number;
  /** The firm was restored from a backup and its administrator has yet to check it. */
  restoreAwaitingCheck: boolean;
};

export const BACKUP_STATUS_LABELS: Record<BackupStatus, string> = {
  running: 'In progress',
  done: 'Done',
  failed: 'Failed',
};

export const BACKUP_TRIGGER_LABELS: Record<BackupTrigger, string> = {
  daily: 'Daily',
  manual: 'On demand',
};

/** 1536 → "1.5 KB": decimal units, as file managers show sizes. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export type RestoreStatus = 'queued' | 'running' | 'restored' | 'confirmed' | 'failed';

export const RESTORE_STATUS_LABELS: Record<RestoreStatus, string> = {
  queued: 'Waiting',
  running: 'Restoring',
  restored: 'Restored, to be checked',
  confirmed: 'Confirmed by the firm',
  failed: 'Failed',
};

/**
 * A restore as platform staff see it: the firm it made, counts and status, never anything of its contents
 * (no client, case, document or person).
 */
export type RestoreItem = {
  id: string;
  status: RestoreStatus;
  /** The firm made by the restore (null until it exists, and after a failed restore removed it). */
  firm: { id: string; name: string } | null;
  /** The uploaded archive's size. */
  sizeBytes: number;
  createdAt: string;
  finishedAt: string | null;
  /** Rows and files restored, once done. */
  rows: number | null;
  files: number | null;
  /** Whether every count and file matched the archive's manifest. */
  checkPassed: boolean | null;
  /** Why it failed, in fixed words. */
  error: string | null;
};

export type RestorePage = { restores: RestoreItem[]; total: number; page: number; pageSize: number };

/** A restore's check as the restored firm's administrator reads it. */
export type RestoreCheck = {
  id: string;
  status: RestoreStatus;
  /** When the backup was made. */
  backupMadeAt: string | null;
  restoredAt: string | null;
  /** Each table: rows in the archive's manifest, rows now in the firm. */
  tables: Array<{ table: string; archived: number; restored: number }>;
  files: { archived: number; matched: number; missingAtBackup: number; mismatched: string[] };
  passed: boolean;
  confirmedAt: string | null;
};
