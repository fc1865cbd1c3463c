import { declareFor } from '../access/action';
import { FileAnswer, fileAnswer } from '../http/file-answer';
import { type FormError, type MissingAnswer, PACKET_FORM_CODES } from '../shared/forms';
import { api } from '../shared/paths';
import { editionFields, feesQuery, generateInput, validateInput } from './schema';
import { EDITION_MAX_BYTES, EDITION_REFUSALS, type FormsService, PacketRefused } from './service';

/** What the forms' actions run with. */
export type FormsDeps = { forms: FormsService };

/** A packet refused for its problems: 422 with them, listed as Validate Forms lists them. */
export type PacketProblems = {
  error: string;
  valid: false;
  errors: FormError[];
  missing: Array<MissingAnswer & { form: string }>;
  requestId: string;
};

const action = declareFor<FormsDeps>();
const FORMS = 'USCIS Forms';
/** A form's code in an address ("I-130", "N-400"): any other word there is no form. */
const FORM_CODE = /^[A-Za-z]-\d{3,4}[A-Za-z]?$/;
const FORM_NOT_FOUND = `No such form. The forms are ${PACKET_FORM_CODES.join(', ')}.`;

export const listForms = action({
  name: 'Get Forms',
  category: FORMS,
  description:
    'Every form: {"forms": [{"form", "title", "edition", "source" (official or firm-upload), "pages", "fields"}]}, with the family-based, employment-based and naturalization groups and G-1145, which every packet carries.',
  method: 'GET',
  route: api.forms,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor }) => deps.forms.catalog(actor),
});

export const getForm = action({
  name: 'Get Form',
  category: FORMS,
  description:
    "One form's field map, by its code (I-130): its edition and source, each mapped box's part, item, official PDF field name, label, format, whether required, and the matter's fact it comes from (petitioner.familyName), and its signature boxes.",
  method: 'GET',
  route: api.form('{id}'),
  paramPattern: FORM_CODE,
  notFound: FORM_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.forms.specification(actor, params.id),
});

export const validateForms = action({
  name: 'Validate Forms',
  category: FORMS,
  description:
    'Check a case against forms (caseId, and forms: codes, or group: family-based, employment-based, naturalization). Answers {"valid", "forms": [{"form", "edition", "ready", "filled", "required", "missing": [{"field", "question", "party"}], "problems"}], "errors"}.',
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
    "Generate a case's packet as a PDF (caseId, forms or group, draft, filing: paper or online): cover letter, G-1145, fee summary, the official forms filled (editable), the signatures to give and the exhibit index, kept as a document of the case. Refused (422, with missing) when anything a form requires is missing, unless draft is true: then every page says DRAFT.",
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
      return {
        error: error.message,
        valid: false,
        errors: error.errors,
        missing: error.missing,
        requestId: String(req.id),
      };
    }
  },
  status: (output) => (output instanceof FileAnswer ? 200 : 422),
});

export const uploadFormEdition = action({
  name: 'Upload Form Edition',
  category: FORMS,
  description:
    'Keep a newer official edition of a form (multipart/form-data: file, the fillable PDF from uscis.gov; editionDate optional, read from its footer). Checked by content: its footer must name the form. Answers 201 with the edition, the mapped field names it lacks ("lacking") and those it renamed ("renamed"). Packets fill it from then on.',
  method: 'POST',
  route: api.formEditions('{id}'),
  paramPattern: FORM_CODE,
  notFound: FORM_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: editionFields,
  upload: { field: 'file', maxBytes: EDITION_MAX_BYTES, tooLarge: EDITION_REFUSALS.tooLarge },
  run: async ({ deps, actor, params, file }, input) =>
    deps.forms.uploadEdition(actor, deps.forms.codeOf(params.id), file, input),
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
  run: ({ deps, actor, params }) => deps.forms.editions(actor, deps.forms.codeOf(params.id)),
});

export const getFees = action({
  name: 'Get Fees',
  category: FORMS,
  description:
    'The USCIS fees of forms from the dated fee rules: forms (I-130,I-485), filing (paper or online), asOf (the filing date, today by default) and the facts that change a fee (employerFullTimeEmployees, nonprofit, applicantAge, withParent, withPendingI485, i485FiledOn, reducedFee). Answers {"items": [{"form", "fee", "basis", "citation", "effectiveFrom", "sourceUrl"}], "total", "unknown"}.',
  method: 'GET',
  route: api.fees,
  grants: { user: 'r', admin: 'r' },
  input: feesQuery,
  run: ({ deps, actor }, input) => deps.forms.fees(actor, input),
});

export const FORMS_ACTIONS = {
  listForms,
  getForm,
  validateForms,
  generateForms,
  uploadFormEdition,
  listFormEditions,
  getFees,
};
