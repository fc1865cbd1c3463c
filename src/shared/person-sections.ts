/**
 * A person's record as sections of labelled fields: what the person's page shows and its forms edit.
 * Data, so the page, its no-JavaScript forms and their parsing read one description.
 */
import {
  ADDRESS_KINDS,
  LANGUAGE_LABELS,
  LANGUAGES,
  MARRIAGE_ENDINGS,
  SEXES,
  UNIT_TYPE_LABELS,
  UNIT_TYPES,
} from './people';

export type Option = { value: string; label: string };
export type SectionField = {
  key: string;
  label: string;
  type?: 'text' | 'date' | 'email' | 'tel' | 'select' | 'list';
  options?: readonly Option[];
  required?: boolean;
  hint?: string;
};

/** `fields`: top-level facts; `record`: one object (or none) under `key`; `list`: entries under `key`. */
export type PersonSection = {
  id: string;
  title: string;
  kind: 'fields' | 'record' | 'list';
  key?: string;
  /** The word for one entry of a list ("Address"). */
  entry?: string;
  fields: SectionField[];
};

const options = <T extends string>(values: readonly T[], label: (v: T) => string): Option[] => [
  { value: '', label: '—' },
  ...values.map((value) => ({ value, label: label(value) })),
];
const capital = (word: string) => word[0].toUpperCase() + word.slice(1);
const YES_NO = options(['yes', 'no'] as const, capital);

const name = (required = true): SectionField[] => [
  { key: 'familyName', label: 'Family Name (Last Name)', required },
  { key: 'givenName', label: 'Given Name (First Name)' },
];

export const PERSON_SECTIONS: readonly PersonSection[] = [
  {
    id: 'identity',
    title: 'Identity',
    kind: 'fields',
    fields: [
      ...name(),
      { key: 'middleName', label: 'Middle Name' },
      { key: 'dateOfBirth', label: 'Date of Birth', type: 'date' },
      { key: 'sex', label: 'Sex', type: 'select', options: options(SEXES, capital) },
      { key: 'cityOfBirth', label: 'City or Town of Birth' },
      { key: 'countryOfBirth', label: 'Country of Birth' },
      {
        key: 'citizenships',
        label: 'Citizenships',
        type: 'list',
        hint: 'Countries, separated by commas; the first is the main one.',
      },
      {
        key: 'language',
        label: 'Language',
        type: 'select',
        options: LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] })),
      },
    ],
  },
  {
    id: 'numbers',
    title: 'Numbers and Contact',
    kind: 'fields',
    fields: [
      { key: 'aNumber', label: 'A-Number', hint: 'A and 8 or 9 digits, such as A123456789.' },
      { key: 'uscisAccountNumber', label: 'USCIS Online Account Number', hint: '12 digits.' },
      {
        key: 'ssn',
        label: 'Social Security Number',
        hint: 'Left empty, the number on file stays. It is stored sealed; only its last four digits are shown.',
      },
      { key: 'email', label: 'Email', type: 'email' },
      { key: 'phone', label: 'Phone', type: 'tel' },
      {
        key: 'address',
        label: 'Address (One Line)',
        hint: 'The address in the address history is the one the forms use.',
      },
      { key: 'currentStatus', label: 'Current Immigration Status', hint: 'Such as F-1, H-1B, B-2, parolee.' },
    ],
  },
  {
    id: 'other-names',
    title: 'Other Names Used',
    kind: 'list',
    key: 'otherNames',
    entry: 'Name',
    fields: [...name(), { key: 'middleName', label: 'Middle Name' }],
  },
  {
    id: 'passport',
    title: 'Passport',
    kind: 'record',
    key: 'passport',
    fields: [
      { key: 'number', label: 'Passport Number', required: true },
      { key: 'country', label: 'Country of Issuance', required: true },
      { key: 'issued', label: 'Date of Issuance', type: 'date' },
      { key: 'expires', label: 'Expiration Date', type: 'date' },
    ],
  },
  {
    id: 'i94',
    title: 'I-94 Record',
    kind: 'record',
    key: 'i94',
    fields: [
      { key: 'number', label: 'I-94 Number', required: true, hint: '11 characters.' },
      { key: 'admitUntil', label: 'Admit Until', hint: 'YYYY-MM-DD, or D/S.' },
      { key: 'classOfAdmission', label: 'Class of Admission', hint: 'Such as B2, F1.' },
    ],
  },
  {
    id: 'last-entry',
    title: 'Last Entry',
    kind: 'record',
    key: 'lastEntry',
    fields: [
      { key: 'date', label: 'Date of Last Entry', type: 'date' },
      { key: 'place', label: 'Place of Last Entry', hint: 'City and state, or port of entry.' },
      { key: 'status', label: 'Status at Last Entry' },
    ],
  },
  {
    id: 'addresses',
    title: 'Address History',
    kind: 'list',
    key: 'addresses',
    entry: 'Address',
    fields: [
      {
        key: 'kind',
        label: 'Kind',
        type: 'select',
        options: ADDRESS_KINDS.map((k) => ({ value: k, label: capital(k) })),
      },
      { key: 'from', label: 'From', type: 'date' },
      { key: 'to', label: 'To', type: 'date', hint: 'Empty while the person lives there.' },
      { key: 'inCareOf', label: 'In Care Of' },
      { key: 'street', label: 'Street Number and Name', required: true },
      {
        key: 'unitType',
        label: 'Unit Type',
        type: 'select',
        options: options(UNIT_TYPES, (u) => UNIT_TYPE_LABELS[u]),
      },
      { key: 'unitNumber', label: 'Unit Number' },
      { key: 'city', label: 'City or Town', required: true },
      { key: 'state', label: 'State' },
      { key: 'zip', label: 'ZIP Code' },
      { key: 'province', label: 'Province' },
      { key: 'postalCode', label: 'Postal Code' },
      { key: 'country', label: 'Country' },
    ],
  },
  {
    id: 'marriages',
    title: 'Marital History',
    kind: 'list',
    key: 'marriages',
    entry: 'Marriage',
    fields: [
      { key: 'spouseFamilyName', label: "Spouse's Family Name", required: true },
      { key: 'spouseGivenName', label: "Spouse's Given Name" },
      { key: 'spouseDateOfBirth', label: "Spouse's Date of Birth", type: 'date' },
      { key: 'date', label: 'Date of Marriage', type: 'date' },
      { key: 'place', label: 'Place of Marriage' },
      { key: 'endedOn', label: 'Date Marriage Ended', type: 'date', hint: 'Empty while it lasts.' },
      {
        key: 'howEnded',
        label: 'How It Ended',
        type: 'select',
        options: options(MARRIAGE_ENDINGS, capital),
      },
    ],
  },
  ...(['parents', 'children'] as const).map((key): PersonSection => ({
    id: key,
    title: capital(key),
    kind: 'list',
    key,
    entry: key === 'parents' ? 'Parent' : 'Child',
    fields: [
      ...name(),
      { key: 'middleName', label: 'Middle Name' },
      { key: 'sex', label: 'Sex', type: 'select', options: options(SEXES, capital) },
      { key: 'dateOfBirth', label: 'Date of Birth', type: 'date' },
      { key: 'cityOfBirth', label: 'City or Town of Birth' },
      { key: 'countryOfBirth', label: 'Country of Birth' },
      { key: 'residence', label: 'Where They Live Now' },
      ...(key === 'children'
        ? ([
            { key: 'aNumber', label: 'A-Number' },
            { key: 'livingWithYou', label: 'Lives With the Person', type: 'select', options: YES_NO },
            { key: 'applyingWithYou', label: 'Applying With the Person', type: 'select', options: YES_NO },
          ] satisfies SectionField[])
        : []),
    ],
  })),
  {
    id: 'employment',
    title: 'Employment History',
    kind: 'list',
    key: 'employment',
    entry: 'Employer',
    fields: [
      { key: 'employer', label: 'Employer or School', required: true },
      { key: 'occupation', label: 'Occupation' },
      { key: 'from', label: 'From', type: 'date' },
      { key: 'to', label: 'To', type: 'date', hint: 'Empty while current.' },
      { key: 'city', label: 'City or Town' },
      { key: 'state', label: 'State' },
      { key: 'country', label: 'Country' },
    ],
  },
  {
    id: 'trips',
    title: 'Trips Outside the United States',
    kind: 'list',
    key: 'trips',
    entry: 'Trip',
    fields: [
      { key: 'departed', label: 'Date Left', type: 'date', required: true },
      { key: 'returned', label: 'Date Returned', type: 'date' },
      { key: 'countries', label: 'Countries Visited', type: 'list', hint: 'Separated by commas.' },
    ],
  },
];

