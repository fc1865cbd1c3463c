/**
 * A form's fields against a case: the text each box gets, and what is missing or wrong, by part and item,
 * in words a paralegal acts on. Validation and generation both go through `fieldsOf`, so a packet holds
 * exactly what validation passed.
 */
import { formatDate, isIsoDate } from '../shared/dates';
import type { FieldSource, FormError, FormField, FormSpecification, FormSummary } from '../shared/forms';
import { US_STATES } from '../shared/settings';
import type { FieldSpec, FormSpec } from './specs/types';

/** What a case gives its forms: its client's record and its receipt number. */
export type PacketFacts = {
  client: {
    firstName: string;
    lastName: string;
    dateOfBirth: string | null;
    countryOfCitizenship: string | null;
    aNumber: string | null;
    email: string | null;
    phone: string | null;
    address: string | null;
  };
  receiptNumber: string | null;
};

const MAX_LENGTH: Record<FormField['type'], number> = {
  text: 40,
  date: 10,
  'a-number': 9,
  email: 50,
  phone: 10,
  state: 2,
  zip: 10,
};

const RULES: Record<FormField['type'], string> = {
  text: 'Text',
  date: 'A date before today, written mm/dd/yyyy',
  'a-number': 'The A-Number’s 9 digits without the A (an 8-digit number gets a leading zero)',
  email: 'An email address',
  phone: 'A 10-digit US telephone number, digits only',
  state: 'A two-letter US state or territory code, such as NY',
  zip: 'A ZIP code: 5 digits, or ZIP+4',
};

/** What the client's (or case's) record calls the fact, for the messages. */
const FACT_WORDS: Record<Exclude<FieldSource, 'fixed'>, string> = {
  'client.familyName': 'last name',
  'client.givenName': 'first name',
  'client.dateOfBirth': 'date of birth',
  'client.countryOfCitizenship': 'country of citizenship',
  'client.aNumber': 'A-number',
  'client.email': 'email address',
  'client.phone': 'phone number',
  'client.street': 'address',
  'client.city': 'address',
  'client.state': 'address',
  'client.zip': 'address',
  'case.receiptNumber': 'receipt number',
};

