import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { SETTINGS_ACTIONS } from './actions';
import type { SectionPanels } from './forms';
import { settingsPages } from './pages';
import type { SettingsService } from './service';

export { SETTINGS_ACTIONS };

/** The firm administrator's Settings: {API}/settings and its sections, and /admin/settings. */
export function settingsFeature(deps: {
  kit: ActionKit;
  settings: SettingsService;
  render: Renderer;
  panels?: SectionPanels;
}): Feature {
  const { kit, settings, render } = deps;
  const { api, forms, bound } = mountActions(kit, SETTINGS_ACTIONS, { settings, render });
  return { api, pages: Router().use(forms, settingsPages({ actions: bound, render, panels: deps.panels })) };
}
