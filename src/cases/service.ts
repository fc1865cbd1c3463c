import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import { isForeignKeyViolation, isUniqueViolation } from '../db/database';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';
import {
  ADMIN_VIEW,
  CASE_LIMITS,
  CASE_MOVES,
  CASE_TYPE_LABELS,
  type CaseChange,
  type CaseCounts,
  type CaseDetail,
  type CaseList,
  type CaseRecord,
  type CaseSortKey,
  type ClientRecord,
  canMove,
  formatMoney,
  isDecision,
  type Person,
  personName,
  refusedMoveMessage,
  STATUS_LABELS,
  USER_VIEW,
} from '../shared/cases';
import { addDays, formatDate, midnightIn, todayIn } from '../shared/dates';
import { type CasePick, caseChoiceOf, casePickQuery } from '../shared/case-pick';
import { ServiceError } from '../shared/errors';
import { oncePerRequest } from '../http/context';
import type { SessionUser } from '../shared/session';
import { type CaseChangeInput, type CaseListQuery, caseListQuery, type NewCase } from './schema';
import {
  type CaseRow,
  type CasesStore,
  type CaseValues,
  type CaseWhere,
  caseNumberOf,
  type ClientRow,
  createCasesStore,
  type HistoryRow,
  statusesOf,
} from './store';

export const CASE_NOT_FOUND = 'Case not found.';
export const CLIENT_NOT_FOUND = 'Client not found.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const caseNotFound = () => new ServiceError('not-found', CASE_NOT_FOUND);

export const DECISION_IN_FUTURE = 'The decision date cannot be in the future';
export const DECISION_BEFORE_OPENED = 'The decision date cannot be before the case was opened';
export const DECISION_WITHOUT_MOVE = 'A decision date goes with a move to approved or rejected';
export const NOT_DECIDED = 'Only a decided case (approved or rejected) can be reopened';
const decisionRefusal = (message: string) => new ServiceError('invalid', message, { decidedOn: message });

/** What the cases feature asks of the rest of the product. */
export type CasesDeps = {
  db: Kysely<DB>;
  /** The firm's time zone: its "today" decides what is due and overdue. */
  timeZoneOf(firmId: string): Promise<string>;
  /** The firm's accounts, for the "Assigned to" choices and the names on cases. */
  firmUsers(
    firmId: string,
  ): Promise<Array<{ id: string; first_name: string; last_name: string; role: string; status: string }>>;
};

/** The firm whose cases the person works on; platform staff have none, so see none (DESIGN §5). */
export function firmOf(actor: SessionUser): string {
  if (!actor.firmId)
    throw new ServiceError(
      'forbidden',
      "Cases and clients belong to a firm: platform staff do not see a firm's clients.",
    );
  return actor.firmId;
}

const cents = (dollars: number | null | undefined) => (dollars == null ? dollars : Math.round(dollars * 100));
const dollars = (amount: number | null) => (amount == null ? null : amount / 100);

/** A case row as the API answers it. */
export function toCaseRecord(row: CaseRow, names: Map<string, string>): CaseRecord {
  return {
    id: row.id,
    caseNumber: row.case_number,
    status: row.status,
    userStatus: USER_VIEW[row.status],
    adminStatus: ADMIN_VIEW[row.status],
    nextStatuses: [...CASE_MOVES[row.status]],
    client: { id: row.client_id, name: row.client_name },
    caseType: row.case_type,
    formType: row.form_type,
    assignee: row.assignee_id ? { id: row.assignee_id, name: names.get(row.assignee_id) ?? '' } : null,
    dueDate: row.due_date,
    description: row.description,
    receiptNumber: row.receipt_number,
    priorityDate: row.priority_date,
    legalFee: dollars(row.legal_fee_cents),
    amountPaid: dollars(row.amount_paid_cents),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    decidedOn: row.decided_on,
  };
}

