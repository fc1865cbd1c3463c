import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { settingsFeature as mountSettings, SETTINGS_ACTIONS } from '.';
import { BACKUP_ACTIONS } from '../backups/actions';
import { BRANDING_ACTIONS } from '../branding/actions';
import { MAIL_ACTIONS } from '../mail/actions';
import { settingsPanels } from './panels';

/** A firm's settings, section by section. */
export const settingsFeature = declareFeature({
  name: 'settings',
  actions: SETTINGS_ACTIONS,
  tables: [
    {
      table: 'firm_settings',
      scope: byFirm,
      key: ['firm_id'],
      ids: ['firm_id'],
      omit: ['smtp_password_sealed'],
    },
  ],
  mount: (s: Services) =>
    mountSettings({
      kit: s.kit,
      settings: s.settings,
      render: s.render,
      panels: settingsPanels({
        refusal: (user, action) => s.access.refusalNow(user, action)?.message,
        actions: { ...MAIL_ACTIONS, ...BRANDING_ACTIONS, ...BACKUP_ACTIONS },
        ownAddress: s.emailTest.ownAddress,
        backupsOf: (user) => s.backups.list(user),
      }),
    }),
});
