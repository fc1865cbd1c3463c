import { formPage } from './form';
import { generatePage } from './generate';
import { formsPage } from './list';

/** The Forms pages: the groups, a group's Generate Forms page, and each form's specification. */
// The Generate Forms page before a form's: /user/forms/generate names no form.
export const FORMS_PAGES = [formsPage, generatePage, formPage];
