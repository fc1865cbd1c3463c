import { declareFor } from '../access/action';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { SETTINGS_SECTIONS, type SettingsSection } from '../shared/settings';
import { renderSettingsRefusal } from './forms';
import { SECTION_SCHEMAS } from './schema';
import type { SettingsService } from './service';

export type SettingsDeps = { settings: SettingsService; render: Renderer };
const action = declareFor<SettingsDeps>();
const CATEGORY = 'Settings';

export const getSettings = action({
  name: 'Get Settings',
  category: CATEGORY,
  description: "Read every section of the firm's settings (never the SMTP password).",
  method: 'GET',
  route: '/settings',
  grants: { admin: 'r' },
  run: ({ deps, actor }) => deps.settings.get(actor!),
});

/** Each section's action: its catalog name and the message its form shows once saved. */
const SECTIONS: Record<SettingsSection, { name: string; description: string; saved: string }> = {
  firm: {
    name: 'Update Firm Information',
    description: "Change the firm's name, type, address, contact details and time zone.",
    saved: 'Firm information saved.',
  },
  security: {
    name: 'Update Security Settings',
    description: "Change the firm's 2FA, session timeout, password policy, login attempts and approvals.",
    saved: 'Security settings saved. They apply to every account of the firm from now on.',
  },
  email: {
    name: 'Update Email Settings',
    description: "Set the firm's own SMTP server for its emails.",
    saved: 'Email settings saved.',
  },
  backup: {
    name: 'Update Backup Settings',
    description: 'Choose how long backups and what cleanup removes are kept.',
    saved: 'Backup settings saved.',
  },
  appearance: {
    name: 'Update Appearance',
    description: "Choose the primary color of the firm's pages.",
    saved: 'Appearance saved.',
  },
};

/** A checkbox is sent only when it is checked. */
const checked = (value: string | undefined) => value === 'on' || value === 'true';

/** What each section's form posts, as its API input. */
const FORM_INPUT: Partial<Record<SettingsSection, (fields: Record<string, string>) => unknown>> = {
  security: (f) => ({
    ...f,
    twoFactorAdmins: checked(f.twoFactorAdmins),
    approveNewUsers: checked(f.approveNewUsers),
  }),
};

function sectionAction<S extends SettingsSection>(section: S) {
  const { name, description, saved } = SECTIONS[section];
  return action({
    name,
    category: CATEGORY,
    description,
    method: 'PUT',
    route: `/settings/${section}`,
    grants: { admin: 'w' },
    input: SECTION_SCHEMAS[section],
    run: ({ deps, actor }, input) => deps.settings.update(actor!, section, input as never),
    form: {
      path: pages.admin.settingsSection(section),
      input: FORM_INPUT[section],
      done: () => ({ to: pages.admin.settingsSection(section), flash: saved }),
      refused: (ctx, refusal, body) => renderSettingsRefusal(ctx, section, refusal, body),
    },
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
