import { Router } from 'express';
import type { Logger } from 'pino';
import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { BACKUP_ACTIONS, type BackupsDeps } from './actions';
import { pages } from '../shared/paths';
import { BACKUP_PAGES } from './pages';
import type { RestoreService } from './restore';
import { createBackupRunner } from './runner';
import type { BackupsService } from './service';

export { BACKUP_ACTIONS };

/**
 * Backups: {API}/backups (list, "Back up now", download), the page download, the daily runner
 * in every process (unless DAILY_BACKUPS is off); and restores: staff's upload and list, the restored
 * firm's check and confirmation (the restore itself runs as a background job: restores.queue).
 */
export function backupsFeature(deps: {
  kit: ActionKit;
  backups: BackupsService;
  restores: RestoreService;
  activeFirmIds: () => Promise<string[]>;
  logger: Logger;
  daily: boolean;
}): Feature {
  const { kit, backups, restores } = deps;
  const actionDeps: BackupsDeps = { backups, restores };
  const runner = deps.daily
    ? createBackupRunner({ backups, activeFirmIds: deps.activeFirmIds, logger: deps.logger })
    : undefined;
  return {
    api: kit.api(Object.values(BACKUP_ACTIONS), actionDeps),
    pages: Router()
      // The backups are listed on the Settings page (whose "Back up now" posts here).
      .get(pages.admin.backups, (_req, res) => res.redirect(302, pages.admin.settingsSection('backup')))
      .use(kit.pages(BACKUP_PAGES)),
    start: async () => {
      await restores.prepare();
      await runner?.start?.();
    },
    stop: runner?.stop,
  };
}
