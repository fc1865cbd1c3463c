import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { PeopleService } from '../cases/people-service';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import type { DocumentsService } from '../documents/service';
import type { ReceivedFile } from '../http/multipart';
import type { IntakeService, Questionnaire } from '../intake/service';
import type { InvitationsService } from '../invitations/service';
import { createOutbox, FIRST_TRY_HOLD_SECONDS, type MailSender } from '../mail/sender';
import { FORM_TYPES, type CaseStatus, type FormType } from '../shared/cases';
import { UPLOAD_REFUSALS } from '../shared/documents';
import { ServiceError } from '../shared/errors';
import { wordsIn } from '../shared/i18n';
import type { Language, PartyRole } from '../shared/people';
import { pages } from '../shared/paths';
import type { SessionUser } from '../shared/session';
import {
  type DocumentRequest,
  MESSAGE_MAX,
  type PortalMessage,
  PORTAL_MESSAGES,
  type PortalAccountStatus,
} from '../shared/portal';
import type { MessageInput, RequestInput } from './schema';
import { createPortalStore, type MessageRow, type PortalAccount, type RequestRow } from './store';

export type PortalServiceDeps = {
  db: Kysely<DB>;
  people: PeopleService;
  intake: IntakeService;
  documents: DocumentsService;
  invitations: InvitationsService;
  mail: MailSender;
  publicUrl: string;
  firmNameOf(firmId: string): Promise<string>;
  firmOf(actor: SessionUser): string;
};

/** A matter as its client sees it: what the firm shares, nothing more. */
export type PortalMatter = {
  id: string;
  caseNumber: string;
  form: { code: FormType; title: string };
  status: CaseStatus;
  roles: PartyRole[];
  updatedAt: string;
  questionnaires: Array<Pick<Questionnaire, 'id' | 'title' | 'status' | 'progress' | 'note' | 'language'>>;
  requests: DocumentRequest[];
  messages: PortalMessage[];
};

/** What the portal knows of the signed-in client. */
export type PortalMe = { personId: string; name: string; language: Language; firmName: string };

const toRequest = (row: RequestRow): DocumentRequest => ({
  id: row.id,
  caseId: row.case_id,
  personId: row.person_id,
  title: row.title,
  note: row.note,
  status: row.status,
  reason: row.reason,
  document: row.document_id ? { id: row.document_id, name: row.document_name ?? '' } : null,
  requestedAt: row.created_at.toISOString(),
  uploadedAt: row.uploaded_at?.toISOString() ?? null,
  decidedAt: row.decided_at?.toISOString() ?? null,
});

const toMessage = (row: MessageRow): PortalMessage => ({
  id: row.id,
  caseId: row.case_id,
  personId: row.person_id,
  fromClient: row.from_client,
  author: row.author_name?.trim() || null,
  body: row.body,
  sentAt: row.created_at.toISOString(),
});

const notFound = (message: string) => new ServiceError('not-found', message);

/** The documents' refusals of a file, in the client's words (the firm's screens keep their own). */
const FILE_REFUSALS: Array<[string, string]> = [
  [UPLOAD_REFUSALS.tooLarge, 'requests.tooLarge'],
  [UPLOAD_REFUSALS.badType, 'requests.badType'],
  [UPLOAD_REFUSALS.empty, 'requests.empty'],
  [UPLOAD_REFUSALS.noFile, 'requests.noFile'],
];
function inClientWords(error: unknown, t: (key: string) => string): unknown {
  const key =
    error instanceof ServiceError && FILE_REFUSALS.find(([message]) => message === error.message)?.[1];
  if (!key || !(error instanceof ServiceError)) return error;
  return new ServiceError(error.reason, t(key), { file: t(key) });
}

/**
 * The client portal: a firm's client sees only the matters they are a party of and, in each, only what is
 * theirs (their questionnaires, the documents asked of them, their thread with the firm); the firm invites
 * clients, asks them for documents, reviews what they send and writes to them. Every change is audited; a
 * client's email says that something is waiting, never what.
 */
