import { z } from 'zod';
import { namingNestedFields } from '../http/validation';
import { FORM_CODES } from '../shared/cases';
import { isIsoDate } from '../shared/dates';

const day = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .refine(isIsoDate, `${name} must be a real date written YYYY-MM-DD, such as 2026-03-01`);
const dollars = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of dollars` })
    .int(`${name} must be whole dollars`)
    .min(1, `${name} must be at least $1`)
    .max(1_000_000, `${name} must be at most $1,000,000`);

/** Where the figures were published: the authority, and an https address to read it at. */
const source = {
  citation: z
    .string({ error: 'citation is required' })
    .trim()
    .min(3, 'Give the citation: the Federal Register notice or rule that publishes it.')
    .max(300, 'citation must be at most 300 characters'),
  sourceUrl: z
    .string({ error: 'sourceUrl is required' })
    .trim()
    .refine((url) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(url), 'sourceUrl must be an https:// address'),
};

const region = (name: string) =>
  z.object({
    firstPerson: dollars(`${name} first person`),
    eachAdditional: dollars(`${name} each additional person`),
  });

const poverty = z
  .object({
    kind: z.literal('poverty-guidelines'),
    year: z.coerce
      .number({ error: 'year must be a year' })
      .int('year must be a year')
      .min(2000, 'year must be 2000 or later')
      .max(2100, 'year must be 2100 or earlier'),
    effectiveFrom: day('effectiveFrom'),
    ...source,
    regions: z.object({
      contiguous: region('48 states and DC'),
      alaska: region('Alaska'),
      hawaii: region('Hawaii'),
    }),
  })
  .refine((t) => t.effectiveFrom.startsWith(`${t.year}-`), {
    path: ['effectiveFrom'],
    message: 'USCIS applies a year’s guidelines from a day of that year: check the date.',
  })
  // HHS's Alaska and Hawaii guidelines have always been higher than the 48 states': a lower one is a typo.
  .refine(
    (t) =>
      t.regions.alaska.firstPerson > t.regions.contiguous.firstPerson &&
      t.regions.hawaii.firstPerson > t.regions.contiguous.firstPerson,
    {
      path: ['regions'],
      message: 'The Alaska and Hawaii guidelines are higher than the 48 states’: check the figures.',
    },
  );

const fee = z.object({
  kind: z.literal('fee'),
  form: z.enum(FORM_CODES, { error: 'form must be a USCIS form code such as I-130' }),
  effectiveFrom: day('effectiveFrom'),
  paper: dollars('paper'),
  ...source,
});

const holiday = z.object({
  kind: z.literal('holiday'),
  effectiveFrom: day('effectiveFrom'),
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(3, 'Name the holiday.')
    .max(100, 'name must be at most 100 characters'),
  ...source,
});

/** POST {API}/rule-tables: one dated table, by its kind. */
const ruleTable = z.discriminatedUnion('kind', [poverty, fee, holiday], {
  error: 'kind must be one of poverty-guidelines, fee, holiday',
});
export const ruleTableInput = namingNestedFields(ruleTable);
export type RuleTableInput = z.output<typeof ruleTable>;

/** DELETE {API}/rule-tables/{id}: why it is withdrawn. */
export const withdrawInput = z.object({
  reason: z
    .string({ error: 'Give the reason the table is withdrawn.' })
    .trim()
    .min(3, 'Give the reason the table is withdrawn.')
    .max(500, 'reason must be at most 500 characters'),
});
