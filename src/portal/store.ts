import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, DocumentRequestsTable, PortalMessagesTable } from '../db/schema';

export type RequestRow = Selectable<DocumentRequestsTable> & { document_name: string | null };
export type MessageRow = Selectable<PortalMessagesTable> & { author_name: string | null };

/** A client's sign-in, its person and the language they read. */
export type PortalAccount = {
  user_id: string;
  person_id: string;
  firm_id: string;
  language: 'en' | 'es';
  first_name: string;
  last_name: string;
  email: string | null;
};

/** The portal's tables (accounts, document requests, messages): the only place that queries them. */
export function createPortalStore(db: Kysely<DB>) {
  const accounts = () =>
    db
      .selectFrom('portal_accounts')
      .innerJoin('clients', 'clients.id', 'portal_accounts.person_id')
      .select([
        'portal_accounts.user_id',
        'portal_accounts.person_id',
        'portal_accounts.firm_id',
        'clients.language',
        'clients.first_name',
        'clients.last_name',
        'clients.email',
      ]);
  const requests = () =>
    db
      .selectFrom('document_requests')
      .leftJoin('documents', 'documents.id', 'document_requests.document_id')
      .selectAll('document_requests')
      .select('documents.name as document_name');
  const messages = () =>
    db
      .selectFrom('portal_messages')
      .leftJoin('users', 'users.id', 'portal_messages.author_id')
      .selectAll('portal_messages')
      .select((eb) =>
        eb.fn<string>('concat_ws', [eb.val(' '), 'users.first_name', 'users.last_name']).as('author_name'),
      );

  return {
    accountOfUser: (userId: string): Promise<PortalAccount | undefined> =>
      accounts().where('portal_accounts.user_id', '=', userId).executeTakeFirst(),

    accountOfPerson: (firmId: string, personId: string): Promise<PortalAccount | undefined> =>
      accounts()
        .where('portal_accounts.firm_id', '=', firmId)
        .where('portal_accounts.person_id', '=', personId)
        .executeTakeFirst(),

    /** The firm's people with a portal sign-in, and whether they have used it (a password chosen). */
    async accountsOf(firmId: string, personIds: string[]) {
      if (personIds.length === 0) return [];
      return db
        .selectFrom('portal_accounts')
        .innerJoin('users', 'users.id', 'portal_accounts.user_id')
        .select(['portal_accounts.person_id', 'users.login_id', 'users.status', 'users.last_login_at'])
        .where('portal_accounts.firm_id', '=', firmId)
        .where('portal_accounts.person_id', 'in', personIds)
        .execute();
    },

    async insertAccount(row: { user_id: string; person_id: string; firm_id: string; created_by: string }) {
      await db.insertInto('portal_accounts').values(row).execute();
    },

    /** The cases this person is a party of, with their roles in each. */
    mattersOf(firmId: string, personId: string, caseId?: string) {
      let query = db
        .selectFrom('cases')
        .innerJoin('case_parties', 'case_parties.case_id', 'cases.id')
        .select([
          'cases.id',
          'cases.case_number',
          'cases.form_type',
          'cases.status',
          'cases.updated_at',
          (eb) => eb.fn.agg<string[]>('array_agg', ['case_parties.role']).as('roles'),
        ])
        .where('cases.firm_id', '=', firmId)
        .where('case_parties.person_id', '=', personId)
        .groupBy('cases.id')
        .orderBy('cases.updated_at', 'desc');
      if (caseId) query = query.where('cases.id', '=', caseId);
      return query.execute();
    },

    insertRequest: (row: Insertable<DocumentRequestsTable>) =>
      db.insertInto('document_requests').values(row).returning('id').executeTakeFirstOrThrow(),

    findRequest: (firmId: string, id: string): Promise<RequestRow | undefined> =>
      requests()
        .where('document_requests.firm_id', '=', firmId)
        .where('document_requests.id', '=', id)
        .executeTakeFirst(),

    /** A case's requests (one person's when given), oldest first. */
    requestsOf(caseId: string, personId?: string): Promise<RequestRow[]> {
      let query = requests().where('document_requests.case_id', '=', caseId);
      if (personId) query = query.where('document_requests.person_id', '=', personId);
      return query.orderBy('document_requests.created_at').orderBy('document_requests.id').execute();
    },

    updateRequest: (id: string, values: Updateable<DocumentRequestsTable>) =>
      db
        .updateTable('document_requests')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', id)
        .execute(),

    insertMessage: (row: Insertable<PortalMessagesTable>) =>
      db.insertInto('portal_messages').values(row).returning('id').executeTakeFirstOrThrow(),

    findMessage: (id: string): Promise<MessageRow | undefined> =>
      messages().where('portal_messages.id', '=', id).executeTakeFirst(),

    /** A case's messages (one person's thread when given), oldest first. */
    messagesOf(caseId: string, personId?: string): Promise<MessageRow[]> {
      let query = messages().where('portal_messages.case_id', '=', caseId);
      if (personId) query = query.where('portal_messages.person_id', '=', personId);
      return query.orderBy('portal_messages.created_at').orderBy('portal_messages.id').execute();
    },

    /** The case's number and its assignee, when they can be told of a client's news (active, with an email). */
    caseWithAssignee: (firmId: string, caseId: string) =>
      db
        .selectFrom('cases')
        .leftJoin('users', (join) =>
          join.onRef('users.id', '=', 'cases.assignee_id').on('users.status', '=', 'active'),
        )
        .select(['cases.case_number', 'users.email', 'users.first_name', 'users.role'])
        .where('cases.firm_id', '=', firmId)
        .where('cases.id', '=', caseId)
        .executeTakeFirst(),

    setLanguage: (personId: string, language: 'en' | 'es') =>
      db.updateTable('clients').set({ language }).where('id', '=', personId).execute(),
  };
}

export type PortalStore = ReturnType<typeof createPortalStore>;
