import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { type Request, type Response, Router } from 'express';
import { RestoreCheckPage } from '../../views/admin/RestoreCheckPage';
import { RestoresPage } from '../../views/reti/RestoresPage';
import type { BoundActions } from '../access/kit';
import { HttpError } from '../http/errors';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import type { BACKUP_ACTIONS } from './actions';
import { restorePageQuery } from './schema';

/** Sends an archive as a download: never shown in the browser, never kept by a cache. */
export async function sendArchive(res: Response, archive: { file: string; name: string; sizeBytes: number }) {
  const source = fs.createReadStream(archive.file);
  // Opened before the headers go, so a file gone missing is still a clean error.
  await new Promise((resolve, reject) => source.once('open', resolve).once('error', reject));
  res.set({
    // Sealed: only a restore with the same SETTINGS_KEY opens it, so it is no gzip a browser could read.
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${archive.name}"`,
    'Content-Length': String(archive.sizeBytes),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  await pipeline(source, res);
}

type Actions = BoundActions<typeof BACKUP_ACTIONS>;

const RESTORES_META = {
  title: 'Restore a Backup',
  description: "Restore a firm's backup into a new firm, and the restores so far.",
  noindex: true,
};
const PAGE_INVALID = 'The page number must be a whole number from 1.';

/** The staff's restores page: the upload form (with a refusal, when one was just posted) and the list. */
export async function showRestores(
  deps: { actions: Actions; render: Renderer },
  { req, res }: { req: Request; res: Response },
  error?: string,
) {
  const query = restorePageQuery.safeParse(req.query);
  if (!query.success) throw new HttpError(400, PAGE_INVALID);
  const list = await deps.actions.listRestores.call(req, res, { input: { page: query.data.page } });
  deps.render(
    req,
    res,
    <RestoresPage
      restores={list.restores}
      total={list.total}
      error={error}
      disabled={deps.actions.restoreBackup.refusalFor(req.session.user)?.message}
    />,
    { meta: RESTORES_META, status: error ? 422 : 200 },
  );
}

/**
 * The download of a backup without JavaScript (the list and "Back up now" live on the Settings page), the
 * staff's restores page, and the restored firm's check.
 */
export function backupPages(deps: { actions: Actions; render: Renderer }): Router {
  const { actions, render } = deps;
  const router = Router();
  router.get(pages.admin.backups, (_req, res) => res.redirect(302, pages.admin.settingsSection('backup')));
  router.get(pages.admin.backupDownload(':id'), async (req, res) => {
    await sendArchive(res, await actions.downloadBackup.call(req, res, { params: req.params }));
  });
  router.get(pages.reti.restores, (req, res) => showRestores(deps, { req, res }));
  router.get(pages.admin.restore, async (req, res) => {
    const check = await actions.getRestoreCheck.call(req, res);
    render(
      req,
      res,
      <RestoreCheckPage
        check={check}
        confirmDisabled={actions.confirmRestore.refusalFor(req.session.user)?.message}
      />,
      {
        meta: {
          title: 'Restore Check',
          description: "Your firm's restore from a backup, checked against the backup.",
          noindex: true,
        },
      },
    );
  });
  return router;
}
