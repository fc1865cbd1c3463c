import { declareFor } from '../access/action';
import { FileAnswer, fileAnswer } from '../http/file-answer';
import { type FormError, PACKET_FORM_CODES } from '../shared/forms';
import { api } from '../shared/paths';
import { editionFields, generateInput, validateInput } from './schema';
import { EDITION_MAX_BYTES, EDITION_REFUSALS, type FormsService, PacketRefused } from './service';

/** What the forms' actions run with. */
export type FormsDeps = { forms: FormsService };

/** A packet refused for its problems: 422 with them, listed as Validate Forms lists them. */
export type PacketProblems = { error: string; valid: false; errors: FormError[]; requestId: string };

const action = declareFor<FormsDeps>();
const FORMS = 'USCIS Forms';
/** A form's code in an address ("I-130", "N-400"): any other word there is no form. */
const FORM_CODE = /^[A-Za-z]-\d{3,4}[A-Za-z]?$/;
const FORM_NOT_FOUND = `No such form. The forms are ${PACKET_FORM_CODES.join(', ')}.`;

export const listForms = action({
  name: 'Get Forms',
  category: FORMS,
  description:
    'The forms catalog: the family-based, employment-based and naturalization groups with their forms (code, title, edition), and G-1145, which every packet carries.',
  method: 'GET',
  route: api.forms,
  grants: { user: 'r', admin: 'r' },
  run: async ({ deps }) => deps.forms.catalog(),
});

export const getForm = action({
  name: 'Get Form',
  category: FORMS,
  description:
    "One form's field specification, by its code (I-130): each field's part, item, official PDF field name, label, type, maximum length, rule and the case or client fact it comes from.",
  method: 'GET',
  route: api.form('{id}'),
  paramPattern: FORM_CODE,
  notFound: FORM_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: async ({ deps, params }) => deps.forms.specification(params.id),
});

export const validateForms = action({
  name: 'Validate Forms',
  category: FORMS,
  description:
    'Check a case against forms (caseId, and forms: codes, or group: family-based, employment-based, naturalization). Answers {"valid", "errors": [{"form", "part", "item", "message"}]}.',
  method: 'POST',
  route: api.formsValidate,
  grants: { user: 'w', admin: 'w' },
  input: validateInput,
  run: ({ deps, actor }, input) => deps.forms.validate(actor, input),
});

export const generateForms = action({
  name: 'Generate Forms',
  category: FORMS,
  description:
    "Generate a case's packet as a PDF (caseId, forms or group, draft): cover letter, G-1145, fee summary, the filled forms and the exhibit index, kept as a document of the case. Refused (422, with the errors) when the forms have problems, unless draft is true: then every page says DRAFT.",
  method: 'POST',
  route: api.formsGenerate,
  heavy: true,
  grants: { user: 'w', admin: 'w' },
  input: generateInput,
  async run({ deps, actor, req }, input): Promise<FileAnswer | PacketProblems> {
    try {
      const { filename, bytes } = await deps.forms.generate(actor, input);
      return fileAnswer(filename, 'application/pdf', { bytes });
    } catch (error) {
      if (!(error instanceof PacketRefused)) throw error;
      return { error: error.message, valid: false, errors: error.errors, requestId: String(req.id) };
    }
  },
  status: (output) => (output instanceof FileAnswer ? 200 : 422),
});

export const uploadFormEdition = action({
  name: 'Upload Form Edition',
  category: FORMS,
  description:
    'Keep the official edition of a form (multipart/form-data: editionDate, then file, a fillable PDF with the specification’s field names): packets fill it instead of the generated pages. Answers 201 with the edition.',
  method: 'POST',
  route: api.formEditions('{id}'),
  paramPattern: FORM_CODE,
  notFound: FORM_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: editionFields,
  upload: { field: 'file', maxBytes: EDITION_MAX_BYTES, tooLarge: EDITION_REFUSALS.tooLarge },
  run: async ({ deps, actor, params, file }, input) =>
    deps.forms.uploadEdition(actor, deps.forms.specification(params.id).code, file, input),
  status: 201,
});

export const listFormEditions = action({
  name: 'Get Form Editions',
  category: FORMS,
  description:
    "The firm's official editions of a form, by its code (I-130): each one's file name, edition date, number of fields and upload time.",
  method: 'GET',
  route: api.formEditions('{id}'),
  paramPattern: FORM_CODE,
  notFound: FORM_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.forms.editions(actor, deps.forms.specification(params.id).code),
});

export const FORMS_ACTIONS = {
  listForms,
  getForm,
  validateForms,
  generateForms,
  uploadFormEdition,
  listFormEditions,
};
