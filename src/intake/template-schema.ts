import { z } from 'zod';
import { PARTY_ROLES } from '../shared/people';

/**
 * A questionnaire template is data (src/intake/templates/*.json): sections of questions, each with its id,
 * its words in English and Spanish, its answer type and rules, the person field it fills (of the party the
 * questionnaire is sent to, or of another party of the case), when it is shown, and where the form asks it.
 * This schema checks every template when it is loaded, so a bad template stops start-up, never a client.
 */

const words = z.object({ en: z.string().min(1), es: z.string().min(1) }).strict();

export const ANSWER_TYPES = [
  'text',
  'textarea',
  'date',
  'email',
  'tel',
  'number',
  'yesno',
  'select',
  'countries',
  'group',
] as const;

/**
 * The person field a question fills: a Person JSON name (`familyName`, `dateOfBirth`, `citizenships`), a
 * field of a record (`passport.number`, `i94.admitUntil`, `lastEntry.date`), a list for a group
 * (`addresses`, `marriages`, `parents`, `children`, `employment`, `trips`, `otherNames`), a field of a
 * group's entry (its sub-question's `field`, such as `street`), or a form fact (`formFacts.<key>`: the
 * yes/no eligibility answers and other form-specific facts such as household size).
 */
const fills = z
  .object({
    /** Whose record: the party the questionnaire is sent to (`self`, the default) or another role's. */
    party: z.enum(['self', ...PARTY_ROLES]).default('self'),
    field: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*(\.[a-zA-Z0-9-]+)?$/),
  })
  .strict();

/** Shown only when an earlier answer (by question id) equals one value, or is one of several. */
const showIf = z
  .object({
    question: z.string().min(1),
    equals: z.union([z.string(), z.boolean()]).optional(),
    in: z.array(z.string()).optional(),
  })
  .strict()
  .refine((c) => (c.equals === undefined) !== (c.in === undefined), 'showIf needs equals or in');

const validation = z
  .object({
    pattern: z.string().optional(),
    max: z.number().int().positive().optional(),
    min: z.number().optional(),
    message: words.optional(),
  })
  .strict();

type QuestionShape = {
  id: string;
  type: (typeof ANSWER_TYPES)[number];
  label: { en: string; es: string };
  help?: { en: string; es: string };
  required?: boolean;
  fills?: z.output<typeof fills>;
  options?: Array<{ value: string; label: { en: string; es: string } }>;
  showIf?: z.output<typeof showIf>;
  validation?: z.output<typeof validation>;
  source?: string;
  fields?: QuestionShape[];
};

export const questionSchema: z.ZodType<QuestionShape> = z.lazy(() =>
  z
    .object({
      id: z.string().regex(/^[a-z][a-zA-Z0-9-]*$/),
      type: z.enum(ANSWER_TYPES),
      label: words,
      help: words.optional(),
      required: z.boolean().optional(),
      fills: fills.optional(),
      options: z
        .array(z.object({ value: z.string().min(1), label: words }).strict())
        .min(2)
        .optional(),
      showIf: showIf.optional(),
      validation: validation.optional(),
      /** Where the form asks it: "N-400 Part 9, Item 1". */
      source: z.string().optional(),
      /** A group's questions, asked once per entry of the list it fills. */
      fields: z.array(questionSchema).min(1).optional(),
    })
    .strict()
    .refine(
      (q) => (q.type === 'select') === Boolean(q.options),
      'a select question needs options, and only it',
    )
    .refine((q) => (q.type === 'group') === Boolean(q.fields), 'a group question needs fields, and only it'),
);

export const templateSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z-]*$/),
    title: words,
    description: words,
    /** The USCIS forms whose questions it covers. */
    forms: z.array(z.string().regex(/^[A-Z]-?\d+[A-Z]?$/)).min(1),
    /** The role it is usually sent to. */
    party: z.enum(PARTY_ROLES),
    sections: z
      .array(
        z
          .object({
            id: z.string().regex(/^[a-z][a-z0-9-]*$/),
            title: words,
            intro: words.optional(),
            questions: z.array(questionSchema).min(1),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

export type QuestionnaireTemplate = z.output<typeof templateSchema>;
export type Question = QuestionShape;
