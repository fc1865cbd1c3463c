import { z } from 'zod';
import { isIsoDate } from '../shared/dates';
import { FORM_GROUP_CODES, PACKET_FORM_CODES, type PacketForm } from '../shared/forms';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KNOWN = new Set<string>(PACKET_FORM_CODES);
const FORM_LIST = `${PACKET_FORM_CODES.slice(0, -1).join(', ')} and ${PACKET_FORM_CODES.at(-1)}`;

/** "I-999" → the refusal naming it and the forms there are. */
export const unknownFormMessage = (code: string) => `Unknown form: ${code}. The forms are ${FORM_LIST}.`;

/** One code or several (a page form's ticked boxes arrive as one value or a list). */
const formCodes = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z
    .array(z.string({ error: 'forms must be form codes, such as I-130' }).trim().toUpperCase(), {
      error: 'forms must be a list of form codes, such as ["I-130","I-130A"]',
    })
    .min(1, 'Choose at least one form')
    .max(PACKET_FORM_CODES.length, `Choose at most ${PACKET_FORM_CODES.length} forms`)
    .superRefine((codes, ctx) => {
      const unknown = codes.find((c) => !KNOWN.has(c));
      if (unknown) ctx.addIssue({ code: 'custom', message: unknownFormMessage(unknown) });
    })
    .transform((codes) => [...new Set(codes)] as PacketForm[]),
);

const packetShape = {
  caseId: z
    .string({ error: 'Choose a case' })
    .trim()
    .regex(UUID, 'Choose a case')
    .transform((v) => v.toLowerCase()),
  forms: formCodes.optional(),
  group: z
    .enum(FORM_GROUP_CODES, { error: `group must be one of ${FORM_GROUP_CODES.join(', ')}` })
    .optional(),
};

const eitherFormsOrGroup = {
  message: 'Send either forms (form codes) or group (family-based, employment-based or naturalization)',
  path: ['forms'],
};
const oneOf = (v: { forms?: unknown; group?: unknown }) =>
  (v.forms === undefined) !== (v.group === undefined);

/** POST {API}/forms/validate: a case and its forms, named or as a group. */
export const validateInput = z.object(packetShape).refine(oneOf, eitherFormsOrGroup);
export type ValidateInput = z.output<typeof validateInput>;

/** POST {API}/forms/generate: the same, and whether a draft (then errors do not stop it). */
export const generateInput = z
  .object({
    ...packetShape,
    // A page form's checkbox sends "on" when ticked and nothing when not.
    draft: z.preprocess(
      (v) => (v === 'on' || v === 'true' ? true : v === 'false' ? false : v),
      z.boolean({ error: 'draft must be true or false' }).default(false),
    ),
    filing: z.enum(['paper', 'online'], { error: 'filing must be paper or online' }).default('paper'),
  })
  .refine(oneOf, eitherFormsOrGroup);
export type GenerateInput = z.output<typeof generateInput>;

/** The fields sent beside an official edition's PDF (multipart). */
export const editionFields = z.object({
  /** Read from the form's footer when not given. */
  editionDate: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .refine(isIsoDate, 'Enter the edition date printed at the foot of the form, as a real date')
      .optional(),
  ),
});
export type EditionFields = z.output<typeof editionFields>;

/** "true"/"false" of a query string as a boolean; absent stays absent. */
const flag = (name: string) =>
  z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : v),
    z.boolean({ error: `${name} must be true or false` }).optional(),
  );
const count = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} cannot be negative`)
    .max(max, `${name} is at most ${max}`)
    .optional();

/** GET {API}/fees?forms=I-130,I-485&filing=paper&asOf=YYYY-MM-DD and the facts that change a fee. */
export const feesQuery = z.object({
  forms: z
    .string({ error: 'forms: name the forms, such as forms=I-130,I-485' })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string()).min(1, 'forms: name at least one form').max(20, 'forms: at most 20 forms')),
  filing: z.enum(['paper', 'online'], { error: 'filing must be paper or online' }).default('paper'),
  asOf: z.string().refine(isIsoDate, 'asOf must be a date, YYYY-MM-DD').optional(),
  employerFullTimeEmployees: count('employerFullTimeEmployees', 10_000_000),
  nonprofit: flag('nonprofit'),
  applicantAge: count('applicantAge', 130),
  withParent: flag('withParent'),
  withPendingI485: flag('withPendingI485'),
  i485FiledOn: z.string().refine(isIsoDate, 'i485FiledOn must be a date, YYYY-MM-DD').optional(),
  reducedFee: flag('reducedFee'),
});
export type FeesQuery = z.output<typeof feesQuery>;
