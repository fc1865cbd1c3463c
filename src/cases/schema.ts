import { z } from 'zod';
import {
  A_NUMBER_MESSAGE,
  A_NUMBER_PATTERN,
  CASE_LIMITS,
  CASE_SORTS,
  CASE_STATUSES,
  CASE_TYPES,
  DEFAULT_CASE_SORT,
  DECISION_DATE_MISSING,
  FORM_CODES,
  isDecision,
  RECEIPT_MESSAGE,
  RECEIPT_PATTERN,
  STATUS_FILTER_NAMES,
} from '../shared/cases';
import { isIsoDate } from '../shared/dates';
import { optionalText, requiredText } from '../shared/fields';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../shared/validation';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A field a form leaves empty, or JSON sets to null, is cleared; left out, it stays as it is. */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
export const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToNull, schema.nullable()).optional();

export const caseTypeField = z.enum(CASE_TYPES, {
  error: 'Case type must be visa, citizenship, asylum or family',
});
export const formTypeField = z.enum(FORM_CODES, {
  error: `Form type must be one of ${FORM_CODES.join(', ')}`,
});
export const statusField = z.enum(CASE_STATUSES, {
  error: `Status must be one of ${CASE_STATUSES.join(', ')}`,
});

/** A calendar date written YYYY-MM-DD, as the API and a browser's date field send it. */
export const dateField = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isIsoDate, `${label} must be a real date written YYYY-MM-DD, such as 2026-11-23`);

const idField = (label: string) =>
  z
    .string({ error: `${label} must be an ID` })
    .trim()
    .regex(UUID, `${label} must be an ID`)
    .transform((v) => v.toLowerCase());

/** Dollars to the cent: 1250, 1250.5 or, from a form, "$1,250.50". */
const moneyField = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? Number(v.replace(/[$,\s]/g, '')) : v),
    z
      .number({ error: `${label} must be an amount in dollars, such as 1250.00` })
      .finite(`${label} must be an amount in dollars, such as 1250.00`)
      .min(0, `${label} cannot be negative`)
      .max(CASE_LIMITS.money, `${label} must be at most $${CASE_LIMITS.money.toLocaleString('en-US')}`)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} must be whole cents`),
  );

export const receiptField = z
  .string({ error: RECEIPT_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
  .refine((v) => RECEIPT_PATTERN.test(v), RECEIPT_MESSAGE);

/** The facts of a case that a person sets, the same for a new case and a change. */
const caseFacts = {
  caseType: caseTypeField,
  formType: formTypeField,
  assigneeId: nullable(idField('Assigned to')),
  dueDate: nullable(dateField('Due date')),
  description: optionalText('Description', CASE_LIMITS.description),
  receiptNumber: nullable(receiptField),
  priorityDate: nullable(dateField('Priority date')),
  legalFee: nullable(moneyField('Legal fee')),
  amountPaid: nullable(moneyField('Amount paid')),
};

const clientNameField = requiredText('Client name', CASE_LIMITS.name * 2);

/** POST {API}/cases and the create-case forms: the client by ID, or by name (created when new). */
export const newCaseSchema = z
  .object({
    clientId: z.preprocess(blankToNull, idField('Client').optional().nullable()),
    clientName: z.preprocess(blankToNull, clientNameField.optional().nullable()),
    ...caseFacts,
  })
  .refine((v) => v.clientId || v.clientName, {
    message: 'Client name is required',
    path: ['clientName'],
    // Said beside the field even while other fields are wrong too (it reads only these two).
    when: () => true,
  });

/** The day USCIS decided, with a move to approved or rejected. */
const decidedOnField = dateField('Decision date');

/**
 * PUT and PATCH {API}/cases/{id}: any of the facts, the client, and the status (a move); with a move to
 * approved or rejected, the day USCIS decided (today in the firm's time zone when left out).
 */
export const caseChangeSchema = z.object({
  clientId: idField('Client').optional(),
  caseType: caseTypeField.optional(),
  formType: formTypeField.optional(),
  assigneeId: caseFacts.assigneeId,
  dueDate: caseFacts.dueDate,
  // Left out, it stays as it is (optionalText would default it to empty, clearing it).
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(CASE_LIMITS.description, `Description must be at most ${CASE_LIMITS.description} characters`)
    .optional(),
  receiptNumber: caseFacts.receiptNumber,
  priorityDate: caseFacts.priorityDate,
  legalFee: caseFacts.legalFee,
  amountPaid: caseFacts.amountPaid,
  status: statusField.optional(),
  decidedOn: nullable(decidedOnField),
});

/**
 * The pages' move forms: the status, and with a decision the day USCIS decided, which the page always
 * asks for (a form that posts a decision without it is taken to that question).
 */
export const moveSchema = z
  .object({ status: statusField, decidedOn: decidedOnField.optional() })
  .refine((move) => !isDecision(move.status) || move.decidedOn !== undefined, {
    message: DECISION_DATE_MISSING,
    path: ['decidedOn'],
  });

/** An administrator reopens a decision recorded by mistake, saying why. */
export const reopenSchema = z.object({ reason: requiredText('Reason', CASE_LIMITS.reopenReason) });

/** An empty filter (a form's "All" option) is no filter. */
const filter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === undefined ? undefined : v), schema.optional());

/** GET {API}/cases and GET {API}/cases/export: the search, the filters, the order and one page. */
export const caseListQuery = z.object({
  q: z
    .string({ error: 'q must be text' })
    .trim()
    .max(CASE_LIMITS.search, `q must be at most ${CASE_LIMITS.search} characters`)
    .default(''),
  status: filter(
    z.enum(STATUS_FILTER_NAMES, { error: `status must be one of ${STATUS_FILTER_NAMES.join(', ')}` }),
  ),
  type: filter(caseTypeField),
  formType: filter(formTypeField),
  assignee: filter(
    z.union([z.enum(['me', 'none']), idField('assignee')], { error: 'assignee must be an ID, me or none' }),
  ),
  dueBefore: filter(dateField('dueBefore')),
  dueAfter: filter(dateField('dueAfter')),
  sort: z
    .enum(CASE_SORTS, { error: `sort must be one of ${CASE_SORTS.join(', ')}` })
    .default(DEFAULT_CASE_SORT),
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be 1 to ${CASE_LIMITS.pageSize}` })
    .int()
    .min(1, `pageSize must be 1 to ${CASE_LIMITS.pageSize}`)
    .max(CASE_LIMITS.pageSize, `pageSize must be 1 to ${CASE_LIMITS.pageSize}`)
    .default(50),
});
export type CaseListQuery = z.output<typeof caseListQuery>;

