import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { PeopleService } from '../cases/people-service';
import { personChangeSchema } from '../cases/people-schema';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { ServiceError } from '../shared/errors';
import type { Language, Party, PartyRole, Person, QuestionnaireStatus } from '../shared/people';
import { pages } from '../shared/paths';
import type { SessionUser } from '../shared/session';
import {
  type Answer,
  type Answers,
  checkAnswer,
  missingOf,
  progressOf,
  questionsOf,
  shownQuestions,
} from './questions';
import { createIntakeStore, type QuestionnaireRow } from './store';
import type { Question, QuestionnaireTemplate } from './template-schema';
import { summaryOf, TEMPLATES } from './templates';

export const QUESTIONNAIRE_NOT_FOUND = 'Questionnaire not found.';
const notFound = () => new ServiceError('not-found', QUESTIONNAIRE_NOT_FOUND);

export type Questionnaire = {
  id: string;
  caseId: string;
  partyId: string;
  role: PartyRole;
  person: { id: string; name: string };
  template: string;
  title: string;
  language: Language;
  status: QuestionnaireStatus;
  progress: { answered: number; required: number };
  answers: Answers;
  /** Why the firm asked again, while it waits for new answers. */
  note: string | null;
  /** The questions whose answer differs from the one accepted (empty until accepted, or unchanged). */
  changedSinceAcceptance: string[];
  /** Where it is answered. */
  link: string;
  createdAt: string;
  sentAt: string | null;
  submittedAt: string | null;
  acceptedAt: string | null;
};