const ADDRESS_PARTS = new Set<FieldSource>(['client.street', 'client.city', 'client.state', 'client.zip']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const ADDRESS_EXAMPLE = '123 Main Street, Apt 4, Springfield, IL 62701';

const maxLengthOf = (field: FieldSpec) => field.maxLength ?? MAX_LENGTH[field.type];

/** The specification as the API and the form's page show it: every field's rule in words. */
export function specificationOf(spec: FormSpec): FormSpecification {
  return {
    code: spec.code,
    title: spec.title,
    edition: spec.edition,
    sourceUrl: spec.sourceUrl,
    fields: spec.fields.map((field) => {
      const maxLength = maxLengthOf(field);
      const required = field.required ?? true;
      const rule =
        field.source === 'fixed'
          ? `Always ${field.value}`
          : `${required ? 'Required' : 'Optional'}. ${RULES[field.type]}, at most ${maxLength} characters.`;
      return { ...field, maxLength, required, rule };
    }),
    notes: spec.oneOf ? [spec.oneOf.message] : [],
  };
}

export const summaryOf = (spec: FormSpec): FormSummary => ({
  code: spec.code,
  title: spec.title,
  edition: spec.edition,
  fieldCount: spec.fields.length,
});

/**
 * "123 Main Street, Apt 4, Springfield, IL 62701" → street "123 Main Street, Apt 4", city, state, ZIP: the
 * client's record keeps the address as one line, the forms ask for its parts.
 */
function splitAddress(
  address: string,
): { street: string; city: string; state: string; zip: string } | undefined {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const last = /^([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(parts.at(-1) ?? '');
  if (parts.length < 3 || !last) return undefined;
  return {
    street: parts.slice(0, -2).join(', '),
    city: parts.at(-2)!,
    state: last[1].toUpperCase(),
    zip: last[2],
  };
}

/** A US number's 10 digits ("+1 (555) 010-4000" → 5550104000), or undefined when it is no US number. */
function usPhone(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{9}$/.test(national) ? national : undefined;
}

type Raw = { value: string | undefined; address?: 'missing' | 'unreadable' };

function rawOf(field: FieldSpec, facts: PacketFacts): Raw {
  const c = facts.client;
  if (ADDRESS_PARTS.has(field.source)) {
    if (!c.address?.trim()) return { value: undefined, address: 'missing' };
    const parts = splitAddress(c.address);
    if (!parts) return { value: undefined, address: 'unreadable' };
    const key = field.source.slice('client.'.length) as keyof typeof parts;
    return { value: parts[key] };
  }
  const value: Record<Exclude<FieldSource, 'fixed'>, string | null> & { fixed?: string } = {
    'client.familyName': c.lastName,
    'client.givenName': c.firstName,
    'client.dateOfBirth': c.dateOfBirth,
    'client.countryOfCitizenship': c.countryOfCitizenship,
    'client.aNumber': c.aNumber,
    'client.email': c.email,
    'client.phone': c.phone,
    'client.street': null,
    'client.city': null,
    'client.state': null,
    'client.zip': null,
    'case.receiptNumber': facts.receiptNumber,
  };
  if (field.source === 'fixed') return { value: field.value };
  return { value: value[field.source]?.trim() || undefined };
}

/** Where the person mends a fact: the client's page, or the case's. */
const mendOn = (source: FieldSource) =>
  source.startsWith('case.') ? "the case's page" : "the client's page";

/** The box's text, or why it cannot have one (undefined text and no problem: an optional box left empty). */
function fill(field: FieldSpec, raw: Raw, today: string): { text?: string; problem?: string } {
  const required = field.required ?? true;
  const label = field.label;
  if (field.source === 'fixed') return { text: raw.value };
  const what = FACT_WORDS[field.source];
  const owner = field.source.startsWith('case.') ? 'the case' : "the client's record";
  if (raw.address === 'unreadable')
    return field.source === 'client.street'
      ? {
          problem: `${label}: the client's address could not be split into street, city, state and ZIP code. Write it on the client's page as ${ADDRESS_EXAMPLE}.`,
        }
      : {};
  if (raw.value === undefined) {
    // A missing address is said once, at its street; its city, state and ZIP are the same gap.
    if (!required || (raw.address === 'missing' && field.source !== 'client.street')) return {};
    return { problem: `${label} is empty: ${owner} has no ${what}. Add it on ${mendOn(field.source)}.` };
  }
  const value = raw.value;
  const wrong = (shape: string) => ({
    problem: `${label}: the client's ${what} "${value}" is not ${shape}. Correct it on ${mendOn(field.source)}.`,
  });
  let text = value;
  switch (field.type) {
    case 'date':
      if (!isIsoDate(value)) return wrong('a real date');
      if (value >= today)
        return {
          problem: `${label}: the client's ${what} ${formatDate(value)} is not before today. Correct it on the client's page.`,
        };
      text = formatDate(value);
      break;
    case 'a-number': {
      const digits = /^A?(\d{8,9})$/i.exec(value.replace(/[\s-]/g, ''))?.[1];
      if (!digits) return wrong('an A-number (A and 8 or 9 digits)');
      text = digits.padStart(9, '0');
      break;
    }
    case 'email':
      if (!EMAIL.test(value)) return wrong('an email address');
      break;
    case 'phone': {
      const digits = usPhone(value);
      if (!digits) return wrong('a 10-digit US telephone number');
      text = digits;
      break;
    }
    case 'state':
      if (!(value in US_STATES)) return wrong('a US state or territory code');
      break;
    case 'zip':
      if (!ZIP.test(value)) return wrong('a ZIP code');
      break;
  }
  const max = maxLengthOf(field);
  if (text.length > max)
    return {
      problem: `${label} holds at most ${max} characters; the client's ${what} has ${text.length}. Shorten it on ${mendOn(field.source)}, or continue it in the form's Additional Information part by hand.`,
    };
  return { text };
}

/** Each box's text by its PDF field name, and the problems found, by form, part and item. */
export function fieldsOf(
  spec: FormSpec,
  facts: PacketFacts,
  today: string,
): { values: Map<string, string>; errors: FormError[] } {
  const values = new Map<string, string>();
  const errors: FormError[] = [];
  const wrong = new Set<string>();
  for (const field of spec.fields) {
    const { text, problem } = fill(field, rawOf(field, facts), today);
    if (problem) {
      wrong.add(field.pdfName);
      errors.push({ form: spec.code, part: field.part, item: field.item, message: problem });
    } else if (text !== undefined) values.set(field.pdfName, text);
  }
  // "One of these" is said only when none is given at all: a wrong one has said so already.
  const oneOf = spec.oneOf;
  if (oneOf && !oneOf.pdfNames.some((name) => values.has(name) || wrong.has(name)))
    errors.push({ form: spec.code, part: oneOf.part, item: oneOf.item, message: oneOf.message });
  return { values, errors };
}
