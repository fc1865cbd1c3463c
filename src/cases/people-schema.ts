import { z } from 'zod';
import { A_NUMBER_MESSAGE, A_NUMBER_PATTERN, CASE_LIMITS } from '../shared/cases';
import { optionalText, requiredText } from '../shared/fields';
import {
  ADDRESS_KINDS,
  LANGUAGES,
  MARRIAGE_ENDINGS,
  PARTY_ROLES,
  PEOPLE_LIMITS,
  SEXES,
  UNIT_TYPES,
} from '../shared/people';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../shared/validation';
import { blankToNull, caseListQuery, dateField, nullable, UUID } from './schema';

/** Inside a list entry: empty is null, and a missing field is null too (an entry is written whole). */
const orNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === undefined ? null : blankToNull(v)), schema.nullable());

const text = (label: string, max: number = PEOPLE_LIMITS.text) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const date = (label: string) => orNull(dateField(label));
const choice = <T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.enum(options, { error: `${label} must be one of ${options.join(', ')}` });
/** A list whose entry messages say which entry ("… (entry 2)"), since a page shows them above the list. */
const list = <T extends z.ZodType>(label: string, item: T, max: number = PEOPLE_LIMITS.list) =>
  z
    .array(z.unknown(), { error: `${label} must be a list` })
    .max(max, `${label}: at most ${max} entries`)
    .transform((entries, ctx) =>
      entries.flatMap((entry, i): Array<z.output<T>> => {
        const parsed = item.safeParse(entry);
        if (parsed.success) return [parsed.data];
        for (const issue of parsed.error.issues)
          ctx.addIssue({
            code: 'custom',
            message: `${issue.message} (entry ${i + 1})`,
            path: [i, ...issue.path],
          });
        return [];
      }),
    );

/** "A123456789": A and 8 or 9 digits, spaces and dashes taken out. */
export const aNumberField = z
  .string({ error: A_NUMBER_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
  // Written without its A (as many notices print it), it is the same number.
  .transform((v) => (/^\d{8,9}$/.test(v) ? `A${v}` : v))
  .refine((v) => A_NUMBER_PATTERN.test(v), A_NUMBER_MESSAGE);

const SSN_MESSAGE = 'Social Security number must be 9 digits, such as 123-45-6789';
/** 9 digits, with or without dashes; never 000, 666 or 9xx in the area, 00 in the group, 0000 in the serial (SSA). */
const ssnField = z
  .string({ error: SSN_MESSAGE })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^(?!000|666|9\d\d)\d{3}(?!00)\d{2}(?!0000)\d{4}$/.test(v), SSN_MESSAGE);

const USCIS_ACCOUNT_MESSAGE = 'USCIS online account number must be 12 digits';
const uscisAccountField = z
  .string({ error: USCIS_ACCOUNT_MESSAGE })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => /^\d{12}$/.test(v), USCIS_ACCOUNT_MESSAGE);

const nameSchema = z.object({
  familyName: requiredText('Family name', PEOPLE_LIMITS.name),
  givenName: orNull(text('Given name', PEOPLE_LIMITS.name)),
  middleName: orNull(text('Middle name', PEOPLE_LIMITS.name)),
});

export const addressSchema = z
  .object({
    kind: choice('Address kind', ADDRESS_KINDS).default('physical'),
    from: date('Lived there from'),
    to: date('Lived there until'),
    inCareOf: orNull(text('In care of')),
    street: requiredText('Street', PEOPLE_LIMITS.text),
    unitType: orNull(choice('Unit type', UNIT_TYPES)),
    unitNumber: orNull(text('Unit number', 20)),
    city: requiredText('City or town', PEOPLE_LIMITS.text),
    state: orNull(text('State', 40)),
    zip: orNull(
      z
        .string({ error: 'ZIP code must be 5 digits, or 5+4' })
        .trim()
        .regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 5 digits, or 5+4'),
    ),
    province: orNull(text('Province')),
    postalCode: orNull(text('Postal code', 20)),
    country: z.preprocess(
      (v) => (v == null || (typeof v === 'string' && !v.trim()) ? 'United States' : v),
      text('Country'),
    ),
  })
  .refine((a) => !a.unitNumber || a.unitType, {
    message: 'Address: choose Apt., Ste. or Flr. for the unit number',
    path: ['unitType'],
  })
  .refine((a) => !a.from || !a.to || a.from <= a.to, {
    message: 'Address: the move-out date is before the move-in date',
    path: ['to'],
  });

