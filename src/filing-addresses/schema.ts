import { z } from 'zod';
import { isIsoDate } from '../shared/dates';
import { addressLinesOf, FILING_ADDRESS_LIMITS, formCodeOf } from '../shared/filing-addresses';

const { label, address, minLines, maxLines } = FILING_ADDRESS_LIMITS;

/** POST {API}/filing-addresses: where a form is filed, from a day, for the filers named. */
export const filingAddressInput = z.object({
  form: z.string({ error: 'form is required: a USCIS form code such as I-130' }).transform((text, ctx) => {
    const code = formCodeOf(text);
    if (!code) ctx.addIssue({ code: 'custom', message: 'form must be a USCIS form code such as I-130' });
    return code ?? '';
  }),
  label: z
    .string({ error: 'label must be text' })
    .trim()
    .max(label, `label must be at most ${label} characters`)
    .nullish()
    .transform((text) => text || null),
  address: z
    .string({ error: 'address is required: the lines of the form’s “Where to file” page' })
    .transform((text, ctx) => {
      // Counted as kept: a form post's CRLF line ends and blank lines do not count.
      const lines = addressLinesOf(text);
      if (lines.length === 0)
        ctx.addIssue({
          code: 'custom',
          message: 'address is required: the lines of the form’s “Where to file” page',
        });
      else if (lines.length < minLines)
        ctx.addIssue({
          code: 'custom',
          message: `address must have at least ${minLines} lines: the name or box, then the city, state and ZIP code`,
        });
      else if (lines.length > maxLines)
        ctx.addIssue({ code: 'custom', message: `address must have at most ${maxLines} lines` });
      else if (lines.join('\n').length > address)
        ctx.addIssue({ code: 'custom', message: `address must be at most ${address} characters` });
      return lines.join('\n');
    }),
  effectiveFrom: z
    .string({ error: 'effectiveFrom is required: the day USCIS applies the address from' })
    .trim()
    .refine(isIsoDate, 'effectiveFrom must be a real date written YYYY-MM-DD, such as 2026-03-01'),
  sourceUrl: z
    .string({ error: 'sourceUrl is required: the https:// address of the form’s “Where to file” page' })
    .trim()
    .refine((url) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(url), 'sourceUrl must be an https:// address'),
});
export type FilingAddressInput = z.output<typeof filingAddressInput>;

/** DELETE {API}/filing-addresses/{id}: why it is withdrawn. */
export const withdrawInput = z.object({
  reason: z
    .string({ error: 'Give the reason the address is withdrawn.' })
    .trim()
    .min(3, 'Give the reason the address is withdrawn.')
    .max(500, 'reason must be at most 500 characters'),
});
