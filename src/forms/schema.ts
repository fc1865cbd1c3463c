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
  })
  .refine(oneOf, eitherFormsOrGroup);
export type GenerateInput = z.output<typeof generateInput>;

/** The fields sent beside an official edition's PDF (multipart). */
export const editionFields = z.object({
  editionDate: z
    .string({ error: 'Enter the edition date printed at the foot of the form' })
    .trim()
    .refine(isIsoDate, 'Enter the edition date printed at the foot of the form, as a real date'),
});
export type EditionFields = z.output<typeof editionFields>;
