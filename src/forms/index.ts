import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { FORMS_ACTIONS } from './actions';
import { FORMS_PAGES } from './pages';
import type { FormsService } from './service';

export { FORMS_ACTIONS };

/** USCIS forms: /user/forms and its pages, and {API}/forms (catalog, specification, validate, generate). */
export function formsFeature(deps: { kit: ActionKit; forms: FormsService }): Feature {
  const { kit, forms } = deps;
  return { api: kit.api(Object.values(FORMS_ACTIONS), { forms }), pages: kit.pages(FORMS_PAGES) };
}
