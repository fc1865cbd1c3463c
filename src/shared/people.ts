/**
 * The firm's people and their roles in a matter: the facts USCIS forms ask of a person, as the API answers
 * them (Person JSON, documented in README) and as pages and questionnaires label them.
 */

export const SEXES = ['male', 'female'] as const;
export type Sex = (typeof SEXES)[number];

/** The languages a person is written to in (emails, the portal, questionnaires). */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', es: 'Español' };

/** The unit types the USCIS forms' address blocks offer as boxes. */
export const UNIT_TYPES = ['apt', 'ste', 'flr'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const UNIT_TYPE_LABELS: Record<UnitType, string> = { apt: 'Apt.', ste: 'Ste.', flr: 'Flr.' };

export const ADDRESS_KINDS = ['physical', 'mailing'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

export const MARRIAGE_ENDINGS = ['divorce', 'annulment', 'death'] as const;
export type MarriageEnding = (typeof MARRIAGE_ENDINGS)[number];

export type PersonName = { familyName: string; givenName: string | null; middleName: string | null };

export type Address = {
  kind: AddressKind;
  /** YYYY-MM-DD; `to` empty while the person still lives there. */
  from: string | null;
  to: string | null;
  inCareOf: string | null;
  street: string;
  unitType: UnitType | null;
  unitNumber: string | null;
  city: string;
  /** US addresses: state and ZIP code; foreign ones: province and postal code. */
  state: string | null;
  zip: string | null;
  province: string | null;
  postalCode: string | null;
  country: string;
};

export type Marriage = {
  spouseFamilyName: string;
  spouseGivenName: string | null;
  spouseDateOfBirth: string | null;
  date: string | null;
  place: string | null;
  /** Empty while the marriage lasts. */
  endedOn: string | null;
  howEnded: MarriageEnding | null;
};

export type Passport = { number: string; country: string; issued: string | null; expires: string | null };

/** admitUntil: the date on the I-94, or "D/S" (duration of status). */
export type I94Record = { number: string; admitUntil: string | null; classOfAdmission: string | null };

export type LastEntry = { date: string | null; place: string | null; status: string | null };

/** A parent or a child. */
export type Relative = {
  familyName: string;
  givenName: string | null;
  middleName: string | null;
  aNumber: string | null;
  /** A child's: whether they live with the person, and apply with them ("yes", "no"). */
  livingWithYou: 'yes' | 'no' | null;
  applyingWithYou: 'yes' | 'no' | null;
  sex: Sex | null;
  dateOfBirth: string | null;
  cityOfBirth: string | null;
  countryOfBirth: string | null;
  /** Where they live now (city and country, or "deceased"). */
  residence: string | null;
};

export type Employment = {
  employer: string;
  occupation: string | null;
  from: string | null;
  to: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
};

export type Trip = { departed: string; returned: string | null; countries: string[] };

/**
 * What a form asks that has no field of its own, by key: the yes/no eligibility answers
 * (`n400-p9-1`: "yes"), marital status, household size, income…; filled by questionnaires.
 */
export type FormFacts = Record<string, string | number | boolean>;

/** A party that is an organization: an employer. */
export type Organization = {
  name: string;
  fein: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  employeeCount: number | null;
  naicsCode: string | null;
  /** A nonprofit employer pays no Asylum Program Fee. */
  nonprofit: boolean;
};

/** The matters a person is in, each with the roles they hold in it. */
export type PersonMatter = {
  caseId: string;
  caseNumber: string;
  formType: string;
  status: string;
  roles: PartyRole[];
};

/** The facts of a person a document can give, and so have a document as their source. */
export const DOCUMENT_FACTS = ['dateOfBirth', 'sex', 'aNumber', 'passport', 'i94'] as const;
export type DocumentFact = (typeof DOCUMENT_FACTS)[number];
/** The document a fact came from, by fact: none for a fact typed on the person's page. */
export type PersonFactSources = Partial<Record<DocumentFact, { documentId: string; name: string }>>;

/** A person as the API answers: the SSN never, only its last four digits. */
export type Person = PersonName & {
  id: string;
  /** The name as one line ("María Fernanda García"). */
  name: string;
  otherNames: PersonName[];
  dateOfBirth: string | null;
  cityOfBirth: string | null;
  countryOfBirth: string | null;
  sex: Sex | null;
  citizenships: string[];
  aNumber: string | null;
  uscisAccountNumber: string | null;
  ssnLast4: string | null;
  email: string | null;
  phone: string | null;
  language: Language;
  passport: Passport | null;
  i94: I94Record | null;
  lastEntry: LastEntry | null;
  currentStatus: string | null;
  /** The address as one line, as a client's record has held it (`/clients`' `address`). */
  address: string | null;
  addresses: Address[];
  marriages: Marriage[];
  parents: Relative[];
  children: Relative[];
  employment: Employment[];
  trips: Trip[];
  formFacts: FormFacts;
  /** The facts a document gave, with the document (see DOCUMENT_FACTS). */
  factSources: PersonFactSources;
  matters: PersonMatter[];
  createdAt: string;
  updatedAt: string;
};

export type PersonList = { items: Person[]; total: number; page: number; pageSize: number };

/** Why a person may be the one being added: the facts that agree. */
export const MATCH_REASONS = ['aNumber', 'name', 'dateOfBirth'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];
export const MATCH_REASON_LABELS: Record<MatchReason, string> = {
  aNumber: 'same A-Number',
  name: 'same name',
  dateOfBirth: 'same date of birth',
};
export type PersonMatch = { person: Person; reasons: MatchReason[] };

export const PARTY_ROLES = [
  'petitioner',
  'beneficiary',
  'derivative',
  'sponsor',
  'joint-sponsor',
  'household-member',
  'employer',
  'interpreter',
  'preparer',
] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

/** The roles a case has at most one of. */
export const SINGLE_ROLES: readonly PartyRole[] = ['petitioner', 'beneficiary', 'sponsor'];

export const PARTY_ROLE_LABELS: Record<PartyRole, string> = {
  petitioner: 'Petitioner',
  beneficiary: 'Beneficiary',
  derivative: 'Derivative',
  sponsor: 'Sponsor',
  'joint-sponsor': 'Joint Sponsor',
  'household-member': 'Household Member',
  employer: 'Employer',
  interpreter: 'Interpreter',
  preparer: 'Preparer',
};

export type Party = {
  id: string;
  caseId: string;
  role: PartyRole;
  /** The person in the role; none for an employer, which is an organization. */
  person: Person | null;
  organization: Organization | null;
  createdAt: string;
};

export const QUESTIONNAIRE_STATUSES = ['draft', 'sent', 'in-progress', 'submitted', 'accepted'] as const;
export type QuestionnaireStatus = (typeof QUESTIONNAIRE_STATUSES)[number];
export const QUESTIONNAIRE_STATUS_LABELS: Record<QuestionnaireStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  'in-progress': 'In progress',
  submitted: 'Submitted for review',
  accepted: 'Accepted',
};

export const PEOPLE_LIMITS = {
  name: 100,
  text: 200,
  list: 50,
  pageSize: 100,
} as const;

/** The name as one line from its parts: given, middle, family. */
export const fullName = (n: { givenName: string | null; middleName?: string | null; familyName: string }) =>
  [n.givenName, n.middleName, n.familyName].filter(Boolean).join(' ');
