import { declareFeature } from '../access/feature-declaration';
import type { Services } from '../services';
import { BACKUP_ACTIONS, backupsFeature as mountBackups } from '.';
import * as restoresMigration from './migrations/0015_restores';
import { BACKUP_PAGES } from './pages';

/** Firms' sealed backups, daily and on demand, and restores into a new firm. */
export const backupsFeature = declareFeature({
  name: 'backups',
  actions: BACKUP_ACTIONS,
  pages: BACKUP_PAGES,
  tables: [
    { table: 'backups', leftOut: 'The archives themselves: a restored firm starts with none.' },
    { table: 'restores', leftOut: "The platform's record of restores into the firm, not the firm's data." },
  ],
  migrations: { '0015_restores': restoresMigration },
  mount: (s: Services) =>
    mountBackups({
      kit: s.kit,
      backups: s.backups,
      restores: s.restores,
      activeFirmIds: s.firms.activeIds,
      logger: s.logger,
      daily: s.config.dailyBackups,
    }),
});
