import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type OutgoingEmail = { to: string; subject: string; text: string };

/** Emails waiting to be sent: kept in the database so that none is lost when sending fails. */
export function createOutboxStore(db: Kysely<DB>) {
  return {
    async enqueue(email: OutgoingEmail): Promise<string> {
      const row = await db
        .insertInto('outbox')
        .values({
          to_address: email.to,
          subject: email.subject,
          text_body: email.text,
          last_error: null,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