export function createPortalService(deps: PortalServiceDeps) {
  const { db } = deps;
  const store = createPortalStore(db);

  /** The signed-in client's account; a client account with no person is no way in. */
  async function accountOf(actor: SessionUser): Promise<PortalAccount> {
    const account = actor.role === 'client' ? await store.accountOfUser(actor.id) : undefined;
    if (!account || account.firm_id !== actor.firmId)
      throw new ServiceError('forbidden', 'Only a firm’s client has a portal.');
    return account;
  }

  /** One of the client's matters, or 404 in their language (another person's matter is not theirs). */
  async function matterRow(account: PortalAccount, caseId: string) {
    const [row] = await store.mattersOf(account.firm_id, account.person_id, caseId);
    if (!row) throw notFound(wordsIn(account.language)('matter.notFound'));
    return row;
  }

  async function audit(
    trx: Kysely<DB>,
    actor: SessionUser,
    firmId: string,
    action: string,
    entity: string,
    entityId: string,
    after: object,
  ) {
    await createAuditService(trx).record({ actorUserId: actor.id, action, entity, entityId, after, firmId });
  }

  /**
   * The client a change is for, and their firm's name, read before the change's transaction (PGlite has
   * one connection: nothing outside a transaction may be read while it is open).
   */
  async function recipient(firmId: string, personId: string) {
    const account = await store.accountOfPerson(firmId, personId);
    return account && { account, firmName: await deps.firmNameOf(firmId) };
  }

  /** Queues the email telling a client that something waits in their portal (never what). */
  async function notify(
    trx: Kysely<DB>,
    firmId: string,
    to: Awaited<ReturnType<typeof recipient>>,
    kind: 'message' | 'request' | 'questionnaire',
    path: string,
  ): Promise<string | undefined> {
    const email = to?.account.email;
    if (!to || !email) return undefined;
    const { account } = to;
    const t = wordsIn(account.language);
    const words = { firm: to.firmName, name: account.first_name, link: `${deps.publicUrl}${path}` };
    return createOutbox(trx).enqueue(
      {
        to: email,
        subject: t(`email.${kind}.subject`, words),
        text: t(`email.${kind}.body`, words),
        firmId,
      },
      FIRST_TRY_HOLD_SECONDS,
    );
  }

  /**
   * Tells the case's assignee that a client did something in the portal, without what: the case number
   * and where to read it. Read before the change's transaction, queued inside it.
   */
  async function assigneeOf(firmId: string, caseId: string) {
    const row = await store.caseWithAssignee(firmId, caseId);
    return row?.email ? { ...row, email: row.email } : undefined;
  }
  function tellFirm(
    trx: Kysely<DB>,
    firmId: string,
    caseId: string,
    assignee: Awaited<ReturnType<typeof assigneeOf>>,
    what: string,
  ): Promise<string | undefined> {
    if (!assignee) return Promise.resolve(undefined);
    const area = assignee.role === 'admin' ? 'admin' : 'user';
    return createOutbox(trx).enqueue(
      {
        to: assignee.email,
        subject: `Client portal: case ${assignee.case_number}`,
        text: [
          `Hello ${assignee.first_name},`,
          '',
          `${what} in the client portal, on case ${assignee.case_number}.`,
          `See it on the case's Client Portal page: ${deps.publicUrl}${pages.cases(area).portal(caseId)}`,
          '',
          "For the client's privacy, this email does not say more.",
        ].join('\n'),
        firmId,
      },
      FIRST_TRY_HOLD_SECONDS,
    );
  }

  const deliver = async (outboxId: string | undefined) => {
    if (outboxId) await deps.mail.deliver(outboxId);
  };

  /** A person of the case (a party who is a person), for the firm's request or message. */
  async function partyPerson(actor: SessionUser, caseId: string, personId: string | undefined) {
    const parties = await deps.people.parties(actor, caseId);
    const persons = parties.flatMap((p) => (p.person ? [{ role: p.role, person: p.person }] : []));
    const chosen = personId
      ? persons.find((p) => p.person.id === personId)
      : (persons.find((p) => p.role === 'beneficiary') ?? persons[0]);
    if (!chosen)
      throw new ServiceError('invalid', PORTAL_MESSAGES.choosePerson, {
        personId: PORTAL_MESSAGES.choosePerson,
      });
    return chosen.person;
  }

  async function matterOf(
    actor: SessionUser,
    account: PortalAccount,
    row: Awaited<ReturnType<typeof matterRow>>,
  ) {
    const [questionnaires, requests, messages] = await Promise.all([
      deps.intake.ofCase(actor, row.id),
      store.requestsOf(row.id, account.person_id),
      store.messagesOf(row.id, account.person_id),
    ]);
    // Theirs, oldest first; a draft is the firm's until it is sent (or filled with the client in the office).
    const shown = questionnaires
      .filter((q) => q.person.id === account.person_id && q.status !== 'draft')
      .reverse()
      .map(({ id, title, status, progress, note, language }) => ({
        id,
        title,
        status,
        progress,
        note,
        language,
      }));
    return {
      id: row.id,
      caseNumber: row.case_number,
      form: { code: row.form_type, title: FORM_TYPES[row.form_type] },
      status: row.status,
      roles: row.roles as PartyRole[],
      updatedAt: row.updated_at.toISOString(),
      questionnaires: shown,
      requests: requests.map(toRequest),
      messages: messages.map(toMessage),
    } satisfies PortalMatter;
  }

  /** Invites a person of the firm to the portal: one account per person, to the email on their record. */
  async function invite(actor: SessionUser, caseId: string, personId: string) {
    const firmId = deps.firmOf(actor);
    const person = await partyPerson(actor, caseId, personId);
    const email = person.email;
    if (!email)
      throw new ServiceError('invalid', PORTAL_MESSAGES.noEmail(person.name), {
        email: PORTAL_MESSAGES.noEmail(person.name),
      });
    const existing = await store.accountOfPerson(firmId, personId);
    if (existing) throw new ServiceError('conflict', PORTAL_MESSAGES.hasAccount(person.name));
    return deps.invitations.inviteClient(
      actor,
      {
        id: person.id,
        firstName: person.givenName ?? '',
        lastName: person.familyName,
        email,
      },
      (trx, userId) =>
        createPortalStore(trx).insertAccount({
          user_id: userId,
          person_id: person.id,
          firm_id: firmId,
          created_by: actor.id,
        }),
    );
  }

  /** The client's own questionnaire, or 404 in their language. */
  async function ownQuestionnaire(actor: SessionUser, id: string) {
    const account = await accountOf(actor);
    const gone = () => notFound(wordsIn(account.language)('questionnaires.notFound'));
    const q = await deps.intake.get(actor, id).catch((error: unknown) => {
      throw error instanceof ServiceError && error.reason === 'not-found' ? gone() : error;
    });
    // Another person's, or a draft still the firm's: not theirs to see.
    if (q.person.id !== account.person_id || q.status === 'draft') throw gone();
    return { account, q };
  }

  return {
    // ---- The firm's side ----

    /** Each person of the case and their portal sign-in (none, invited, active or suspended). */
    async accountsOfCase(actor: SessionUser, caseId: string): Promise<PortalAccountStatus[]> {
      const firmId = deps.firmOf(actor);
      const parties = await deps.people.parties(actor, caseId);
      const persons = [
        ...new Map(parties.flatMap((p) => (p.person ? [[p.person.id, p.person]] : []))).values(),
      ];
      const accounts = await store.accountsOf(
        firmId,
        persons.map((p) => p.id),
      );
      return persons.map((person) => {
        const account = accounts.find((a) => a.person_id === person.id);
        return {
          personId: person.id,
          name: person.name,
          email: person.email,
          language: person.language,
          account: account
            ? {
                loginId: account.login_id,
                status: account.status,
                lastLoginAt: account.last_login_at?.toISOString() ?? null,
              }
            : null,
        };
      });
    },

    invite,

    async requestsOf(actor: SessionUser, caseId: string): Promise<DocumentRequest[]> {
      await deps.people.parties(actor, caseId);
      return (await store.requestsOf(caseId)).map(toRequest);
    },

    /** Asks a person of the case for a document; they are emailed that a request waits (not what). */
    async requestDocument(actor: SessionUser, caseId: string, input: RequestInput): Promise<DocumentRequest> {
      const firmId = deps.firmOf(actor);
      const person = await partyPerson(actor, caseId, input.personId);
      const to = await recipient(firmId, person.id);
      const { id, outboxId } = await inTransaction(db, async (trx) => {
        const { id } = await createPortalStore(trx).insertRequest({
          firm_id: firmId,
          case_id: caseId,
          person_id: person.id,
          title: input.title,
          note: input.note ?? null,
          created_by: actor.id,
        });
        await audit(trx, actor, firmId, 'document_request.created', 'document_request', id, {
          caseId,
          person: person.name,
          title: input.title,
        });
        return { id, outboxId: await notify(trx, firmId, to, 'request', pages.portal.matter(caseId)) };
      });
      await deliver(outboxId);
      return toRequest((await store.findRequest(firmId, id))!);
    },

    /** The firm accepts what the client sent, or returns it with the reason (the client is emailed). */
    async decideRequest(
      actor: SessionUser,
      caseId: string,
      id: string,
      decision: { accept: true } | { accept: false; reason: string },
    ): Promise<DocumentRequest> {
      const firmId = deps.firmOf(actor);
      await deps.people.parties(actor, caseId);
      const before = await store.findRequest(firmId, id);
      if (!before || before.case_id !== caseId) throw notFound(PORTAL_MESSAGES.requestNotFound);
      if (before.status !== 'uploaded')
        throw new ServiceError('conflict', PORTAL_MESSAGES.notUploaded(before.status));
      const to = await recipient(firmId, before.person_id);
      const outboxId = await inTransaction(db, async (trx) => {
        const status = decision.accept ? 'accepted' : 'returned';
        await createPortalStore(trx).updateRequest(id, {
          status,
          reason: decision.accept ? null : decision.reason,
          decided_by: actor.id,
          decided_at: new Date(),
        });
        await audit(trx, actor, firmId, `document_request.${status}`, 'document_request', id, {
          title: before.title,
          ...(!decision.accept && { reason: decision.reason }),
        });
        return decision.accept
          ? undefined
          : notify(trx, firmId, to, 'request', pages.portal.matter(before.case_id));
      });
      await deliver(outboxId);
      return toRequest((await store.findRequest(firmId, id))!);
    },

    async messagesOf(actor: SessionUser, caseId: string): Promise<PortalMessage[]> {
      await deps.people.parties(actor, caseId);
      return (await store.messagesOf(caseId)).map(toMessage);
    },

    /** The firm writes to a person of the case (the beneficiary unless another is named). */
    async sendMessage(actor: SessionUser, caseId: string, input: MessageInput): Promise<PortalMessage> {
      const firmId = deps.firmOf(actor);
      const person = await partyPerson(actor, caseId, input.personId);
      const to = await recipient(firmId, person.id);
      const { id, outboxId } = await inTransaction(db, async (trx) => {
        const { id } = await createPortalStore(trx).insertMessage({
          firm_id: firmId,
          case_id: caseId,
          person_id: person.id,
          from_client: false,
          author_id: actor.id,
          body: input.body,
        });
        await audit(trx, actor, firmId, 'message.sent', 'message', id, {
          caseId,
          to: person.name,
          characters: input.body.length,
        });
        return { id, outboxId: await notify(trx, firmId, to, 'message', pages.portal.matter(caseId)) };
      });
      await deliver(outboxId);
      return toMessage((await store.findMessage(id))!);
    },

    /**
     * A questionnaire sent to its person: invited to the portal first when they have no sign-in, then emailed
     * that it waits, with its portal link.
     */
    async sendQuestionnaire(actor: SessionUser, caseId: string, q: Questionnaire): Promise<void> {
      const firmId = deps.firmOf(actor);
      if (!(await store.accountOfPerson(firmId, q.person.id))) await invite(actor, caseId, q.person.id);
      const to = await recipient(firmId, q.person.id);
      const outboxId = await inTransaction(db, (trx) =>
        notify(trx, firmId, to, 'questionnaire', pages.portal.questionnaire(q.id)),
      );
      await deliver(outboxId);
    },

    // ---- The client's side ----

    async me(actor: SessionUser): Promise<PortalMe> {
      const account = await accountOf(actor);
      return {
        personId: account.person_id,
        name: `${account.first_name} ${account.last_name}`.trim(),
        language: account.language,
        firmName: await deps.firmNameOf(account.firm_id),
      };
    },

    /** The client's matters, newest first, with what waits for them in each. */
    async matters(actor: SessionUser): Promise<PortalMatter[]> {
      const account = await accountOf(actor);
      const rows = await store.mattersOf(account.firm_id, account.person_id);
      return Promise.all(rows.map((row) => matterOf(actor, account, row)));
    },

    async matter(actor: SessionUser, caseId: string): Promise<PortalMatter> {
      const account = await accountOf(actor);
      return matterOf(actor, account, await matterRow(account, caseId));
    },

    questionnaire: async (actor: SessionUser, id: string) => (await ownQuestionnaire(actor, id)).q,

    /** The client's answers, saved as given; which questions they answered goes to the audit log (not the answers). */
    async answer(actor: SessionUser, id: string, answers: Record<string, unknown>): Promise<Questionnaire> {
      const { account } = await ownQuestionnaire(actor, id);
      const record = () =>
        inTransaction(db, (trx) =>
          audit(trx, actor, account.firm_id, 'questionnaire.answered', 'questionnaire', id, {
            questions: Object.keys(answers).slice(0, 100),
          }),
        );
      try {
        const saved = await deps.intake.answer(actor, id, answers);
        await record();
        return saved;
      } catch (error) {
        // The good answers were kept even when some were refused: that is recorded too.
        if (error instanceof ServiceError && error.reason === 'invalid') await record();
        throw error;
      }
    },

    /** Sent for review once complete; what is missing is said in the client's language. */
    async submit(actor: SessionUser, id: string): Promise<Questionnaire> {
      const { account, q } = await ownQuestionnaire(actor, id);
      const assignee = await assigneeOf(account.firm_id, q.caseId);
      try {
        const submitted = await deps.intake.submit(actor, id);
        await deliver(
          await inTransaction(db, (trx) =>
            tellFirm(
              trx,
              account.firm_id,
              q.caseId,
              assignee,
              'A client submitted a questionnaire for review',
            ),
          ),
        );
        return submitted;
      } catch (error) {
        if (!(error instanceof ServiceError) || error.reason !== 'invalid' || !error.fields) throw error;
        const labels = Object.values(error.fields).filter((l): l is string => Boolean(l));
        const list = `${labels
          .slice(0, 3)
          .map((l) => `“${l}”`)
          .join(', ')}${labels.length > 3 ? '…' : ''}`;
        const message = wordsIn(account.language)('questionnaires.missing', { count: labels.length, list });
        throw new ServiceError('invalid', message, error.fields);
      }
    },

    /** The document a request asks for, from its client: kept with the case's documents and analyzed. */
    async upload(
      actor: SessionUser,
      caseId: string,
      id: string,
      file: ReceivedFile | undefined,
    ): Promise<DocumentRequest> {
      const account = await accountOf(actor);
      const t = wordsIn(account.language);
      const request = await store.findRequest(account.firm_id, id);
      if (!request || request.person_id !== account.person_id || request.case_id !== caseId)
        throw notFound(t('requests.notFound'));
      if (request.status === 'accepted') throw new ServiceError('conflict', t('requests.closed'));
      if (!file) throw new ServiceError('invalid', t('requests.noFile'), { file: t('requests.noFile') });
      const document = await deps.documents
        .upload(actor, file, { caseId: request.case_id, category: undefined })
        .catch((error: unknown) => {
          throw inClientWords(error, t);
        });
      const assignee = await assigneeOf(account.firm_id, caseId);
      const outboxId = await inTransaction(db, async (trx) => {
        await createPortalStore(trx).updateRequest(id, {
          status: 'uploaded',
          document_id: document.id,
          uploaded_at: new Date(),
          reason: null,
        });
        await audit(trx, actor, account.firm_id, 'document_request.uploaded', 'document_request', id, {
          title: request.title,
          document: document.name,
        });
        return tellFirm(trx, account.firm_id, caseId, assignee, 'A client sent a document you asked for');
      });
      await deliver(outboxId);
      return toRequest((await store.findRequest(account.firm_id, id))!);
    },

    /** The client writes to the firm about one of their matters. */
    async clientMessage(actor: SessionUser, caseId: string, input: { body: string }): Promise<PortalMessage> {
      const account = await accountOf(actor);
      await matterRow(account, caseId);
      const t = wordsIn(account.language);
      const assignee = await assigneeOf(account.firm_id, caseId);
      const body = input.body.trim();
      if (!body) throw new ServiceError('invalid', t('messages.empty'), { body: t('messages.empty') });
      if (body.length > MESSAGE_MAX) {
        const message = t('messages.tooLong', { max: MESSAGE_MAX.toLocaleString('en-US') });
        throw new ServiceError('invalid', message, { body: message });
      }
      const { id, outboxId } = await inTransaction(db, async (trx) => {
        const { id } = await createPortalStore(trx).insertMessage({
          firm_id: account.firm_id,
          case_id: caseId,
          person_id: account.person_id,
          from_client: true,
          author_id: actor.id,
          body,
        });
        await audit(trx, actor, account.firm_id, 'message.sent', 'message', id, {
          caseId,
          characters: body.length,
        });
        return {
          id,
          outboxId: await tellFirm(trx, account.firm_id, caseId, assignee, 'A client sent a message'),
        };
      });
      await deliver(outboxId);
      return toMessage((await store.findMessage(id))!);
    },

    /** The language the client's pages and emails speak: kept on their person. */
    async setLanguage(actor: SessionUser, language: Language): Promise<{ language: Language }> {
      const account = await accountOf(actor);
      await inTransaction(db, async (trx) => {
        await createPortalStore(trx).setLanguage(account.person_id, language);
        await audit(trx, actor, account.firm_id, 'client.language_set', 'person', account.person_id, {
          from: account.language,
          to: language,
        });
      });
      return { language };
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;

/** The language a client's account reads (their person's), over any connection (a transaction's too). */
export const languageOfClient = async (db: Kysely<DB>, userId: string) =>
  (await createPortalStore(db).accountOfUser(userId))?.language;