export const SECTION_IDS = PERSON_SECTIONS.map((s) => s.id);
export const sectionOf = (id: string) => PERSON_SECTIONS.find((s) => s.id === id);

const listOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An entry's fields as posted (`addresses.0.street`…); null when every one is empty. */
function entryOf(fields: readonly SectionField[], posted: Record<string, string>, prefix: string) {
  const entry: Record<string, unknown> = {};
  let given = false;
  for (const f of fields) {
    const raw = (posted[`${prefix}${f.key}`] ?? '').trim();
    if (raw && f.key !== 'kind') given = true;
    entry[f.key] = f.type === 'list' ? listOf(raw) : raw;
  }
  return given ? entry : null;
}

/**
 * A section's form as the PATCH input it stands for: a list's entries in order (an empty entry, or one
 * marked to remove, dropped), a record or null, the facts themselves; the SSN left out when left empty.
 */
export function sectionInput(
  section: PersonSection,
  posted: Record<string, string>,
): Record<string, unknown> {
  if (section.kind === 'fields') {
    const input = entryOf(section.fields, posted, '') ?? {};
    for (const f of section.fields) if (f.type !== 'list' && input[f.key] === undefined) input[f.key] = '';
    if (input.ssn === '') delete input.ssn;
    return input;
  }
  if (section.kind === 'record')
    return { [section.key!]: entryOf(section.fields, posted, `${section.key}.`) };
  const entries: unknown[] = [];
  const count = Math.min(Number(posted[`${section.key}.count`]) || 0, 60);
  for (let i = 0; i < count; i++) {
    if (posted[`${section.key}.${i}.remove`]) continue;
    const entry = entryOf(section.fields, posted, `${section.key}.${i}.`);
    if (entry) entries.push(entry);
  }
  return { [section.key!]: entries };
}
