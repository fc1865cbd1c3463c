import { type ActionKit, mountActions } from '../access/kit';
import type { Feature } from '../http/feature';
import type { Renderer } from '../http/render';
import { CONTACT_ACTIONS } from './actions';
import type { ContactService } from './service';

export { CONTACT_ACTIONS };

/** The Contact Us modal's request: {API}/comm/contact, and POST /contact without JavaScript. */
export function contactFeature(deps: {
  kit: ActionKit;
  contact: ContactService;
  render: Renderer;
  publicUrl: string;
}): Feature {
  const { kit, ...actionDeps } = deps;
  const { api, forms } = mountActions(kit, CONTACT_ACTIONS, actionDeps);
  return { api, pages: forms };
}
