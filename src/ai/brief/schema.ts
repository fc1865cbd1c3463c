import { z } from 'zod';
import { BRIEF_FORMATS, BRIEF_TEMPLATE_CODES, EXPEDITE_CRITERIA, PAYMENT_METHODS } from '../../shared/ai';
import { LANGUAGES } from '../../shared/people';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORM_CODE = /^(?:[A-Z]{1,2}-\d{1,4}[A-Z]?)$/;
/** An edited paragraph: a letter's paragraph is rarely longer. */
export const PARAGRAPH_MAX = 4_000;

const caseId = z
  .string({ error: 'Choose a case' })
  .trim()
  .min(1, 'Choose a case')
  .regex(UUID, 'caseId must be a case ID')
  .transform((v) => v.toLowerCase());

/** A form field sends one value as a string, several as an array: both read as a list. */
const list = <T extends z.ZodType>(item: T, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v === '' ? [] : [v]) : v),
    z.array(item, { error: message }).max(max, message),
  );

/**
 * What the attorney chose for a draft, all optional: the exhibits in their order (document IDs of the case),
 * rewritten paragraphs by id, the forms of a filing, how the fees are paid, an expedite's criterion, and
 * whether a bona fide marriage summary asks for the exemption of a marriage during proceedings.
 */
export const briefChoices = z.object({
  language: z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` }).optional(),
  exhibits: list(
    z.string().trim().regex(UUID, 'exhibits must be document IDs of the case'),
    60,
    'exhibits must be at most 60 document IDs of the case',
  ).optional(),
  text: z
    .record(
      z.string().regex(/^[a-z][a-z0-9-]{0,40}$/, 'text must name paragraphs by their id'),
      z
        .string({ error: 'Each paragraph’s text must be text' })
        .max(
          PARAGRAPH_MAX,
          `A paragraph may hold at most ${PARAGRAPH_MAX.toLocaleString('en-US')} characters`,
        ),
      { error: 'text must be an object of paragraphs by their id' },
    )
    .optional(),
  forms: list(
    z.string().trim().toUpperCase().regex(FORM_CODE, 'forms must be USCIS form codes such as I-130'),
    12,
    'forms must be at most 12 USCIS form codes',
  ).optional(),
  paymentMethod: z
    .enum(PAYMENT_METHODS, { error: `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}` })
    .optional(),
  criterion: z
    .enum(EXPEDITE_CRITERIA, { error: `criterion must be one of ${EXPEDITE_CRITERIA.join(', ')}` })
    .optional(),
  exemption: z.boolean({ error: 'exemption must be true or false' }).optional(),
});
export type BriefChoices = z.output<typeof briefChoices>;

const template = z.enum(BRIEF_TEMPLATE_CODES, {
  error: `template must be one of ${BRIEF_TEMPLATE_CODES.join(', ')}`,
});

/** POST {API}/ai/brief/draft: the draft as JSON, to review and edit before generating. */
export const draftInput = briefChoices.extend({ caseId, template });
export type DraftInput = z.output<typeof draftInput>;

/** POST {API}/ai/brief, and the page's form: which case, which template, which file, and the choices. */
export const briefInput = draftInput.extend({
  format: z.enum(BRIEF_FORMATS, { error: `format must be one of ${BRIEF_FORMATS.join(', ')}` }),
});
export type BriefInput = z.output<typeof briefInput>;