/** A person's date of birth: a real date, not in the future (checked against today by the service). */
const clientFacts = {
  email: nullable(z.string().trim().max(CASE_LIMITS.email).regex(EMAIL_PATTERN, 'Enter a valid email')),
  phone: nullable(
    z.string().trim().max(CASE_LIMITS.phone).regex(PHONE_PATTERN, 'Enter a valid phone number'),
  ),
  dateOfBirth: nullable(dateField('Date of birth')),
  countryOfCitizenship: nullable(z.string().trim().max(CASE_LIMITS.country)),
  aNumber: nullable(
    z
      .string({ error: A_NUMBER_MESSAGE })
      .trim()
      .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
      .refine((v) => A_NUMBER_PATTERN.test(v), A_NUMBER_MESSAGE),
  ),
  address: nullable(z.string().trim().max(CASE_LIMITS.address)),
};

/** USCIS's convention for a person with one name: it is the family name, and the given name stays empty. */
export const newClientSchema = z.object({
  firstName: optionalText('First name', CASE_LIMITS.name),
  lastName: requiredText('Last name', CASE_LIMITS.name),
  ...clientFacts,
});

export const clientChangeSchema = z.object({
  firstName: z
    .string({ error: 'First name must be text' })
    .trim()
    .max(CASE_LIMITS.name, `First name must be at most ${CASE_LIMITS.name} characters`)
    .optional(),
  lastName: requiredText('Last name', CASE_LIMITS.name).optional(),
  ...clientFacts,
});

export const clientListQuery = z.object({
  q: caseListQuery.shape.q,
  page: caseListQuery.shape.page,
  pageSize: caseListQuery.shape.pageSize,
});

export type NewCase = z.output<typeof newCaseSchema>;
export type CaseChangeInput = z.output<typeof caseChangeSchema>;
export type NewClient = z.output<typeof newClientSchema>;
export type ClientChangeInput = z.output<typeof clientChangeSchema>;
