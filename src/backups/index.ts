import { Router } from 'express';
import type { Logger } from 'pino';
import { expressPath } from '../access/action';
import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { BACKUP_ACTIONS, type BackupsDeps } from './actions';
import { backupPages, sendArchive, showRestores } from './pages';
import type { RestoreService } from './restore';
import { createBackupRunner } from './runner';
import type { BackupsService } from './service';

export { BACKUP_ACTIONS };

/**
 * Backups: {API}/backups (list, "Back up now", download), the page form and download, the daily runner
 * in every process (unless DAILY_BACKUPS is off); and restores: staff's upload and list, the restored
 * firm's check and confirmation (the restore itself runs as a background job: restores.queue).
 */
export function backupsFeature(deps: {
  kit: ActionKit;
  backups: BackupsService;
  restores: RestoreService;
  render: Renderer;
  activeFirmIds: () => Promise<string[]>;
  logger: Logger;
  daily: boolean;
}): Feature {
  const { kit, backups, restores, render } = deps;
  const { downloadBackup, ...answered } = BACKUP_ACTIONS;
  const actionDeps: BackupsDeps = {
    backups,
    restores,
    showRestores: (ctx, error) => showRestores({ actions, render }, ctx, error),
  };
  const actions = kit.bind(BACKUP_ACTIONS, actionDeps);
  // The download streams a file, so it has a route of its own; the others answer JSON through the kit.
  const api = Router();
  api.get(expressPath(downloadBackup.route), async (req, res) => {
    await sendArchive(res, await actions.downloadBackup.call(req, res, { params: req.params }));
  });
  api.use(kit.api(Object.values(answered), actionDeps));
  const runner = deps.daily
    ? createBackupRunner({ backups, activeFirmIds: deps.activeFirmIds, logger: deps.logger })
    : undefined;
  return {
    api,
    pages: Router().use(
      kit.forms(Object.values(BACKUP_ACTIONS), actionDeps),
      backupPages({ actions, render }),
    ),
    start: async () => {
      await restores.prepare();
      await runner?.start?.();
    },
    stop: runner?.stop,
  };
}
