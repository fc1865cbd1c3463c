/**
 * USCIS forms (SPEC §2 "Forms"): the groups the Forms screen shows, the forms a packet can hold, and the
 * shapes the API answers. Views and the API share these words.
 */

/** Every form the product can fill: the case form types it files, and G-1145 (e-notification). */
export const PACKET_FORMS = {
  'I-130': 'Petition for Alien Relative',
  'I-130A': 'Supplemental Information for Spouse Beneficiary',
  'I-485': 'Application to Register Permanent Residence or Adjust Status',
  'I-864': 'Affidavit of Support Under Section 213A of the INA',
  'I-765': 'Application for Employment Authorization',
  'I-131': 'Application for Travel Document',
  'I-140': 'Immigrant Petition for Alien Workers',
  'N-400': 'Application for Naturalization',
  'I-751': 'Petition to Remove Conditions on Residence',
  'I-129F': 'Petition for Alien Fiancé(e)',
  'I-90': 'Application to Replace Permanent Resident Card',
  'I-589': 'Application for Asylum and for Withholding of Removal',
  'G-1145': 'E-Notification of Application/Petition Acceptance',
} as const;
export type PacketForm = keyof typeof PACKET_FORMS;
export const PACKET_FORM_CODES = Object.keys(PACKET_FORMS) as [PacketForm, ...PacketForm[]];

/** SPEC's three groups, each with its forms in filing order (issue 12). */
export const FORM_GROUPS = {
  'family-based': {
    label: 'Family-Based',
    forms: ['I-130', 'I-130A', 'I-485', 'I-864', 'I-765', 'I-131'],
  },
  'employment-based': { label: 'Employment-Based', forms: ['I-140', 'I-485', 'I-765', 'I-131'] },
  naturalization: { label: 'Naturalization', forms: ['N-400'] },
} as const satisfies Record<string, { label: string; forms: readonly PacketForm[] }>;
export type FormGroup = keyof typeof FORM_GROUPS;
export const FORM_GROUP_CODES = Object.keys(FORM_GROUPS) as [FormGroup, ...FormGroup[]];

/** SPEC's button on each group, word for word. */
export const GENERATE_LABEL = 'Generate Forms';

/** One box of a form's field map, as GET {API}/forms/{id} answers it. */
export type FormField = {
  part: string;
  item: string;
  /** The field's name in the official USCIS PDF. */
  pdfName: string;
  label: string;
  /** How the value is written: text, date (MM/DD/YYYY), anumber, ssn, phone, state, zip, number, money. */
  format: string;
  /** For a check box: the answer that checks it. */
  check?: string | string[] | boolean;
  required: boolean;
  /** The matter's fact it comes from: `petitioner.familyName`, `beneficiary.formFacts.i485-p9-1`. */
  source: string;
};

export type FormSummary = {
  code: PacketForm;
  /** The same code, as the API contract names it. */
  form: PacketForm;
  title: string;
  /** The edition filled, as printed at the form's foot ("04/01/24"). */
  edition: string;
  /** The product's official copy, or the firm's uploaded edition. */
  source: 'official' | 'firm-upload' | 'not-uploaded';
  /** The official PDF's pages and AcroForm fields (0 while the firm has not uploaded it). */
  pages: number;
  fields: number;
  /** The fields the product fills. */
  fieldCount: number;
};

/** GET {API}/forms/{id}. */
export type FormSpecification = FormSummary & {
  /** Where the official form and its instructions are published. */
  sourceUrl: string;
  /** Who the form speaks of, and in which part. */
  parties: Record<string, string>;
  mapped: FormField[];
  signatures: Array<{ part: string; item: string; who: string }>;
  notes: string[];
};

/** GET {API}/forms: every form, and the groups the Forms screen shows. */
export type FormCatalog = {
  forms: FormSummary[];
  groups: Array<{ id: FormGroup; label: string; forms: FormSummary[] }>;
  always: FormSummary[];
};

/** One problem, by form, part and item, as the pages list them. */
export type FormError = { form: PacketForm; part: string; item: string; message: string };

export type MissingAnswer = { field: string; question: string; party: string; personId?: string };

/** POST {API}/forms/validate: per form what is filled, what the form requires and what is missing. */
export type FormCheck = {
  form: PacketForm;
  edition: string;
  source: FormSummary['source'];
  ready: boolean;
  filled: number;
  required: number;
  missing: MissingAnswer[];
  /** Answers the form cannot take as they are (too long, not a date). */
  problems: Array<{ field: string; message: string; party: string }>;
  /** Mapped boxes the edition in use does not have. */
  absent: string[];
};
export type ValidationAnswer = { valid: boolean; forms: FormCheck[]; errors: FormError[] };

/** An official edition a firm uploaded, as its page lists it. */
export type EditionRecord = {
  id: string;
  form: PacketForm;
  /** ISO date printed at the foot of the form ("Edition 01/20/25"). */
  editionDate: string;
  fileName: string;
  fieldCount: number;
  uploadedAt: string;
};
