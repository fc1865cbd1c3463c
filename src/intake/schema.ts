import { z } from 'zod';
import { UUID } from '../cases/schema';
import { LANGUAGES } from '../shared/people';

/** POST {API}/cases/{id}/questionnaires. */
export const newQuestionnaireSchema = z.object({
  template: z.string({ error: 'Template is required' }).trim().min(1, 'Template is required'),
  partyId: z
    .string({ error: 'Choose a party of this case' })
    .trim()
    .regex(UUID, 'Choose a party of this case'),
  language: z
    .preprocess((v) => (v === '' ? undefined : v), z.enum(LANGUAGES, { error: 'Language must be en or es' }))
    .optional(),
  /** Send it to the person through the client portal (inviting them first when they have no sign-in). */
  send: z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean()).optional(),
});

/** POST {API}/questionnaires/{id}/answers: answers by question ID (a group's as a list of entries). */
export const answersSchema = z.object({
  answers: z.record(z.string().max(100), z.unknown(), {
    error: 'answers must be an object of answers by question ID',
  }),
});

export const returnSchema = z.object({
  note: z
    .string({ error: 'Say what should be looked at again' })
    .trim()
    .min(1, 'Say what should be looked at again')
    .max(2000, 'The note must be at most 2,000 characters'),
});
