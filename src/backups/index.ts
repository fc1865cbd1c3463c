import { Router } from 'express';
import type { Logger } from 'pino';
import { expressPath } from '../access/action';
import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { BACKUP_ACTIONS } from './actions';
import { backupPages, sendArchive } from './pages';
import { createBackupRunner } from './runner';
import type { BackupsService } from './service';

export { BACKUP_ACTIONS };

/**
 * Backups: {API}/backups (list, "Back up now", download), the page form and download, and the daily
 * runner in every process (unless DAILY_BACKUPS is off).
 */
export function backupsFeature(deps: {
  kit: ActionKit;
  backups: BackupsService;
  activeFirmIds: () => Promise<string[]>;
  logger: Logger;
  daily: boolean;
}): Feature {
  const { kit, backups } = deps;
  const { downloadBackup, ...answered } = BACKUP_ACTIONS;
  const actions = kit.bind(BACKUP_ACTIONS, { backups });
  // The download streams a file, so it has a route of its own; the others answer JSON through the kit.
  const api = Router();
  api.get(expressPath(downloadBackup.route), async (req, res) => {
    await sendArchive(res, await actions.downloadBackup.call(req, res, { params: req.params }));
  });
  api.use(kit.api(Object.values(answered), { backups }));
  const runner = deps.daily
    ? createBackupRunner({ backups, activeFirmIds: deps.activeFirmIds, logger: deps.logger })
    : undefined;
  return {
    api,
    pages: Router().use(kit.forms(Object.values(BACKUP_ACTIONS), { backups }), backupPages({ actions })),
    start: runner?.start,
    stop: runner?.stop,
  };
}
