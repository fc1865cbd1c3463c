import type { Request, Response } from 'express';
import { declareFor } from '../access/action';
import { setFlash } from '../http/flash';
import { formatBytes } from '../shared/backups';
import { api, pages } from '../shared/paths';
import { RESTORE_MAX_BYTES, RESTORE_REFUSALS, type RestoreService } from './restore';
import { backupPageQuery, restorePageQuery } from './schema';
import { BACKUP_NOT_FOUND, type BackupsService } from './service';

export type BackupsDeps = {
  backups: BackupsService;
  restores: RestoreService;
  /** The staff's restores page again, with the refusal (the no-JS upload form). */
  showRestores: (ctx: { req: Request; res: Response }, error: string) => Promise<void>;
};
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
  description:
    "Download one of the firm's backups (a sealed .reti-backup archive, readable only by a restore with this installation's SETTINGS_KEY).",
  method: 'GET',
  route: '/backups/{id}/download',
  notFound: BACKUP_NOT_FOUND,
  grants: { admin: 'r' },
  run: ({ deps, actor, params }) => deps.backups.download(actor!, params.id),
});

export const restoreBackup = action({
  name: 'Restore Backup',
  category: CATEGORY,
  description:
    "Restore a firm's sealed backup archive (multipart/form-data: file) into a new, empty firm, in the background. Staff see the firm made, counts and status, never its contents.",
  method: 'POST',
  route: api.restores,
  grants: { reti: 'w' },
  status: 202,
  // Beside the archives that wait for their restore, so that keeping one is a rename.
  upload: {
    field: 'file',
    maxBytes: RESTORE_MAX_BYTES,
    tooLarge: RESTORE_REFUSALS.tooLarge,
    dir: (deps) => deps.restores.incomingDir,
  },
  run: ({ deps, actor, file }) => deps.restores.accept(actor!, file),
  form: {
    path: pages.reti.restores,
    done: () => ({
      to: pages.reti.restores,
      flash: 'Restore started: the firm appears below. Its administrators are emailed once it is restored.',
    }),
    refused: (ctx, refusal) => ctx.deps.showRestores(ctx, refusal.message),
  },
});

export const listRestores = action({
  name: 'List Restores',
  category: CATEGORY,
  description: 'List the restores of firm backups, newest first: the firm made, counts and status.',
  method: 'GET',
  route: api.restores,
  grants: { reti: 'r' },
  input: restorePageQuery,
  run: ({ deps }, { page, pageSize }) => deps.restores.list(page, pageSize),
});

export const getRestore = action({
  name: 'Get Restore',
  category: CATEGORY,
  description: 'One restore of a firm backup: the firm made, counts and status.',
  method: 'GET',
  route: api.restore('{id}'),
  notFound: RESTORE_REFUSALS.notFound,
  grants: { reti: 'r' },
  run: ({ deps, params }) => deps.restores.get(params.id),
});

export const getRestoreCheck = action({
  name: 'Get Restore Check',
  category: CATEGORY,
  description:
    "The check of the firm's restore from a backup: each table's rows and each file's SHA-256 against the archive's manifest.",
  method: 'GET',
  route: api.firmRestore,
  grants: { admin: 'r' },
  run: ({ deps, actor }) => deps.restores.checkOf(actor!),
});

export const confirmRestore = action({
  name: 'Confirm Restore',
  category: CATEGORY,
  description:
    "Confirm the firm's restore after reading its check; the firm's other accounts are then emailed a link to choose a password.",
  method: 'POST',
  route: api.firmRestoreConfirm,
  grants: { admin: 'w' },
  run: ({ deps, actor }) => deps.restores.confirm(actor!),
  form: {
    path: pages.admin.restoreConfirm,
    done: () => ({
      to: pages.admin.restore,
      flash: "Restore confirmed. Your firm's other users are emailed a link to choose a password.",
    }),
    refused: ({ req, res }, refusal) => {
      setFlash(req, 'error', refusal.message);
      res.redirect(303, pages.admin.restore);
    },
  },
});

export const BACKUP_ACTIONS = {
  listBackups,
  createBackup,
  downloadBackup,
  restoreBackup,
  listRestores,
  getRestore,
  getRestoreCheck,
  confirmRestore,
};
