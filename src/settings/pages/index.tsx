import type { ReactNode } from 'react';
import type { AnyAction } from '../../access/action';
import { page } from '../../access/page';
import { HttpError } from '../../http/errors';
import { stringFields } from '../../http/validation';
import { pages } from '../../shared/paths';
import { type FirmSettings, SETTINGS_SECTIONS, type SettingsSection } from '../../shared/settings';
import { getSettings, SETTINGS_ACTIONS } from '../actions';
import { SECTION_PANELS } from './panels';
import { SECTION_TITLES, SettingsPage, valuesOf } from './settings-view';

/** Each section's save, and what its form says once saved. */
const SAVES: Record<SettingsSection, { action: AnyAction; saved: string }> = {
  firm: { action: SETTINGS_ACTIONS.updateFirmInformation, saved: 'Firm information saved.' },
  security: {
    action: SETTINGS_ACTIONS.updateSecuritySettings,
    saved: 'Security settings saved. They apply to every account of the firm from now on.',
  },
  email: { action: SETTINGS_ACTIONS.updateEmailSettings, saved: 'Email settings saved.' },
  backup: { action: SETTINGS_ACTIONS.updateBackupSettings, saved: 'Backup settings saved.' },
  appearance: { action: SETTINGS_ACTIONS.updateAppearance, saved: 'Appearance saved.' },
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

type SectionData = { settings: FirmSettings; panel?: ReactNode };

/**
 * /admin/settings/{section}: the section's form (read through Get Settings), and the panels other
 * features add under it, each read through its own declared action. The menu's /admin/settings is the
 * first section, Firm Information.
 */
function sectionPage(section: SettingsSection) {
  const panel = SECTION_PANELS[section];
  const { action: save, saved } = SAVES[section];
  const path = pages.admin.settingsSection(section);
  return page({
    path: section === 'firm' ? [pages.admin.settings, path] : path,
    reads: [getSettings, ...(panel?.reads ?? [])],
    offers: { save, ...panel?.offers },
    menu:
      section === 'firm'
        ? { role: 'admin', order: 5, id: 'settings', label: 'Settings', icon: 'settings' }
        : undefined,
    async load(ctx): Promise<SectionData> {
      const settings = await ctx.read(getSettings);
      // A refused save shows its form again on its own, with the values entered.
      return { settings, panel: ctx.form || !panel ? undefined : await panel.load(ctx) };
    },
    render: ({ settings, panel: children }, { closed, form }) => ({
      view: form?.refusal ? (
        <SettingsPage
          section={section}
          settings={settings}
          // The values entered again, never a password.
          values={{ ...stringFields(form.values, Object.keys(settings[section])), password: '' }}
          errors={form.refusal.fields}
          refusal={form.refusal.fields ? undefined : form.refusal.message}
        />
      ) : (
        <SettingsPage
          section={section}
          settings={settings}
          values={valuesOf(section, settings)}
          saveRefusal={closed.save}
        >
          {children}
        </SettingsPage>
      ),
      meta: {
        // The menu's page (the first section) is titled as the menu names it.
        title: section === 'firm' ? 'Settings' : `Settings: ${SECTION_TITLES[section]}`,
        description: "The firm's settings.",
        noindex: true,
      },
    }),
    forms: [
      {
        action: save,
        path,
        input: FORM_INPUT[section],
        done: () => ({ to: path, flash: saved }),
        // Not signed in: the error page (the area's guard says where to sign in).
        refused: (ctx, refusal) => {
          if (!ctx.actor) throw refusal.error;
          return undefined;
        },
      },
      ...(panel?.forms ?? []),
    ],
  });
}

/** Any other section: none, said as such (a page no path can name, for its 404's words). */
const noSection = page({
  path: pages.admin.settingsSection(':section'),
  params: { section: /(?!)/ },
  notFound: 'There is no such settings section.',
  reads: [getSettings],
  render: () => {
    throw new HttpError(404, 'There is no such settings section.');
  },
});

/** The firm administrator's Settings, a page per section. */
export const SETTINGS_PAGES = [...SETTINGS_SECTIONS.map(sectionPage), noSection];
