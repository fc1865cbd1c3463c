import {
  BACKUP_STATUS_LABELS,
  BACKUP_TRIGGER_LABELS,
  type BackupItem,
  type BackupStatus,
  formatBytes,
} from '../../shared/backups';
import { pages } from '../../shared/paths';
import { Alert } from '../../../islands/ui/form';
import { Badge } from '../../../views/components/Badge';
import { type Column, DataTable } from '../../../views/components/DataTable';
import { DateTimeText } from '../../../views/components/Dates';
import { useRenderContext } from '../../../views/context';
import type { PageForm } from '../../access/page';
import { createBackup } from '../actions';

const TONES: Record<BackupStatus, 'success' | 'warning' | 'danger'> = {
  done: 'success',
  running: 'warning',
  failed: 'danger',
};

const COLUMNS: Array<Column<BackupItem>> = [
  { header: 'Date', rowHeader: true, cell: (b) => <DateTimeText value={b.startedAt} />, className: 'nowrap' },
  { header: 'Type', cell: (b) => BACKUP_TRIGGER_LABELS[b.trigger] },
  {
    header: 'Status',
    cell: (b) => <Badge status={b.status} label={BACKUP_STATUS_LABELS[b.status]} tone={TONES[b.status]} />,
  },
  {
    header: 'Size',
    cell: (b) => (b.sizeBytes === null ? '—' : formatBytes(b.sizeBytes)),
    className: 'nowrap',
  },
  {
    header: 'Download',
    cell: (b) =>
      b.status === 'done' && b.fileName ? <a href={pages.admin.backupDownload(b.id)}>{b.fileName}</a> : '—',
    className: 'break-anywhere',
  },
];

export type BackupsPanelProps = {
  /** The firm's backups, newest first (one page of them). */
  backups: BackupItem[];
  /** How many the firm has in all. */
  total: number;
  retentionDays: number;
  /** Why this user cannot back up now (the action is off, or not granted): the button is disabled. */
  backUpNowRefusal?: string;
  /** The firm was restored from a backup and awaits this administrator's check. */
  restoreAwaitingCheck?: boolean;
};

/**
 * The backups part of Settings, Backup and maintenance: "Back up now" (a plain form) and the firm's
 * backups with their downloads. Its heading is an h3, under the section's own h2.
 */
export function BackupsPanel({
  backups,
  total,
  retentionDays,
  backUpNowRefusal,
  restoreAwaitingCheck,
}: BackupsPanelProps) {
  const { csrfToken } = useRenderContext();
  return (
    <section className="card settings-panel backups-panel" aria-labelledby="backups-heading">
      <h3 id="backups-heading">Backups</h3>
      {restoreAwaitingCheck && (
        <Alert kind="error">
          Your firm was restored from a backup.{' '}
          <a href={pages.admin.restore}>Check the restore and confirm it</a>.
        </Alert>
      )}
      <p>
        {`A backup of your firm's data is made every day, and whenever you choose Back up now. Backups older than ${retentionDays} days are removed automatically; the newest good one is always kept.`}
      </p>
      <form method="post" action={pages.admin.backups}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={backUpNowRefusal !== undefined}
          aria-describedby={backUpNowRefusal ? 'backup-now-reason' : undefined}
        >
          Back up now
        </button>
        {backUpNowRefusal && (
          <p className="muted" id="backup-now-reason">
            {backUpNowRefusal}
          </p>
        )}
      </form>
      <DataTable
        caption="Your firm's backups"
        columns={COLUMNS}
        rows={backups}
        rowKey={(b) => b.id}
        empty="No backups yet."
      />
      {total > backups.length && (
        <p className="muted list-summary">{`Showing the newest ${backups.length} of ${total} backups.`}</p>
      )}
    </section>
  );
}

/**
 * "Back up now", the panel's form (on the Settings page's Backup section): a backup under way, too many
 * at once, or one that failed is said on that page; not being allowed is an error page.
 */
export const backUpNowForm: PageForm = {
  action: createBackup,
  path: pages.admin.backups,
  done: (_ctx, backup: { fileName: string; sizeBytes: number | null }) => ({
    to: pages.admin.settingsSection('backup'),
    flash: `Backup made: ${backup.fileName} (${formatBytes(backup.sizeBytes ?? 0)}).`,
  }),
  refused: (_ctx, refusal) => {
    if (![409, 429, 503].includes(refusal.status)) throw refusal.error;
    return { to: pages.admin.settingsSection('backup') };
  },
};