const marriageSchema = z
  .object({
    spouseFamilyName: requiredText("Spouse's family name", PEOPLE_LIMITS.name),
    spouseGivenName: orNull(text("Spouse's given name", PEOPLE_LIMITS.name)),
    spouseDateOfBirth: date("Spouse's date of birth"),
    date: date('Date of marriage'),
    place: orNull(text('Place of marriage')),
    endedOn: date('Date the marriage ended'),
    howEnded: orNull(choice('How the marriage ended', MARRIAGE_ENDINGS)),
  })
  .refine((m) => Boolean(m.endedOn) === Boolean(m.howEnded), {
    message: 'Marriage: give both the date it ended and how, or neither',
    path: ['howEnded'],
  });

const yesNo = (label: string) => orNull(z.enum(['yes', 'no'], { error: `${label}: answer yes or no` }));

const relativeSchema = z.object({
  familyName: requiredText('Family name', PEOPLE_LIMITS.name),
  givenName: orNull(text('Given name', PEOPLE_LIMITS.name)),
  middleName: orNull(text('Middle name', PEOPLE_LIMITS.name)),
  aNumber: orNull(aNumberField),
  livingWithYou: yesNo('Lives with the person'),
  applyingWithYou: yesNo('Applying with the person'),
  sex: orNull(choice('Sex', SEXES)),
  dateOfBirth: date('Date of birth'),
  cityOfBirth: orNull(text('City of birth')),
  countryOfBirth: orNull(text('Country of birth')),
  residence: orNull(text('Where they live')),
});

const employmentSchema = z.object({
  employer: requiredText('Employer', PEOPLE_LIMITS.text),
  occupation: orNull(text('Occupation')),
  from: date('Employed from'),
  to: date('Employed until'),
  city: orNull(text('City')),
  state: orNull(text('State', 40)),
  country: orNull(text('Country')),
});

const tripSchema = z
  .object({
    departed: dateField('Date of departure'),
    returned: date('Date of return'),
    countries: list('Countries visited', text('Country')).default([]),
  })
  .refine((t) => !t.returned || t.departed <= t.returned, {
    message: 'Trip: the return is before the departure',
    path: ['returned'],
  });

const passportSchema = z.object({
  number: requiredText('Passport number', 20),
  country: requiredText('Country of issuance', PEOPLE_LIMITS.text),
  issued: date('Passport issue date'),
  expires: date('Passport expiration date'),
});

const i94Schema = z.object({
  number: z
    .string({ error: 'I-94 number must be 11 characters' })
    .trim()
    .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
    .refine((v) => /^[0-9A-Z]{11}$/.test(v), 'I-94 number must be 11 characters'),
  admitUntil: orNull(
    z
      .string()
      .trim()
      .refine(
        (v) => v.toUpperCase() === 'D/S' || /^\d{4}-\d{2}-\d{2}$/.test(v),
        'Admit until must be a date or D/S',
      ),
  ),
  classOfAdmission: orNull(text('Class of admission', 10)),
});

const lastEntrySchema = z.object({
  date: date('Date of last entry'),
  place: orNull(text('Place of last entry')),
  status: orNull(text('Status at last entry', 60)),
});

/** The facts of a person, each optional in a change; lists and records are written whole. */
const personFacts = {
  middleName: nullable(text('Middle name', PEOPLE_LIMITS.name)),
  otherNames: list('Other names used', nameSchema).optional(),
  dateOfBirth: nullable(dateField('Date of birth')),
  cityOfBirth: nullable(text('City of birth')),
  countryOfBirth: nullable(text('Country of birth')),
  sex: nullable(choice('Sex', SEXES)),
  citizenships: list('Citizenships', text('Citizenship', CASE_LIMITS.country).min(1)).optional(),
  aNumber: nullable(aNumberField),
  uscisAccountNumber: nullable(uscisAccountField),
  ssn: nullable(ssnField),
  email: nullable(text('Email', CASE_LIMITS.email).regex(EMAIL_PATTERN, 'Enter a valid email')),
  phone: nullable(text('Phone', CASE_LIMITS.phone).regex(PHONE_PATTERN, 'Enter a valid phone number')),
  language: choice('Language', LANGUAGES).optional(),
  passport: z.preprocess(blankToNull, passportSchema.nullable()).optional(),
  i94: z.preprocess(blankToNull, i94Schema.nullable()).optional(),
  lastEntry: z.preprocess(blankToNull, lastEntrySchema.nullable()).optional(),
  currentStatus: nullable(text('Current immigration status', 60)),
  address: nullable(text('Address', CASE_LIMITS.address)),
  addresses: list('Addresses', addressSchema).optional(),
  marriages: list('Marriages', marriageSchema).optional(),
  parents: list('Parents', relativeSchema, 2).optional(),
  children: list('Children', relativeSchema).optional(),
  employment: list('Employment', employmentSchema).optional(),
  trips: list('Trips outside the United States', tripSchema).optional(),
  /** Merged into the facts on record: a key set to null is taken out. */
  formFacts: z
    .record(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'Form facts: a key is lowercase letters, digits and hyphens'),
      z.union([z.string().trim().max(2000), z.number().finite(), z.boolean(), z.null()], {
        error: 'Form facts: a value is text, a number, true or false, or null',
      }),
    )
    .refine((facts) => Object.keys(facts).length <= 500, 'Form facts: at most 500 at once')
    .optional(),
};

