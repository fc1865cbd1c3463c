import { declareFeature } from '../access/feature-declaration';
import { byFirm } from '../backups/tables';
import type { Services } from '../services';
import { settingsFeature as mountSettings, SETTINGS_ACTIONS } from '.';
import { SETTINGS_PAGES } from './pages';

/** A firm's settings, section by section. */
export const settingsFeature = declareFeature({
  name: 'settings',
  actions: SETTINGS_ACTIONS,
  pages: SETTINGS_PAGES,
  tables: [
    {
      table: 'firm_settings',
      scope: byFirm,
      key: ['firm_id'],
      ids: ['firm_id'],
      omit: ['smtp_password_sealed'],
    },
  ],
  mount: (s: Services) => mountSettings({ kit: s.kit, settings: s.settings }),
});
