import { declareFor } from '../access/action';
import { api } from '../shared/paths';
import { SETTINGS_SECTIONS, type SettingsSection } from '../shared/settings';
import { SECTION_SCHEMAS } from './schema';
import type { SettingsService } from './service';

export type SettingsDeps = { settings: SettingsService };
const action = declareFor<SettingsDeps>();
const CATEGORY = 'Settings';

export const getSettings = action({
  name: 'Get Settings',
  category: CATEGORY,
  description: "Read every section of the firm's settings (never the SMTP password).",
  method: 'GET',
  route: api.settings,
  grants: { admin: 'r' },
  run: ({ deps, actor }) => deps.settings.get(actor),
});

/** Each section's action: its catalog name and description. */
const SECTIONS: Record<SettingsSection, { name: string; description: string }> = {
  firm: {
    name: 'Update Firm Information',
    description: "Change the firm's name, type, address, contact details and time zone.",
  },
  security: {
    name: 'Update Security Settings',
    description: "Change the firm's 2FA, session timeout, password policy, login attempts and approvals.",
  },
  email: {
    name: 'Update Email Settings',
    description: "Set the firm's own SMTP server for its emails.",
  },
  backup: {
    name: 'Update Backup Settings',
    description: 'Choose how long backups and what cleanup removes are kept.',
  },
  appearance: {
    name: 'Update Appearance',
    description: "Choose the primary color of the firm's pages.",
  },
};

function sectionAction<S extends SettingsSection>(section: S) {
  const { name, description } = SECTIONS[section];
  return action({
    name,
    category: CATEGORY,
    description,
    method: 'PUT',
    route: api.settingsSection(section),
    grants: { admin: 'w' },
    input: SECTION_SCHEMAS[section],
    run: ({ deps, actor }, input) => deps.settings.update(actor, section, input as never),
  });
}

const [firm, security, email, backup, appearance] = SETTINGS_SECTIONS.map(sectionAction);

export const SETTINGS_ACTIONS = {
  getSettings,
  updateFirmInformation: firm,
  updateSecuritySettings: security,
  updateEmailSettings: email,
  updateBackupSettings: backup,
  updateAppearance: appearance,
};
