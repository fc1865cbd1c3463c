import { declareFor } from '../access/action';
import { setFlash } from '../http/flash';
import { formatBytes } from '../shared/backups';
import { pages } from '../shared/paths';
import { backupPageQuery } from './schema';
import { BACKUP_NOT_FOUND, type BackupsService } from './service';

export type BackupsDeps = { backups: BackupsService };
const action = declareFor<BackupsDeps>();
const CATEGORY = 'Backup and Maintenance';

export const listBackups = action({
  name: 'List Backups',
  category: CATEGORY,
  description: "List the firm's backups, newest first, with its retention.",
  method: 'GET',
  route: '/backups',
  grants: { admin: 'r' },
  input: backupPageQuery,
  run: ({ deps, actor }, { page, pageSize }) => deps.backups.list(actor!, page, pageSize),
});

export const createBackup = action({
  name: 'Create Backup',
  category: CATEGORY,
  description: "Back up the firm's data now.",
  method: 'POST',
  route: '/backups',
  grants: { admin: 'w' },
  heavy: true,
  status: 201,
  run: ({ deps, actor }) => deps.backups.create(actor!),
  form: {
    path: pages.admin.backups,
    done: (_ctx, backup) => ({
      to: pages.admin.settingsSection('backup'),
      flash: `Backup made: ${backup.fileName} (${formatBytes(backup.sizeBytes ?? 0)}).`,
    }),
    // A backup under way, too many at once, or one that failed is said on the Settings page; not being
    // allowed is an error page.
    refused: ({ req, res }, refusal) => {
      if (![409, 429, 503].includes(refusal.status)) throw refusal.error;
      setFlash(req, 'error', refusal.message);
      res.redirect(303, pages.admin.settingsSection('backup'));
    },
  },
});

export const downloadBackup = action({
  name: 'Download Backup',
  category: CATEGORY,
  description: "Download one of the firm's backups (a .tar.gz archive).",
  method: 'GET',
  route: '/backups/{id}/download',
  notFound: BACKUP_NOT_FOUND,
  grants: { admin: 'r' },
  run: ({ deps, actor, params }) => deps.backups.download(actor!, params.id),
});

export const BACKUP_ACTIONS = { listBackups, createBackup, downloadBackup };
