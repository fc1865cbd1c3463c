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

/** Where a field's value comes from: the case's client, the case, or a value the form fixes. */
export type FieldSource =
  | 'client.familyName'
  | 'client.givenName'
  | 'client.dateOfBirth'
  | 'client.countryOfCitizenship'
  | 'client.aNumber'
  | 'client.email'
  | 'client.phone'
  | 'client.street'
  | 'client.city'
  | 'client.state'
  | 'client.zip'
  | 'case.receiptNumber'
  | 'fixed';

/** The words a page shows for each source. */
export const SOURCE_LABELS: Record<FieldSource, string> = {
  'client.familyName': 'Client: last name',
  'client.givenName': 'Client: first name',
  'client.dateOfBirth': 'Client: date of birth',
  'client.countryOfCitizenship': 'Client: country of citizenship',
  'client.aNumber': 'Client: A-number',
  'client.email': 'Client: email',
  'client.phone': 'Client: phone',
  'client.street': 'Client: address (street)',
  'client.city': 'Client: address (city)',
  'client.state': 'Client: address (state)',
  'client.zip': 'Client: address (ZIP code)',
  'case.receiptNumber': 'Case: receipt number',
  fixed: 'Set by the packet',
};

/** One field of a form's specification, as GET {API}/forms/{id} answers it. */
export type FormField = {
  part: string;
  item: string;
  /** The field's name in the USCIS fillable PDF. */
  pdfName: string;
  label: string;
  type: 'text' | 'date' | 'a-number' | 'email' | 'phone' | 'state' | 'zip';
  maxLength: number;
  required: boolean;
  source: FieldSource;
  /** For a fixed value: the value. */
  value?: string;
  /** What the value must be, in words. */
  rule: string;
};

export type FormSummary = {
  code: PacketForm;
  title: string;
  /** The edition the specification follows, as printed at the form's foot ("04/01/24"). */
  edition: string;
  fieldCount: number;
};

/** GET {API}/forms/{id}. */
export type FormSpecification = Omit<FormSummary, 'fieldCount'> & {
  /** Where the official form and its instructions are published. */
  sourceUrl: string;
  fields: FormField[];
  /** Rules over several fields ("email or mobile phone"). */
  notes: string[];
};

/** GET {API}/forms: the catalog, by group, and G-1145 which every packet carries. */
export type FormCatalog = {
  groups: Array<{ id: FormGroup; label: string; forms: FormSummary[] }>;
  always: FormSummary[];
};

export type FormError = { form: PacketForm; part: string; item: string; message: string };
export type ValidationAnswer = { valid: boolean; errors: FormError[] };

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