/** POST {API}/people. One name alone is the family name (USCIS's rule). confirmNew: add despite matches. */
export const newPersonSchema = z.object({
  familyName: requiredText('Family name', PEOPLE_LIMITS.name),
  givenName: optionalText('Given name', PEOPLE_LIMITS.name),
  ...personFacts,
  confirmNew: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()).optional(),
});

/** PATCH {API}/people/{id}: any of the facts. */
export const personChangeSchema = z.object({
  familyName: requiredText('Family name', PEOPLE_LIMITS.name).optional(),
  givenName: text('Given name', PEOPLE_LIMITS.name).optional(),
  ...personFacts,
});

export const personListQuery = z.object({
  q: caseListQuery.shape.q,
  page: caseListQuery.shape.page,
  pageSize: z.coerce
    .number({ error: `pageSize must be 1 to ${PEOPLE_LIMITS.pageSize}` })
    .int()
    .min(1, `pageSize must be 1 to ${PEOPLE_LIMITS.pageSize}`)
    .max(PEOPLE_LIMITS.pageSize, `pageSize must be 1 to ${PEOPLE_LIMITS.pageSize}`)
    .default(50),
});

/** GET {API}/people/matches: who the person being added may already be. */
export const matchesQuery = z
  .object({
    familyName: nullable(text('Family name', PEOPLE_LIMITS.name)),
    givenName: nullable(text('Given name', PEOPLE_LIMITS.name)),
    dateOfBirth: nullable(dateField('Date of birth')),
    aNumber: nullable(aNumberField),
  })
  .refine((q) => q.familyName || q.aNumber, {
    message: 'Give a family name or an A-number to look for',
    path: ['familyName'],
  });

export const organizationSchema = z.object({
  name: requiredText('Employer name', PEOPLE_LIMITS.text),
  fein: orNull(
    z
      .string({ error: 'FEIN must be 9 digits, such as 12-3456789' })
      .trim()
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => /^\d{9}$/.test(v), 'FEIN must be 9 digits, such as 12-3456789'),
  ),
  street: orNull(text('Street')),
  city: orNull(text('City')),
  state: orNull(text('State', 40)),
  zip: orNull(text('ZIP code', 10)),
  country: orNull(text('Country')),
  employeeCount: orNull(
    z.coerce
      .number({ error: 'Employee count must be a whole number' })
      .int('Employee count must be a whole number')
      .min(0, 'Employee count cannot be negative')
      .max(10_000_000, 'Employee count is too large'),
  ),
  naicsCode: orNull(
    z
      .string({ error: 'NAICS code must be 2 to 6 digits' })
      .trim()
      .regex(/^\d{2,6}$/, 'NAICS code must be 2 to 6 digits'),
  ),
  nonprofit: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()).default(false),
});

const ROLE_MESSAGE = `Role must be one of ${PARTY_ROLES.join(', ')}`;

/**
 * POST {API}/cases/{id}/parties: a role and who holds it: a person of the firm by ID, or a new person; an
 * employer is an organization.
 */
export const newPartySchema = z
  .object({
    role: z.enum(PARTY_ROLES, { error: ROLE_MESSAGE }),
    personId: nullable(
      z.string({ error: 'Person must be an ID' }).trim().regex(UUID, 'Person must be an ID'),
    ),
    person: newPersonSchema.optional(),
    organization: organizationSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.role === 'employer') {
      if (!v.organization)
        ctx.addIssue({
          code: 'custom',
          message: 'An employer needs its organization: name, FEIN and address',
          path: ['organization'],
        });
    } else if (!v.personId && !v.person) {
      ctx.addIssue({
        code: 'custom',
        message: 'Choose a person of the firm, or add a new one',
        path: ['personId'],
      });
    } else if (v.personId && v.person) {
      ctx.addIssue({
        code: 'custom',
        message: 'Give either a person of the firm or a new person, not both',
        path: ['personId'],
      });
    }
  });

export type NewPerson = z.output<typeof newPersonSchema>;
export type PersonChange = z.output<typeof personChangeSchema>;
export type MatchesQuery = z.output<typeof matchesQuery>;
export type NewParty = z.output<typeof newPartySchema>;
export type OrganizationInput = z.output<typeof organizationSchema>;
