import { Router } from 'express';
import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { BRANDING_ACTIONS } from './actions';
import { brandingPages } from './pages';
import type { BrandingService } from './service';

export { BRANDING_ACTIONS };

/** A firm's look: its stylesheet and logo for its members, and {API}/settings/appearance/logo. */
export function brandingFeature(deps: {
  kit: ActionKit;
  branding: BrandingService;
  render: Renderer;
}): Feature {
  const { kit, branding, render } = deps;
  const { api, forms, bound } = mountActions(kit, BRANDING_ACTIONS, { branding, render });
  return { api, pages: Router().use(forms, brandingPages({ branding, actions: bound, render })) };
}
