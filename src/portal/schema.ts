import { z } from 'zod';
import { blankToNull, UUID } from '../cases/schema';
import { requiredText } from '../shared/fields';
import { LANGUAGES } from '../shared/people';
import { MESSAGE_MAX, PORTAL_MESSAGES, REQUEST_NOTE_MAX, REQUEST_TITLE_MAX } from '../shared/portal';

const personIdField = z
  .preprocess(
    (v) => (blankToNull(v) === null ? undefined : v),
    z.string({ error: PORTAL_MESSAGES.choosePerson }).trim().regex(UUID, PORTAL_MESSAGES.choosePerson),
  )
  .optional();

/** POST {API}/cases/{id}/portal-accounts: the person of the case to invite. */
export const inviteSchema = z.object({
  personId: z
    .string({ error: PORTAL_MESSAGES.choosePerson })
    .trim()
    .regex(UUID, PORTAL_MESSAGES.choosePerson),
});

/** POST {API}/cases/{id}/document-requests: whom (the beneficiary by default), what, and a note. */
export const requestSchema = z.object({
  personId: personIdField,
  title: z
    .string({ error: PORTAL_MESSAGES.titleRequired })
    .trim()
    .min(1, PORTAL_MESSAGES.titleRequired)
    .max(REQUEST_TITLE_MAX, `The document's name must be at most ${REQUEST_TITLE_MAX} characters`),
  note: z.preprocess(
    blankToNull,
    z
      .string({ error: 'Note must be text' })
      .trim()
      .max(REQUEST_NOTE_MAX, `Note must be at most ${REQUEST_NOTE_MAX} characters`)
      .nullable()
      .optional(),
  ),
});
export type RequestInput = z.output<typeof requestSchema>;

/** POST {API}/document-requests/{id}/return. */
export const returnRequestSchema = z.object({
  reason: z
    .string({ error: PORTAL_MESSAGES.reasonRequired })
    .trim()
    .min(1, PORTAL_MESSAGES.reasonRequired)
    .max(REQUEST_NOTE_MAX, `Reason must be at most ${REQUEST_NOTE_MAX} characters`),
});

/** POST {API}/cases/{id}/messages: the firm writes to a person of the case (the beneficiary by default). */
export const messageSchema = z.object({
  personId: personIdField,
  body: requiredText('Message', MESSAGE_MAX),
});
export type MessageInput = { personId?: string; body: string };

/**
 * POST {API}/portal/matters/{id}/messages: a client's message. Its limits are checked by the service, in
 * the client's language; anything far past them is refused here.
 */
export const clientMessageSchema = z.object({
  body: z
    .string({ error: 'body must be text' })
    .max(MESSAGE_MAX * 4, `body must be at most ${MESSAGE_MAX} characters`),
});

/** PUT {API}/portal/language. */
export const languageSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'Language must be en or es' }),
});
