import fs from 'node:fs';
import { declareFor } from '../access/action';
import { fileAnswer } from '../http/file-answer';
import { api } from '../shared/paths';
import { RESTORE_MAX_BYTES, RESTORE_REFUSALS, type RestoreService } from './restore';
import { backupPageQuery, restorePageQuery } from './schema';
import { BACKUP_NOT_FOUND, type BackupsService } from './service';

export type BackupsDeps = { backups: BackupsService; restores: RestoreService };
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
  run: ({ deps, actor }, { page, pageSize }) => deps.backups.list(actor, page, pageSize),
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
  run: ({ deps, actor }) => deps.backups.create(actor),
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
  run: async ({ deps, actor, params }) => {
    const archive = await deps.backups.download(actor, params.id);
    // Sealed: only a restore with the same SETTINGS_KEY opens it, so it is no gzip a browser could read.
    return fileAnswer(archive.name, 'application/octet-stream', {
      stream: () => fs.createReadStream(archive.file),
      size: archive.sizeBytes,
      missing: BACKUP_NOT_FOUND,
    });
  },
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
  run: ({ deps, actor, file }) => deps.restores.accept(actor, file),
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
  run: ({ deps, actor }) => deps.restores.checkOf(actor),
});

export const confirmRestore = action({
  name: 'Confirm Restore',
  category: CATEGORY,
  description:
    "Confirm the firm's restore after reading its check; the firm's other accounts are then emailed a link to choose a password.",
  method: 'POST',
  route: api.firmRestoreConfirm,
  grants: { admin: 'w' },
  run: ({ deps, actor }) => deps.restores.confirm(actor),
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
