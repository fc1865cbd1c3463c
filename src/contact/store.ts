import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { ContactInput } from '../shared/validation';

export function createContactStore(db: Kysely<DB>) {
  return {
    async insert(request: ContactInput): Promise<string> {
      const row = await db
        .insertInto('contact_requests')
        .values(request)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type ContactStore = ReturnType<typeof createContactStore>;