export type IntakeDeps = {
  db: Kysely<DB>;
  people: PeopleService;
  firmOf(actor: SessionUser): string;
  /**
   * Sends a questionnaire to its person through the client portal: their invitation first when they have
   * no sign-in yet, then an email that it waits (in their language, without its questions).
   */
  sendToClient(actor: SessionUser, caseId: string, q: Questionnaire): Promise<void>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

/** The template a row was made from (templates ship with the product; an unknown one is a bug, not input). */
function templateOf(row: QuestionnaireRow): QuestionnaireTemplate {
  const template = TEMPLATES.get(row.template);
  if (!template) throw new Error(`questionnaire ${row.id} names no template (${row.template})`);
  return template;
}

/** A person field path: its record (passport.number → passport, number) or a fact (formFacts.key). */
const pathOf = (field: string) => {
  const [head, tail] = field.split('.', 2);
  return { head, tail };
};

/** One answer as the person field holds it: a group's entries by their fields, lists as lists. */
function valueOf(question: Question, answer: Answer): unknown {
  if (question.type !== 'group') return answer;
  return (answer as Array<Record<string, string | string[]>>).map((entry) =>
    Object.fromEntries(
      question.fields!.flatMap((f) =>
        f.fills && entry[f.id] !== undefined ? [[f.fills.field, entry[f.id]]] : [],
      ),
    ),
  );
}

/**
 * Another party's list (the spouse's addresses asked of the beneficiary) gains the entries it does not hold
 * yet: what this person said of them never replaces what is on their record.
 */
function withEntries(onRecord: object[], given: object[]): object[] {
  const covers = (kept: object, entry: object) =>
    Object.entries(entry).every(([k, v]) => v === '' || same((kept as Record<string, unknown>)[k], v));
  return [...onRecord, ...given.filter((entry) => !onRecord.some((kept) => covers(kept, entry)))];
}

/**
 * What accepting the answers changes, per person: each shown, answered question's value at the field it
 * fills, records merged into what is on record, form facts merged key by key.
 */
export function changesOf(
  template: QuestionnaireTemplate,
  answers: Answers,
  role: string,
  whose: (party: string) => Person | undefined,
): Map<Person, Record<string, unknown>> {
  const changes = new Map<Person, Record<string, unknown>>();
  for (const { question } of shownQuestions(template, answers, role)) {
    const answer = answers[question.id];
    if (!question.fills || answer === undefined || (typeof answer === 'string' && !answer)) continue;
    const person = whose(question.fills.party);
    if (!person) continue;
    const change = changes.get(person) ?? {};
    changes.set(person, change);
    const { head, tail } = pathOf(question.fills.field);
    const value = valueOf(question, answer);
    if (!tail && question.type === 'group' && question.fills.party !== 'self')
      change[head] = withEntries(
        (person as unknown as Record<string, object[]>)[head] ?? [],
        value as object[],
      );
    else if (!tail) change[head] = value;
    else if (head === 'formFacts') change.formFacts = { ...(change.formFacts as object), [tail]: value };
    else
      change[head] = {
        ...((person as unknown as Record<string, object | null>)[head] ?? {}),
        ...(change[head] as object),
        [tail]: value,
      };
  }
  return changes;
}

/** Whose record a question fills: the party answering (`self`) or the person in another role of the case. */
const personIn =
  (parties: Party[], answering: Party) =>
  (role: string): Person | undefined =>
    (role === 'self' ? answering : parties.find((p) => p.role === role && p.person))?.person ?? undefined;

/** Questionnaires: sent to a party of a case or filled with them, answered, reviewed and accepted. */
export function createIntakeService(deps: IntakeDeps) {
  const { db, people } = deps;
  const store = createIntakeStore(db);

  async function loaded(actor: SessionUser, id: string) {
    const firmId = deps.firmOf(actor);
    const row = await store.find(firmId, id);
    if (!row) throw notFound();
    const parties = await people.parties(actor, row.case_id);
    const party = parties.find((p) => p.id === row.party_id)!;
    return { firmId, row, parties, party, template: templateOf(row) };
  }

  function toQuestionnaire(
    actor: SessionUser,
    row: QuestionnaireRow,
    party: Party,
    template: QuestionnaireTemplate,
  ): Questionnaire {
    const answers = row.answers as Answers;
    const accepted = (row.accepted_answers ?? undefined) as Answers | undefined;
    return {
      id: row.id,
      caseId: row.case_id,
      partyId: row.party_id,
      role: party.role,
      person: { id: party.person!.id, name: party.person!.name },
      template: row.template,
      title: template.title[row.language],
      language: row.language,
      status: row.status,
      progress: progressOf(template, answers, party.role),
      answers,
      note: row.note,
      changedSinceAcceptance: accepted
        ? questionsOf(template)
            .map(({ question }) => question.id)
            .filter((qid) => !same(answers[qid], accepted[qid]))
        : [],
      link:
        actor.role === 'client' || row.sent_at
          ? pages.portal.questionnaire(row.id)
          : pages.cases(actor.role === 'admin' ? 'admin' : 'user').questionnaireFill(row.id),
      createdAt: row.created_at.toISOString(),
      sentAt: row.sent_at?.toISOString() ?? null,
      submittedAt: row.submitted_at?.toISOString() ?? null,
      acceptedAt: row.accepted_at?.toISOString() ?? null,
    };
  }

  async function audit(
    trx: Kysely<DB>,
    actor: SessionUser,
    firmId: string,
    id: string,
    action: string,
    after: object,
  ) {
    await createAuditService(trx).record({
      actorUserId: actor.id,
      action,
      entity: 'questionnaire',
      entityId: id,
      after,
      firmId,
    });
  }

  return {
    templates: () => [...TEMPLATES.values()].map(summaryOf),

    template(id: string) {
      const template = TEMPLATES.get(id);
      if (!template) throw new ServiceError('not-found', 'No questionnaire template has this ID.');
      return template;
    },

    async ofCase(actor: SessionUser, caseId: string): Promise<Questionnaire[]> {
      const parties = await people.parties(actor, caseId);
      const rows = await store.ofCase(caseId);
      return rows.map((row) =>
        toQuestionnaire(
          actor,
          row,
          parties.find((p) => p.id === row.party_id)!,
          templateOf(row),
        ),
      );
    },

    async get(actor: SessionUser, id: string): Promise<Questionnaire> {
      const { row, party, template } = await loaded(actor, id);
      return toQuestionnaire(actor, row, party, template);
    },

    /** A questionnaire for a party of the case who is a person, in their language. */
    async create(
      actor: SessionUser,
      caseId: string,
      input: { template: string; partyId: string; language?: Language; send?: boolean },
    ): Promise<Questionnaire> {
      const firmId = deps.firmOf(actor);
      const template = TEMPLATES.get(input.template);
      if (!template) {
        const message = `Template must be one of ${[...TEMPLATES.keys()].join(', ')}`;
        throw new ServiceError('invalid', message, { template: message });
      }
      const party = (await people.parties(actor, caseId)).find((p) => p.id === input.partyId);
      if (!party)
        throw new ServiceError('invalid', 'Choose a party of this case', {
          partyId: 'Choose a party of this case',
        });
      if (!party.person) {
        const message = 'A questionnaire goes to a person, not to an organization';
        throw new ServiceError('invalid', message, { partyId: message });
      }
      if (input.send && !party.person.email) {
        const message = `${party.person.name} has no email on record, so the questionnaire cannot be sent: add it to their record, or fill the questionnaire in with them`;
        throw new ServiceError('invalid', message, { send: message });
      }
      const row = await inTransaction(db, async (trx) => {
        const created = await createIntakeStore(trx).insert({
          firm_id: firmId,
          case_id: caseId,
          party_id: party.id,
          template: template.id,
          language: input.language ?? party.person!.language,
          created_by: actor.id,
        });
        await audit(trx, actor, firmId, created.id, 'questionnaire.created', {
          caseId,
          partyId: party.id,
          template: template.id,
          language: created.language,
          title: template.title.en,
          person: party.person!.name,
        });
        return created;
      });
      if (!input.send) return toQuestionnaire(actor, row, party, template);
      const sent = await inTransaction(db, async (trx) => {
        const updated = await createIntakeStore(trx).update(row.id, { status: 'sent', sent_at: new Date() });
        await audit(trx, actor, firmId, row.id, 'questionnaire.sent', { person: party.person!.name });
        return updated;
      });
      const q = toQuestionnaire(actor, sent, party, template);
      await deps.sendToClient(actor, caseId, q);
      return q;
    },

    /**
     * Saves the answers given (by question id), each checked as its type says: the good ones are kept even
     * when others are refused (422 naming each, in the questionnaire's language). An accepted questionnaire
     * is closed; a submitted one too, until the firm asks again.
     */
    async answer(actor: SessionUser, id: string, given: Record<string, unknown>): Promise<Questionnaire> {
      const { firmId, party, template } = await loaded(actor, id);
      const questions = new Map(questionsOf(template).map(({ question }) => [question.id, question]));
      const problems: Record<string, string> = {};
      const saved = await inTransaction(db, async (trx) => {
        const row = (await createIntakeStore(trx).findForUpdate(firmId, id))!;
        if (row.status === 'accepted' || row.status === 'submitted')
          throw new ServiceError(
            'conflict',
            row.status === 'accepted'
              ? 'This questionnaire was accepted: it can no longer be changed.'
              : 'This questionnaire was submitted for review: it can be changed again if the firm asks.',
          );
        const answers = { ...(row.answers as Answers) };
        for (const [qid, value] of Object.entries(given)) {
          const question = questions.get(qid);
          if (!question) continue;
          const checked = checkAnswer(question, value, row.language);
          if (checked.problem) problems[qid] = checked.problem;
          else if (checked.answer === '' || (Array.isArray(checked.answer) && checked.answer.length === 0))
            delete answers[qid];
          else answers[qid] = checked.answer!;
        }
        return createIntakeStore(trx).update(id, {
          answers: JSON.stringify(answers),
          status: row.status === 'draft' || row.status === 'sent' ? 'in-progress' : row.status,
        });
      });
      if (Object.keys(problems).length > 0)
        throw new ServiceError('invalid', Object.values(problems)[0], problems, {
          questionnaire: toQuestionnaire(actor, saved, party, template),
        });
      return toQuestionnaire(actor, saved, party, template);
    },

    /** Submitted for review once every required question asked is answered (422 naming what is missing). */
    async submit(actor: SessionUser, id: string): Promise<Questionnaire> {
      const { firmId, row, party, template } = await loaded(actor, id);
      if (row.status === 'accepted' || row.status === 'submitted')
        throw new ServiceError('conflict', `This questionnaire is ${row.status} already.`);
      const missing = missingOf(template, row.answers as Answers, party.role);
      if (missing.length > 0) {
        const fields = Object.fromEntries(missing.map((q) => [q.id, q.label[row.language]]));
        throw new ServiceError(
          'invalid',
          `${missing.length} required ${missing.length === 1 ? 'question is' : 'questions are'} not answered yet: ${missing
            .slice(0, 3)
            .map((q) => `“${q.label[row.language]}”`)
            .join(', ')}${missing.length > 3 ? '…' : ''}`,
          fields,
        );
      }
      const saved = await inTransaction(db, async (trx) => {
        const updated = await createIntakeStore(trx).update(id, {
          status: 'submitted',
          submitted_at: new Date(),
          note: null,
        });
        await audit(trx, actor, firmId, id, 'questionnaire.submitted', {
          title: template.title.en,
          person: party.person!.name,
          progress: progressOf(template, row.answers as Answers, party.role),
        });
        return updated;
      });
      return toQuestionnaire(actor, saved, party, template);
    },

    /** The firm asks again: the questionnaire opens for changes, with why. */
    async returnIt(actor: SessionUser, id: string, note: string): Promise<Questionnaire> {
      const { firmId, row, party, template } = await loaded(actor, id);
      if (row.status !== 'submitted' && row.status !== 'accepted')
        throw new ServiceError('conflict', 'Only a submitted or accepted questionnaire can be asked again.');
      const saved = await inTransaction(db, async (trx) => {
        const updated = await createIntakeStore(trx).update(id, { status: 'in-progress', note });
        await audit(trx, actor, firmId, id, 'questionnaire.returned', {
          note,
          title: template.title.en,
          person: party.person!.name,
        });
        return updated;
      });
      return toQuestionnaire(actor, saved, party, template);
    },

    /**
     * Accepts the answers into the records of the people they fill (each change audited as a person's, with
     * who and when), after checking every change as the person's own form would: nothing is written when
     * one is refused (422 naming the question).
     */
    async accept(actor: SessionUser, id: string): Promise<Questionnaire> {
      const { firmId, row, parties, party, template } = await loaded(actor, id);
      if (row.status !== 'submitted') {
        const message =
          row.status === 'accepted'
            ? 'This questionnaire was accepted already.'
            : 'Only a submitted questionnaire can be accepted: submit it first (every required question answered).';
        throw new ServiceError('conflict', message);
      }
      const whose = personIn(parties, party);
      const changes = changesOf(template, row.answers as Answers, party.role, whose);
      for (const [person, change] of changes) {
        const parsed = personChangeSchema.safeParse(change);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new ServiceError('invalid', `${person.name}: ${issue.message}`, {
            [String(issue.path[0])]: issue.message,
          });
        }
      }
      for (const [person, change] of changes)
        await people.change(actor, person.id, personChangeSchema.parse(change));
      const saved = await inTransaction(db, async (trx) => {
        const updated = await createIntakeStore(trx).update(id, {
          status: 'accepted',
          accepted_answers: JSON.stringify(row.answers),
          accepted_at: new Date(),
          accepted_by: actor.id,
          note: null,
        });
        await audit(trx, actor, firmId, id, 'questionnaire.accepted', {
          title: template.title.en,
          person: party.person!.name,
          people: [...changes.keys()].map((p) => p.id),
        });
        return updated;
      });
      return toQuestionnaire(actor, saved, party, template);
    },

    /** Each shown question with its answer and what the record holds now: the review beside the record. */
    async review(actor: SessionUser, id: string) {
      const { row, parties, party, template } = await loaded(actor, id);
      const answers = row.answers as Answers;
      const whose = personIn(parties, party);
      const onRecord = (q: Question): unknown => {
        if (!q.fills) return undefined;
        const person = whose(q.fills.party) as unknown as Record<string, unknown> | undefined;
        if (!person) return undefined;
        const { head, tail } = pathOf(q.fills.field);
        const value = person[head];
        return tail ? (value as Record<string, unknown> | null)?.[tail] : value;
      };
      return {
        questionnaire: toQuestionnaire(actor, row, party, template),
        sections: template.sections.map((section) => ({
          id: section.id,
          title: section.title,
          questions: section.questions
            .filter((q) => shownQuestions(template, answers, party.role).some((s) => s.question === q))
            .map((q) => ({ question: q, answer: answers[q.id], onRecord: onRecord(q) })),
        })),
      };
    },
  };
}

export type IntakeService = ReturnType<typeof createIntakeService>;
