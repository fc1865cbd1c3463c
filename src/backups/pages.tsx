import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { type Response, Router } from 'express';
import type { BoundActions } from '../access/kit';
import { pages } from '../shared/paths';
import type { BACKUP_ACTIONS } from './actions';

/** Sends an archive as a download: never shown in the browser, never kept by a cache. */
export async function sendArchive(res: Response, archive: { file: string; name: string; sizeBytes: number }) {
  const source = fs.createReadStream(archive.file);
  // Opened before the headers go, so a file gone missing is still a clean error.
  await new Promise((resolve, reject) => source.once('open', resolve).once('error', reject));
  res.set({
    'Content-Type': 'application/gzip',
    'Content-Disposition': `attachment; filename="${archive.name}"`,
    'Content-Length': String(archive.sizeBytes),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  await pipeline(source, res);
}

/** The download of a backup without JavaScript; the list and "Back up now" live on the Settings page. */
export function backupPages(deps: { actions: BoundActions<typeof BACKUP_ACTIONS> }): Router {
  const router = Router();
  router.get(pages.admin.backups, (_req, res) => res.redirect(302, pages.admin.settingsSection('backup')));
  router.get(pages.admin.backupDownload(':id'), async (req, res) => {
    await sendArchive(res, await deps.actions.downloadBackup.call(req, res, { params: req.params }));
  });
  return router;
}
