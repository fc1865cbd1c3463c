import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { createOutbox } from '../mail/sender';
import { PRODUCT_NAME } from '../shared/constants';
import type { ContactInput } from '../shared/validation';
import { createContactStore } from './store';

/** Stores a contact request and, in the same transaction, queues the sales team's notification. */
export function createContactService(deps: { db: Kysely<DB>; salesEmail: string }) {
  return {
    submit: (request: ContactInput): Promise<string> =>
      deps.db.transaction().execute(async (trx) => {
        const id = await createContactStore(trx).insert(request);
        await createOutbox(trx).enqueue({
          to: deps.salesEmail,
          subject: `${PRODUCT_NAME}: contact request from ${request.name}`,
          text: [
            'A visitor asked to be contacted.',
            '',
            `Name: ${request.name}`,
            `Firm: ${request.firm || '(not given)'}`,
            `Phone: ${request.phone}`,
            `Email: ${request.email}`,
            '',
            `Request ID: ${id}`,
          ].join('\n'),
        });
        return id;
      }),
  };
}

export type ContactService = ReturnType<typeof createContactService>;