export const toClientRecord = (row: ClientRow, caseCount: number): ClientRecord => ({
  id: row.id,
  name: personName(row.first_name, row.last_name),
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  dateOfBirth: row.date_of_birth,
  countryOfCitizenship: row.country_of_citizenship,
  aNumber: row.a_number,
  address: row.address,
  caseCount,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const toChange = (row: HistoryRow): CaseChange => ({
  at: row.created_at.toISOString(),
  by: row.actor_name,
  field: row.field,
  from: row.from_value,
  to: row.to_value,
});

/** Each fact a person can change: its words in the history, and its value as words. */
const FACTS = {
  // Before the status: the history, newest first, reads the move and then its date.
  decided_on: { label: 'Decision date', words: (r: CaseRow) => r.decided_on && formatDate(r.decided_on) },
  status: { label: 'Status', words: (r: CaseRow) => STATUS_LABELS[r.status] },
  client_id: { label: 'Client', words: (r: CaseRow) => r.client_name },
  case_type: { label: 'Case type', words: (r: CaseRow) => CASE_TYPE_LABELS[r.case_type] },
  form_type: { label: 'Form type', words: (r: CaseRow) => r.form_type },
  assignee_id: {
    label: 'Assigned to',
    words: (r: CaseRow, names: Map<string, string>) =>
      r.assignee_id ? (names.get(r.assignee_id) ?? null) : null,
  },
  due_date: { label: 'Due date', words: (r: CaseRow) => r.due_date && formatDate(r.due_date) },
  description: { label: 'Description', words: (r: CaseRow) => r.description || null },
  receipt_number: { label: 'Receipt number', words: (r: CaseRow) => r.receipt_number },
  priority_date: {
    label: 'Priority date',
    words: (r: CaseRow) => r.priority_date && formatDate(r.priority_date),
  },
  legal_fee_cents: {
    label: 'Legal fee',
    words: (r: CaseRow) => (r.legal_fee_cents == null ? null : formatMoney(r.legal_fee_cents / 100)),
  },
  amount_paid_cents: {
    label: 'Amount paid',
    words: (r: CaseRow) => (r.amount_paid_cents == null ? null : formatMoney(r.amount_paid_cents / 100)),
  },
} satisfies Record<string, { label: string; words(row: CaseRow, names: Map<string, string>): string | null }>;
type Fact = keyof typeof FACTS;

/** The history rows of the facts that differ between `before` and `after`, changed by `by`. */
export function historyOfChange(
  before: CaseRow,
  after: CaseRow,
  names: Map<string, string>,
  by: { id: string; name: string },
) {
  return (Object.keys(FACTS) as Fact[])
    .filter((fact) => before[fact] !== after[fact])
    .map((fact) => ({
      case_id: after.id,
      actor_user_id: by.id,
      actor_name: by.name,
      field: FACTS[fact].label,
      from_value: FACTS[fact].words(before, names),
      to_value: FACTS[fact].words(after, names),
    }));
}

/** The input's facts as columns; left out of the input, left out here. */
function valuesOf(input: Omit<CaseChangeInput, 'status' | 'decidedOn'>): CaseValues {
  const values: CaseValues = {};
  if (input.clientId !== undefined) values.client_id = input.clientId;
  if (input.caseType !== undefined) values.case_type = input.caseType;
  if (input.formType !== undefined) values.form_type = input.formType;
  if (input.assigneeId !== undefined) values.assignee_id = input.assigneeId;
  if (input.dueDate !== undefined) values.due_date = input.dueDate;
  if (input.description !== undefined) values.description = input.description;
  if (input.receiptNumber !== undefined) values.receipt_number = input.receiptNumber;
  if (input.priorityDate !== undefined) values.priority_date = input.priorityDate;
  if (input.legalFee !== undefined) values.legal_fee_cents = cents(input.legalFee);
  if (input.amountPaid !== undefined) values.amount_paid_cents = cents(input.amountPaid);
  return values;
}

/** USCIS's convention: a person's last word is the family name; one name alone is the family name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  const lastName = words.pop() ?? '';
  return { firstName: words.join(' '), lastName };
}

/** The full names of the firm's users by ID: the names cases show for their assignees. */
export async function userNamesOf(
  deps: { firmUsers(firmId: string): Promise<Array<{ id: string; first_name: string; last_name: string }>> },
  firmId: string,
): Promise<Map<string, string>> {
  const users = await deps.firmUsers(firmId);
  return new Map(users.map((u) => [u.id, personName(u.first_name, u.last_name)]));
}

/** Cases: the firm's immigration matters, their one status lifecycle, and the history of every change. */
export function createCasesService(deps: CasesDeps) {
  const { db } = deps;
  const store = createCasesStore(db);

  const namesIn = (firmId: string) => userNamesOf(deps, firmId);

  /**
   * A case with its history, read once per request however many features ask for it (the case page, the
   * AI tools' facts of it, its documents).
   */
  const caseOf = (firmId: string, id: string) =>
    oncePerRequest(`case:${firmId}:${id}`, () => store.findWithHistory(firmId, id));

  async function today(firmId: string) {
    return todayIn(await deps.timeZoneOf(firmId));
  }

  /**
   * The day USCIS decided, as given (today in the firm's time zone when not: API clients written before the
   * date was asked for keep working): not in the future, not before the case was opened.
   */
  function decisionDay(timeZone: string, before: CaseRow, given: string | undefined): string {
    const day = todayIn(timeZone);
    const opened = todayIn(timeZone, before.created_at);
    const decided = given ?? day;
    if (decided > day) throw decisionRefusal(DECISION_IN_FUTURE);
    if (decided < opened) throw decisionRefusal(`${DECISION_BEFORE_OPENED} (${formatDate(opened)})`);
    return decided;
  }

  /** The person a case may be assigned to: an active account of the same firm. */
  async function checkAssignee(firmId: string, assigneeId: string | null | undefined) {
    if (!assigneeId) return;
    const user = (await deps.firmUsers(firmId)).find((u) => u.id === assigneeId);
    if (!user || user.status !== 'active') {
      const message = "Assigned to must be one of the firm's active users";
      throw new ServiceError('invalid', message, { assigneeId: message });
    }
  }

  async function checkReceipt(
    cases: CasesStore,
    firmId: string,
    receipt: string | null | undefined,
    exceptId?: string,
  ) {
    if (!receipt) return;
    const holder = await cases.holderOfReceipt(firmId, receipt, exceptId);
    if (holder) {
      const message = `Receipt number ${receipt} is already on case ${holder.case_number}`;
      throw new ServiceError('conflict', message, { receiptNumber: message });
    }
  }

  /** The client named by ID, or by name: the firm's only client of that name, or a new one. */
  async function clientFor(
    trx: Kysely<DB>,
    actor: SessionUser,
    firmId: string,
    input: NewCase,
  ): Promise<ClientRow> {
    const cases = createCasesStore(trx);
    if (input.clientId) {
      const client = await cases.findClient(firmId, input.clientId);
      if (!client) throw new ServiceError('invalid', CLIENT_NOT_FOUND, { clientId: CLIENT_NOT_FOUND });
      return client;
    }
    const name = input.clientName!.replace(/\s+/g, ' ');
    // Nothing is merged or split silently: the name as the record writes it is that person; a name that
    // differs only in accents or case may be them, and is asked about rather than made a second person.
    const named = await cases.clientsNamed(firmId, name);
    const exact = named.filter(
      (c) => personName(c.first_name, c.last_name).toLowerCase() === name.toLowerCase(),
    );
    if (named.length > 1 && exact.length !== 1) {
      const message = `The firm has several clients named ${name}: choose one from the client's page`;
      throw new ServiceError('conflict', message, { clientName: message });
    }
    if (exact.length === 1) return exact[0];
    if (named[0]) {
      const message = `The firm has a client named ${personName(named[0].first_name, named[0].last_name)}: type the name as their record writes it to choose them, or add the new person on the People page first`;
      throw new ServiceError('conflict', message, { clientName: message });
    }
    const client = await cases.insertClient({
      firm_id: firmId,
      ...(({ firstName, lastName }) => ({ first_name: firstName, last_name: lastName }))(splitName(name)),
      email: null,
      phone: null,
      date_of_birth: null,
      country_of_citizenship: null,
      a_number: null,
      address: null,
    });
    await createAuditService(trx).record({
      actorUserId: actor.id,
      action: 'client.created',
      entity: 'client',
      entityId: client.id,
      after: { name },
      firmId,
    });
    return client;
  }

  /** The list's filters, with "me" and "none" made exact. */
  function whereOf(actor: SessionUser, query: Omit<CaseListQuery, 'page' | 'pageSize' | 'sort'>): CaseWhere {
    return {
      firmId: firmOf(actor),
      q: query.q,
      statuses: statusesOf(query.status),
      type: query.type,
      formType: query.formType,
      assigneeId: query.assignee === 'me' ? actor.id : query.assignee === 'none' ? null : query.assignee,
      dueBefore: query.dueBefore,
      dueAfter: query.dueAfter,
    };
  }

  const orderOf = (sort: string) => ({
    key: sort.replace(/^-/, '') as CaseSortKey,
    descending: sort.startsWith('-'),
  });

  return {
    whereOf,
    orderOf,
    today: (actor: SessionUser) => today(firmOf(actor)),

    async list(actor: SessionUser, query: CaseListQuery): Promise<CaseList> {
      const where = whereOf(actor, query);
      const [rows, total, names] = await Promise.all([
        store.page(where, orderOf(query.sort), (query.page - 1) * query.pageSize, query.pageSize),
        store.count(where),
        namesIn(where.firmId),
      ]);
      return {
        items: rows.map((r) => toCaseRecord(r, names)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * A case picker's choices: what its search finds (every case of the firm matching the words, or the open
     * ones), the soonest due first, with the chosen case kept when the search did not find it.
     */
    async pick(actor: SessionUser, query: string, chosenId?: string): Promise<CasePick> {
      const firmId = firmOf(actor);
      const search = caseListQuery.parse(casePickQuery(query.slice(0, CASE_LIMITS.search)));
      const where = whereOf(actor, search);
      const [rows, total, names, day, chosen] = await Promise.all([
        store.page(where, orderOf(search.sort), 0, search.pageSize),
        store.count(where),
        namesIn(firmId),
        today(firmId),
        chosenId && UUID.test(chosenId) ? store.find(firmId, chosenId) : undefined,
      ]);
      const choice = (row: CaseRow) => caseChoiceOf(toCaseRecord(row, names), day);
      return {
        query: search.q,
        results: rows.map(choice),
        total,
        chosen: chosen ? choice(chosen) : undefined,
        today: day,
      };
    },

    /** The firm's cases counted by the administrator's filter words (Case Management's statistics). */
    async counts(actor: SessionUser): Promise<CaseCounts> {
      const firmId = firmOf(actor);
      return store.counts(firmId, await today(firmId));
    },

    /** How many cases a firm has: the administrator's dashboard card. */
    countOfFirm: async (firmId: string) => store.count({ firmId }),

    /** The person's own cases: open, due within 7 days, overdue, and decided this month (firm's calendar). */
    async myStats(actor: SessionUser) {
      const firmId = firmOf(actor);
      const timeZone = await deps.timeZoneOf(firmId);
      const day = todayIn(timeZone);
      return store.statsOf(
        firmId,
        actor.id,
        day,
        addDays(day, 7),
        midnightIn(`${day.slice(0, 8)}01`, timeZone),
      );
    },

    /** The person's own cases, the most recently changed first. */
    async recent(actor: SessionUser, limit: number): Promise<CaseRecord[]> {
      const firmId = firmOf(actor);
      const [rows, names] = await Promise.all([
        store.page({ firmId, assigneeId: actor.id }, { key: 'updated', descending: true }, 0, limit),
        namesIn(firmId),
      ]);
      return rows.map((r) => toCaseRecord(r, names));
    },

    /** The firm's active users a case can be assigned to, by name. */
    async assignees(actor: SessionUser): Promise<Person[]> {
      const users = await deps.firmUsers(firmOf(actor));
      return users
        .filter((u) => u.status === 'active')
        .map((u) => ({ id: u.id, name: personName(u.first_name, u.last_name) }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    /** A case of the firm, for work done on the firm's behalf without a person (the document analysis). */
    async ofFirm(firmId: string, id: string): Promise<CaseRecord | undefined> {
      const found = await caseOf(firmId, id);
      return found && toCaseRecord(found.row, await namesIn(firmId));
    },

    /**
     * A firm's open cases, the soonest due first, each with its client's date of birth, for work done on the
     * firm's behalf without a person (its deadlines on the dashboard, in calendar feeds and in reminders).
     */
    async openOfFirm(
      firmId: string,
    ): Promise<Array<{ record: CaseRecord; clientDateOfBirth: string | null }>> {
      const [rows, names] = await Promise.all([store.openWithBirthDates(firmId), namesIn(firmId)]);
      return rows.map(({ client_date_of_birth, ...row }) => ({
        record: toCaseRecord(row, names),
        clientDateOfBirth: client_date_of_birth,
      }));
    },

    /** Case numbers and client names by ID, for rows of other features that point at them. */
    async labelsOf(firmId: string, caseIds: string[], clientIds: string[]) {
      const { cases, clients } = await store.labels(firmId, [...new Set(caseIds)], [...new Set(clientIds)]);
      return {
        cases: new Map(cases.map((c) => [c.id, c.case_number])),
        clients: new Map(clients.map((c) => [c.id, personName(c.first_name, c.last_name)])),
      };
    },

    async get(actor: SessionUser, id: string): Promise<CaseDetail> {
      const firmId = firmOf(actor);
      const [found, names] = await Promise.all([caseOf(firmId, id), namesIn(firmId)]);
      if (!found) throw caseNotFound();
      return { ...toCaseRecord(found.row, names), history: found.history.map(toChange) };
    },

    async create(actor: SessionUser, input: NewCase): Promise<CaseRecord> {
      const firmId = firmOf(actor);
      await checkAssignee(firmId, input.assigneeId);
      const [names, timeZone] = await Promise.all([namesIn(firmId), deps.timeZoneOf(firmId)]);
      const year = Number(todayIn(timeZone).slice(0, 4));
      const row = await explainRaces(() =>
        inTransaction(db, async (trx) => {
          const cases = createCasesStore(trx);
          // First: the counter's lock queues the firm's creations, so the checks below see every earlier
          // one (two creates for one new client name would otherwise each add the client).
          const sequence = await cases.takeNumbers(firmId, year, 1);
          await checkReceipt(cases, firmId, input.receiptNumber);
          const client = await clientFor(trx, actor, firmId, input);
          const created = await cases.insert({
            firm_id: firmId,
            case_number: caseNumberOf(year, sequence),
            client_id: client.id,
            case_type: input.caseType,
            form_type: input.formType,
            assignee_id: input.assigneeId ?? null,
            due_date: input.dueDate ?? null,
            description: input.description,
            receipt_number: input.receiptNumber ?? null,
            priority_date: input.priorityDate ?? null,
            legal_fee_cents: cents(input.legalFee) ?? null,
            amount_paid_cents: cents(input.amountPaid) ?? null,
          });
          await cases.addHistory([
            {
              case_id: created.id,
              actor_user_id: actor.id,
              actor_name: names.get(actor.id) ?? actor.firstName,
              field: 'Opened',
              from_value: null,
              to_value: STATUS_LABELS[created.status],
            },
          ]);
          await createAuditService(trx).record({
            actorUserId: actor.id,
            action: 'case.created',
            entity: 'case',
            entityId: created.id,
            after: toCaseRecord(created, names),
            firmId,
          });
          return created;
        }),
      );
      return toCaseRecord(row, names);
    },

    /** Changes facts and moves the status; a move the lifecycle does not allow is refused (409). */
    async change(actor: SessionUser, id: string, input: CaseChangeInput): Promise<CaseRecord> {
      const firmId = firmOf(actor);
      await checkAssignee(firmId, input.assigneeId);
      // Read before the transaction: the embedded database has one connection, which the transaction holds.
      const [names, timeZone] = await Promise.all([namesIn(firmId), deps.timeZoneOf(firmId)]);
      const row = await explainRaces(() =>
        inTransaction(db, async (trx) => {
          const cases = createCasesStore(trx);
          const before = await cases.findForUpdate(firmId, id);
          if (!before) throw caseNotFound();
          const { status, decidedOn, ...facts } = input;
          if (status && status !== before.status && !canMove(before.status, status))
            throw new ServiceError('conflict', refusedMoveMessage(before.status, status), {
              status: refusedMoveMessage(before.status, status),
            });
          const moving = status && status !== before.status;
          // A whole record sent back (read, changed, PUT) carries the stored date: that is no new decision.
          if (decidedOn && !(moving && isDecision(status)) && decidedOn !== before.decided_on)
            throw decisionRefusal(DECISION_WITHOUT_MOVE);
          if (facts.clientId && !(await cases.findClient(firmId, facts.clientId)))
            throw new ServiceError('invalid', CLIENT_NOT_FOUND, { clientId: CLIENT_NOT_FOUND });
          await checkReceipt(cases, firmId, facts.receiptNumber, id);
          const values = valuesOf(facts);
          if (moving) {
            values.status = status;
            const decided = isDecision(status);
            values.decided_at = decided ? new Date() : null;
            values.decided_on = decided ? decisionDay(timeZone, before, decidedOn ?? undefined) : null;
          }
          const changed = (Object.keys(values) as Array<keyof CaseValues>).filter(
            (k) => k !== 'decided_at' && values[k] !== before[k as keyof CaseRow],
          );
          if (changed.length === 0) return before;
          const after = await cases.update(id, values);
          const by = { id: actor.id, name: names.get(actor.id) ?? actor.firstName };
          await cases.addHistory(historyOfChange(before, after, names, by));
          const pick = (r: CaseRow) => Object.fromEntries(changed.map((k) => [k, r[k as keyof CaseRow]]));
          await createAuditService(trx).record({
            actorUserId: actor.id,
            action: status && status !== before.status ? 'case.status-changed' : 'case.updated',
            entity: 'case',
            entityId: id,
            before: { caseNumber: before.case_number, client: { name: before.client_name }, ...pick(before) },
            after: { caseNumber: after.case_number, client: { name: after.client_name }, ...pick(after) },
            firmId,
          });
          return after;
        }),
      );
      return toCaseRecord(row, names);
    },

    /**
     * An administrator's correction: a decision recorded by mistake is undone, the case back to processing
     * and undecided, with the reason in its history and the audit log. (Out of a rejection, processing is
     * otherwise an appeal: that is the ordinary move, not this.)
     */
    async reopenDecision(actor: SessionUser, id: string, reason: string): Promise<CaseRecord> {
      const firmId = firmOf(actor);
      const names = await namesIn(firmId);
      const row = await inTransaction(db, async (trx) => {
        const cases = createCasesStore(trx);
        const before = await cases.findForUpdate(firmId, id);
        if (!before) throw caseNotFound();
        if (!isDecision(before.status))
          throw new ServiceError(
            'conflict',
            `${NOT_DECIDED}: this one is ${STATUS_LABELS[before.status].toLowerCase()}.`,
          );
        const after = await cases.update(id, { status: 'processing', decided_at: null, decided_on: null });
        const who = {
          case_id: id,
          actor_user_id: actor.id,
          actor_name: names.get(actor.id) ?? actor.firstName,
        };
        await cases.addHistory([
          ...historyOfChange(before, after, names, { id: actor.id, name: who.actor_name }),
          { ...who, field: 'Decision reopened', from_value: null, to_value: reason },
        ]);
        const facts = (r: CaseRow) => ({
          caseNumber: r.case_number,
          client: { name: r.client_name },
          status: r.status,
          decidedOn: r.decided_on,
        });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'case.decision-reopened',
          entity: 'case',
          entityId: id,
          before: facts(before),
          after: { ...facts(after), reason },
          firmId,
        });
        return after;
      });
      return toCaseRecord(row, names);
    },

    async remove(actor: SessionUser, id: string): Promise<CaseRecord> {
      const firmId = firmOf(actor);
      const names = await namesIn(firmId);
      const row = await inTransaction(db, async (trx) => {
        const cases = createCasesStore(trx);
        const found = await cases.findForUpdate(firmId, id);
        if (!found) throw caseNotFound();
        await cases.remove(id);
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'case.deleted',
          entity: 'case',
          entityId: id,
          before: toCaseRecord(found, names),
          firmId,
        });
        return found;
      });
      return toCaseRecord(row, names);
    },
  };
}

export type CasesService = ReturnType<typeof createCasesService>;

/**
 * Two requests racing for one receipt number (the unique index decides), or a case and its client's removal
 * (the reference decides): the loser hears why.
 */
async function explainRaces<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // The client was removed while the case was being written for them.
    if (isForeignKeyViolation(error))
      throw new ServiceError('invalid', CLIENT_NOT_FOUND, { clientId: CLIENT_NOT_FOUND });
    if (!isUniqueViolation(error)) throw error;
    const message = 'That receipt number is already on another case';
    throw new ServiceError('conflict', message, { receiptNumber: message });
  }
}

/**
 * A firm's clients and cases (each case with its whole history and payments) for other features (its backup), over any
 * connection: a transaction of the caller's too.
 */
export function createCaseRecords(db: Kysely<DB>) {
  const store = createCasesStore(db);
  return {
    async ofFirm(firmId: string, names: Map<string, string>) {
      const [clients, cases, history, payments] = [
        await store.clientsOfFirm(firmId),
        await store.allOfFirm(firmId),
        await store.historyOfFirm(firmId),
        await store.paymentsOfFirm(firmId),
      ];
      const paid = new Map<string, Array<{ amountCents: number; receivedAt: string }>>();
      for (const row of payments)
        paid.set(row.case_id, [
          ...(paid.get(row.case_id) ?? []),
          { amountCents: Number(row.amount_cents), receivedAt: row.received_at.toISOString() },
        ]);
      const changes = new Map<string, CaseChange[]>();
      for (const row of history)
        changes.set(row.case_id, [...(changes.get(row.case_id) ?? []), toChange(row)]);
      const counts = new Map<string, number>();
      for (const row of cases) counts.set(row.client_id, (counts.get(row.client_id) ?? 0) + 1);
      return {
        clients: clients.map((row) => toClientRecord(row, counts.get(row.id) ?? 0)),
        cases: cases.map((row) => ({
          ...toCaseRecord(row, names),
          history: changes.get(row.id) ?? [],
          payments: paid.get(row.id) ?? [],
        })),
        history: history.length,
      };
    },
  };
}
