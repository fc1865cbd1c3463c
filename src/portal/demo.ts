import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { DEMO_ACCOUNTS } from '../demo/accounts';
import type { Language } from '../shared/people';
import { createPortalStore } from './store';

/** The demo firm's two clients with portal sign-ins: the login IDs, and the language each reads. */
export const DEMO_CLIENTS: Array<{ loginId: string; language: Language }> = [
  { loginId: DEMO_ACCOUNTS.client.loginId, language: 'en' },
  { loginId: 'cliente', language: 'es' },
];

/**
 * The demo firm's portal: two clients who can sign in (`client`, whose family questionnaire is in progress,
 * and `cliente`, who reads Spanish), each with documents requested of them and a thread of messages.
 * Skipped when the demo has it already.
 */
export async function seedDemoPortal(
  db: Kysely<DB>,
  firm: { id: string; attorneyId: string; passwordHash: () => Promise<string> },
): Promise<void> {
  const exists = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(login_id)`, '=', DEMO_CLIENTS[0].loginId)
    .executeTakeFirst();
  if (exists) return;
  // The client whose family questionnaire is in progress, then a beneficiary of an adjustment of status.
  const inProgress = await db
    .selectFrom('questionnaires')
    .innerJoin('case_parties', 'case_parties.id', 'questionnaires.party_id')
    .select(['case_parties.person_id', 'questionnaires.case_id', 'questionnaires.id'])
    .where('questionnaires.firm_id', '=', firm.id)
    .where('questionnaires.status', '=', 'in-progress')
    .executeTakeFirst();
  const adjusting = await db
    .selectFrom('case_parties')
    .innerJoin('cases', 'cases.id', 'case_parties.case_id')
    .select(['case_parties.person_id', 'cases.id as case_id'])
    .where('cases.firm_id', '=', firm.id)
    .where('cases.form_type', '=', 'I-485')
    .where('cases.status', 'in', ['pending', 'processing'])
    .where('case_parties.role', '=', 'beneficiary')
    .where('case_parties.person_id', '!=', inProgress?.person_id ?? '00000000-0000-0000-0000-000000000000')
    .orderBy('cases.case_number')
    .executeTakeFirst();
  if (!inProgress || !adjusting) return;
  const passwordHash = await firm.passwordHash();
  const store = createPortalStore(db);
  const clients = [
    { ...DEMO_CLIENTS[0], personId: inProgress.person_id!, caseId: inProgress.case_id },
    { ...DEMO_CLIENTS[1], personId: adjusting.person_id!, caseId: adjusting.case_id },
  ];
  const userIds: string[] = [];
  for (const client of clients) {
    const person = await db
      .updateTable('clients')
      .set({ language: client.language, email: `${client.loginId}@demo-client.example` })
      .where('id', '=', client.personId)
      .returning(['first_name', 'last_name', 'email'])
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        firm_id: firm.id,
        login_id: client.loginId,
        first_name: person.first_name,
        last_name: person.last_name,
        email: person.email!,
        role: 'client',
        status: 'active',
        password_hash: passwordHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(user.id);
    await store.insertAccount({
      user_id: user.id,
      person_id: client.personId,
      firm_id: firm.id,
      created_by: firm.attorneyId,
    });
  }
  await db
    .updateTable('questionnaires')
    .set({ sent_at: new Date() })
    .where('id', '=', inProgress.id)
    .execute();
  const [en, es] = clients;
  const ask = (c: (typeof clients)[number], title: string, note: string | null) =>
    store.insertRequest({
      firm_id: firm.id,
      case_id: c.caseId,
      person_id: c.personId,
      title,
      note,
      created_by: firm.attorneyId,
    });
  await ask(en, 'Passport biographic page', 'A clear photo or scan of the page with your photo.');
  const returned = await ask(en, 'Marriage certificate', null);
  await store.updateRequest(returned.id, {
    status: 'returned',
    reason: 'The copy we received is cut off at the bottom: please send the whole page.',
    decided_by: firm.attorneyId,
    decided_at: new Date(),
  });
  await ask(
    es,
    'Acta de nacimiento con traducción certificada',
    'Copia completa, con la traducción al inglés.',
  );
  await ask(es, 'Formulario I-94 más reciente', null);
  // A thread over the last days: each message an hour apart, oldest first.
  let hoursAgo = 50;
  const say = (c: (typeof clients)[number], fromClient: boolean, body: string, authorId: string | null) =>
    store.insertMessage({
      firm_id: firm.id,
      case_id: c.caseId,
      person_id: c.personId,
      from_client: fromClient,
      author_id: authorId,
      body,
      created_at: new Date(Date.now() - hoursAgo-- * 3600_000),
    });
  await say(
    en,
    false,
    'Welcome to your client portal. Please answer the questionnaire when you can; your answers are saved as you go.',
    firm.attorneyId,
  );
  await say(en, true, 'Thank you. I will finish it this weekend.', userIds[0]);
  await say(
    es,
    false,
    'Bienvenido/a a su portal. Cuando pueda, envíenos los documentos que le pedimos.',
    firm.attorneyId,
  );
}
