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
  /** The name it downloads as (`<firm>-YYYY-MM-DD-HHmm.tar.gz`); null until it is done. */
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
