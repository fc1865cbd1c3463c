import { Router } from 'express';
import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { BRANDING_ACTIONS } from './actions';
import { brandingAssets } from './assets';
import { BRANDING_PAGES } from './pages';
import type { BrandingService } from './service';

export { BRANDING_ACTIONS };

/** A firm's look: its stylesheet and logo for its members, the logo page, and {API}/settings/appearance/logo. */
export function brandingFeature(deps: { kit: ActionKit; branding: BrandingService }): Feature {
  const { kit, branding } = deps;
  return {
    api: kit.api(Object.values(BRANDING_ACTIONS), { branding }),
    pages: Router().use(brandingAssets(branding), kit.pages(BRANDING_PAGES)),
  };
}
