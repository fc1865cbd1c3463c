import { z } from 'zod';
import { BRIEF_FORMATS, BRIEF_TEMPLATE_CODES } from '../../shared/ai';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST {API}/ai/brief, and the page's form: which case, which template, which file. */
export const briefInput = z.object({
  caseId: z
    .string({ error: 'Choose a case' })
    .trim()
    .min(1, 'Choose a case')
    .regex(UUID, 'caseId must be a case ID')
    .transform((v) => v.toLowerCase()),
  template: z.enum(BRIEF_TEMPLATE_CODES, {
    error: `template must be one of ${BRIEF_TEMPLATE_CODES.join(', ')}`,
  }),
  format: z.enum(BRIEF_FORMATS, { error: `format must be one of ${BRIEF_FORMATS.join(', ')}` }),
});
export type BriefInput = z.output<typeof briefInput>;
