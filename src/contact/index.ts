import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { CONTACT_ACTIONS } from './actions';
import type { ContactService } from './service';

export { CONTACT_ACTIONS };

/**
 * The Contact Us modal's request: {API}/comm/contact. Without JavaScript the form posts to /contact, a
 * marketing page (src/public/pages/contact.tsx).
 */
export function contactFeature(deps: { kit: ActionKit; contact: ContactService }): Feature {
  return { api: deps.kit.api(Object.values(CONTACT_ACTIONS), { contact: deps.contact }) };
}
