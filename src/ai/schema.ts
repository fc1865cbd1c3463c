import { z } from 'zod';
import { DEADLINE_KINDS, DEADLINE_STATES } from '../shared/ai';
import { FORM_CODES, FORM_TYPES } from '../shared/cases';
import { isIsoDate } from '../shared/dates';
import {
  type FactName,
  factsShape,
  NATURALIZATION_PATHS,
  RESPONSE_NOTICE_TYPES,
  rulesRequestSchema,
  SPONSORED_RELATIONSHIPS,
} from '../shared/facts';
import { US_STATES } from '../shared/settings';

/** The words for the shape a value should have had. */
const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
};

/** A refusal's field, named in full ("facts.noticeDate"), and its message naming it. */
function refusalOf(issue: z.core.$ZodIssue): { field: string; message: string } {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const field = [...path, issue.keys[0]].join('.');
    const known = path.at(-1) === 'facts' || path.length === 0;
    return {
      field,
      message:
        known && path.length ? `${field} is not a fact the rules know` : `${field} is not expected here`,
    };
  }
  const field = path.join('.') || 'form';
  const name = path.at(-1) ?? '';
  let words = issue.message;
  if (issue.code === 'invalid_type') words = `must be ${EXPECTED[issue.expected] ?? issue.expected}`;
  if (issue.code === 'invalid_value')
    words = `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (!name) return { field, message: words };
  return { field, message: words.startsWith('must') ? `${name} ${words}` : `${name}: ${words}` };
}

/**
 * A schema whose refusals name each field in full ("facts.noticeDate", not just "facts"), so that a fact in
 * the wrong shape is refused naming it.
 */
function namingFields<S extends z.ZodType>(schema: S) {
  return z.unknown().transform((raw, ctx): z.output<S> => {
    const parsed = schema.safeParse(raw ?? {});
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const { field, message } = refusalOf(issue);
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
    return z.NEVER;
  });
}

/** POST {API}/ai/deadlines and /ai/compliance: `{caseId}` or `{facts, asOf}`. */
export const rulesRequestInput = namingFields(rulesRequestSchema);

/**
 * The facts a person enters for a case: every fact but the case's own fields (its form and due date are
 * changed on the case).
 */
const enteredFactsSchema = z.object(factsShape).omit({ form: true, caseDueDate: true }).partial().strict();
type EnteredFactName = Exclude<FactName, 'form' | 'caseDueDate'>;

/** PUT {API}/cases/{id}/facts: the facts entered for the case, all of them (a fact left out is cleared). */
export const enteredFactsInput = namingFields(enteredFactsSchema);

/** How a fact is typed on a page form: a date, a whole number, dollars, yes or no, or one of some choices. */
type FactInput =
  | { kind: 'date' | 'whole' | 'money' | 'yes-no' | 'text' }
  | { kind: 'choice'; options: ReadonlyArray<readonly [string, string]> };

const choice = (options: ReadonlyArray<readonly [string, string]>): FactInput => ({
  kind: 'choice',
  options,
});
const same = (values: readonly string[]) => values.map((v) => [v, v] as const);

const RELATIONSHIP_WORDS: Record<(typeof SPONSORED_RELATIONSHIPS)[number], string> = {
  spouse: 'Spouse',
  child: 'Child (under 18)',
  'adult-child': 'Son or daughter 18 or older',
  parent: 'Parent',
  sibling: 'Brother or sister',
  'orphan-to-be-adopted': 'Orphan to be adopted in the United States',
  other: 'Other relative',
};

/** Every fact's input on the page forms, in the order the forms ask them. */
export const FACT_INPUTS: Record<FactName, FactInput> = {
  form: choice(FORM_CODES.map((code) => [code, `${code}: ${FORM_TYPES[code]}`] as const)),
  filingDate: { kind: 'date' },
  caseDueDate: { kind: 'date' },
  dateOfBirth: { kind: 'date' },
  permanentResidentSince: { kind: 'date' },
  naturalizationPath: choice(same(NATURALIZATION_PATHS)),
  marriageDate: { kind: 'date' },
  spouseCitizenSince: { kind: 'date' },
  daysOutsideUS: { kind: 'whole' },
  longestTripDays: { kind: 'whole' },
  longAbsenceReturnDate: { kind: 'date' },
  noticeType: choice(same(RESPONSE_NOTICE_TYPES)),
  decidedBy: choice([
    ['uscis', 'USCIS'],
    ['immigration-judge', 'An immigration judge'],
  ]),
  noticeDate: { kind: 'date' },
  responsePeriodDays: { kind: 'whole' },
  printedDueDate: { kind: 'date' },
  servedByMail: { kind: 'yes-no' },
  conditionalResidenceExpires: { kind: 'date' },
  greenCardExpires: { kind: 'date' },
  eadExpires: { kind: 'date' },
  eadCategory: { kind: 'text' },
  eadRenewalFiledOn: { kind: 'date' },
  i94AdmitUntil: { kind: 'date' },
  passportExpires: { kind: 'date' },
  householdSize: { kind: 'whole' },
  householdIncome: { kind: 'money' },
  sponsorAssets: { kind: 'money' },
  sponsorIsCitizen: { kind: 'yes-no' },
  sponsorState: choice(Object.entries(US_STATES).map(([code, name]) => [code, `${code}: ${name}`] as const)),
  activeDutySponsor: { kind: 'yes-no' },
  sponsoredRelationship: choice(SPONSORED_RELATIONSHIPS.map((r) => [r, RELATIONSHIP_WORDS[r]] as const)),
};

/** The facts in the order the forms ask them. */
export const FACT_ORDER = Object.keys(FACT_INPUTS) as FactName[];
/** The facts a person may enter for a case, in the same order. */
export const ENTERED_FACTS = FACT_ORDER.filter(
  (name): name is EnteredFactName => name !== 'form' && name !== 'caseDueDate',
);

/**
 * A page form's text fields as facts: an empty field is a fact not given; numbers may be written with
 * commas or a dollar sign; yes and no are booleans. What cannot be read is passed on as typed, so that the
 * schema refuses it naming the fact.
 */
export function factsFromForm(fields: Record<string, string>, names: readonly FactName[]) {
  const facts: Record<string, unknown> = {};
  for (const name of names) {
    const text = (fields[name] ?? '').trim();
    if (!text) continue;
    const input = FACT_INPUTS[name];
    if (input.kind === 'whole' || input.kind === 'money') {
      const digits = text.replace(/[$,\s]/g, '');
      facts[name] = /^\d+(\.\d+)?$/.test(digits) ? Number(digits) : text;
    } else if (input.kind === 'yes-no') facts[name] = text === 'yes' ? true : text === 'no' ? false : text;
    else facts[name] = text;
  }
  return facts;
}

/** A fact's value as a page form shows it in its field. */
export function formValueOf(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return value === undefined || value === null ? '' : String(value);
}

const day = (name: string) =>
  z.string().trim().refine(isIsoDate, `${name} must be a real date written YYYY-MM-DD, such as 2026-11-23`);
/** A form's empty field is a value left out. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** GET {API}/deadlines: `from`, `to`, `caseId`, `assignee` (a user's ID, or "me"), `state`. */
export const docketQueryInput = z.object({
  from: optional(day('from')),
  to: optional(day('to')),
  caseId: optional(z.uuid({ error: 'caseId must be a case ID' })),
  assignee: optional(
    z
      .string()
      .refine((v) => v === 'me' || z.uuid().safeParse(v).success, 'assignee must be a user ID or "me"'),
  ),
  state: optional(z.enum(DEADLINE_STATES, { error: `state must be one of ${DEADLINE_STATES.join(', ')}` })),
});

/** PATCH {API}/deadlines/{id}: `state` done, dismissed (with its `reason`) or open again. */
export const deadlineStateInput = z
  .object({
    state: z.enum(['done', 'dismissed', 'open'], { error: 'state must be one of done, dismissed, open' }),
    reason: optional(z.string().trim().max(500, 'reason must be at most 500 characters')),
  })
  .refine((change) => change.state !== 'dismissed' || change.reason, {
    path: ['reason'],
    message: 'Give the reason the deadline is dismissed.',
  });

/** POST {API}/cases/{id}/deadlines: a deadline entered by hand. */
export const newDeadlineInput = z.object({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'Give the deadline a title.')
    .max(200, 'title must be at most 200 characters'),
  date: day('date'),
  kind: optional(
    z.enum(DEADLINE_KINDS, { error: `kind must be one of ${DEADLINE_KINDS.join(', ')}` }),
  ).transform((kind) => kind ?? 'deadline'),
  explanation: optional(z.string().trim().max(1000, 'explanation must be at most 1,000 characters')),
  filing: optional(z.string().trim().max(40, 'filing must be at most 40 characters')),
  ownerId: optional(z.uuid({ error: 'ownerId must be a user ID' })),
});
