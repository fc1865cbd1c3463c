import { Router } from 'express';
import { valuesOf } from '../../views/admin/SettingsPage';
import type { BoundActions } from '../access/kit';
import { HttpError } from '../http/errors';
import type { Renderer } from '../http/render';
import { pages } from '../shared/paths';
import { SETTINGS_SECTIONS, type SettingsSection } from '../shared/settings';
import type { SETTINGS_ACTIONS } from './actions';
import { type SectionPanels, showSettings } from './forms';

const UPDATE_OF: Record<SettingsSection, keyof typeof SETTINGS_ACTIONS> = {
  firm: 'updateFirmInformation',
  security: 'updateSecuritySettings',
  email: 'updateEmailSettings',
  backup: 'updateBackupSettings',
  appearance: 'updateAppearance',
};

const isSection = (s: string): s is SettingsSection => (SETTINGS_SECTIONS as readonly string[]).includes(s);

/** /admin/settings and its sections, each read through Get Settings so the matrix decides. */
export function settingsPages(deps: {
  actions: BoundActions<typeof SETTINGS_ACTIONS>;
  render: Renderer;
  panels?: SectionPanels;
}): Router {
  const { actions, render } = deps;
  const router = Router();
  // The menu's /admin/settings is the first section, Firm Information.
  router.get([pages.admin.settings, pages.admin.settingsSection(':section')], async (req, res) => {
    const section = String(req.params.section ?? 'firm');
    if (!isSection(section)) throw new HttpError(404, 'There is no such settings section.');
    const settings = await actions.getSettings.call(req, res);
    const save = actions[UPDATE_OF[section]].refusalFor(req.session?.user);
    showSettings(render, req, res, {
      section,
      settings,
      values: valuesOf(section, settings),
      saveRefusal: save?.message,
      children: await deps.panels?.(req, res, section),
    });
  });
  return router;
}
