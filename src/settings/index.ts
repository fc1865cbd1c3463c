import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { SETTINGS_ACTIONS } from './actions';
import { SETTINGS_PAGES } from './pages';
import type { SettingsService } from './service';

export { SETTINGS_ACTIONS };

/** The firm administrator's Settings: {API}/settings and its sections, and /admin/settings. */
export function settingsFeature(deps: { kit: ActionKit; settings: SettingsService }): Feature {
  const { kit, settings } = deps;
  return { api: kit.api(Object.values(SETTINGS_ACTIONS), { settings }), pages: kit.pages(SETTINGS_PAGES) };
}
