import { createAuditService } from '../audit/service';
import { inTransaction } from '../db/transaction';
import { type CaseRecord, type ClientList, type ClientRecord, personName } from '../shared/cases';
import { todayIn } from '../shared/dates';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';
import type { ClientChangeInput, NewClient } from './schema';
import {
  CLIENT_NOT_FOUND,
  type CasesDeps,
  firmOf,
  toCaseRecord,
  toClientRecord,
  userNamesOf,
} from './service';
import { type ClientRow, type ClientValues, createCasesStore } from './store';

const notFound = () => new ServiceError('not-found', CLIENT_NOT_FOUND);

/** The columns an input sets; left out of the input, left out here. */
function columnsOf(input: ClientChangeInput) {
  const columns: ClientValues = {};
  if (input.firstName !== undefined) columns.first_name = input.firstName;
  if (input.lastName !== undefined) columns.last_name = input.lastName;
  if (input.email !== undefined) columns.email = input.email;
  if (input.phone !== undefined) columns.phone = input.phone;
  if (input.dateOfBirth !== undefined) columns.date_of_birth = input.dateOfBirth;
  if (input.countryOfCitizenship !== undefined) columns.country_of_citizenship = input.countryOfCitizenship;
  if (input.aNumber !== undefined) columns.a_number = input.aNumber;
  if (input.address !== undefined) columns.address = input.address;
  return columns;
}

/** Clients: the people a firm represents, each with any number of cases. */
export function createClientsService(deps: CasesDeps) {
  const { db } = deps;
  const store = createCasesStore(db);

  /** A birth date cannot be after today (the firm's today). */
  async function checkFacts(firmId: string, input: ClientChangeInput, exceptId?: string) {
    if (input.dateOfBirth && input.dateOfBirth > todayIn(await deps.timeZoneOf(firmId))) {
      const message = 'Date of birth cannot be in the future';
      throw new ServiceError('invalid', message, { dateOfBirth: message });
    }
    if (input.aNumber) {
      const holder = await store.holderOfANumber(firmId, input.aNumber, exceptId);
      if (holder) {
        const message = `A-number ${input.aNumber} belongs to ${personName(holder.first_name, holder.last_name)} already`;
        throw new ServiceError('conflict', message, { aNumber: message });
      }
    }
  }

  async function recordOf(row: ClientRow) {
    return toClientRecord(row, await store.caseCountOf(row.id));
  }

  return {
    async list(
      actor: SessionUser,
      query: { q: string; page: number; pageSize: number },
    ): Promise<ClientList> {
      const firmId = firmOf(actor);
      const [rows, total] = await Promise.all([
        store.clientsPage(firmId, query.q, (query.page - 1) * query.pageSize, query.pageSize),
        store.clientsCount(firmId, query.q),
      ]);
      return {
        items: rows.map((r) => toClientRecord(r, Number(r.case_count ?? 0))),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async get(actor: SessionUser, id: string): Promise<ClientRecord> {
      const found = await store.findClientCounted(firmOf(actor), id);
      if (!found) throw notFound();
      return toClientRecord(found.row, found.caseCount);
    },

    /** The client's cases, newest first. */
    async casesOf(actor: SessionUser, id: string): Promise<CaseRecord[]> {
      const firmId = firmOf(actor);
      if (!(await store.findClient(firmId, id))) throw notFound();
      const [rows, names] = await Promise.all([store.casesOfClient(firmId, id), userNamesOf(deps, firmId)]);
      return rows.map((r) => toCaseRecord(r, names));
    },

    async create(actor: SessionUser, input: NewClient): Promise<ClientRecord> {
      const firmId = firmOf(actor);
      await checkFacts(firmId, input);
      const row = await inTransaction(db, async (trx) => {
        const created = await createCasesStore(trx).insertClient({
          firm_id: firmId,
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email ?? null,
          phone: input.phone ?? null,
          date_of_birth: input.dateOfBirth ?? null,
          country_of_citizenship: input.countryOfCitizenship ?? null,
          a_number: input.aNumber ?? null,
          address: input.address ?? null,
        });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'client.created',
          entity: 'client',
          entityId: created.id,
          after: toClientRecord(created, 0),
          firmId,
        });
        return created;
      });
      return toClientRecord(row, 0);
    },

    async change(actor: SessionUser, id: string, input: ClientChangeInput): Promise<ClientRecord> {
      const firmId = firmOf(actor);
      await checkFacts(firmId, input, id);
      const row = await inTransaction(db, async (trx) => {
        const clients = createCasesStore(trx);
        const before = await clients.findClient(firmId, id);
        if (!before) throw notFound();
        const columns = columnsOf(input);
        const changed = (Object.keys(columns) as Array<keyof typeof columns>).filter(
          (k) => columns[k] !== before[k],
        );
        if (changed.length === 0) return before;
        const after = await clients.updateClient(id, columns);
        const pick = (r: ClientRow) => Object.fromEntries(changed.map((k) => [k, r[k]]));
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'client.updated',
          entity: 'client',
          entityId: id,
          before: { name: personName(before.first_name, before.last_name), ...pick(before) },
          after: { name: personName(after.first_name, after.last_name), ...pick(after) },
          firmId,
        });
        return after;
      });
      return recordOf(row);
    },

    /** Removes a client who has no cases (their cases are the firm's record: they go first, on purpose). */
    async remove(actor: SessionUser, id: string): Promise<ClientRecord> {
      const firmId = firmOf(actor);
      const row = await inTransaction(db, async (trx) => {
        const clients = createCasesStore(trx);
        const found = await clients.findClientForUpdate(firmId, id);
        if (!found) throw notFound();
        const count = await clients.caseCountOf(id);
        if (count > 0) {
          const name = personName(found.first_name, found.last_name);
          throw new ServiceError(
            'conflict',
            `${name} has ${count === 1 ? '1 case' : `${count} cases`}: a client can be removed only once they have no cases`,
          );
        }
        await clients.removeClient(id);
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'client.deleted',
          entity: 'client',
          entityId: id,
          before: toClientRecord(found, 0),
          firmId,
        });
        return found;
      });
      return toClientRecord(row, 0);
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
