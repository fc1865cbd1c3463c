import { createAuditService } from '../audit/service';
import { inTransaction } from '../db/transaction';
import type { Sealer } from '../secrets';
import { todayIn } from '../shared/dates';
import { ServiceError } from '../shared/errors';
import type { DocumentFields, DocumentType } from '../shared/documents';
import {
  DOCUMENT_FACTS,
  type DocumentFact,
  type FormFacts,
  fullName,
  type MatchReason,
  PARTY_ROLE_LABELS,
  type Party,
  type Person,
  type PersonList,
  type PersonMatch,
  SINGLE_ROLES,
} from '../shared/people';
import type { SessionUser } from '../shared/session';
import type { MatchesQuery, NewParty, NewPerson, PersonChange } from './people-schema';
import { type DocumentPersonFacts, personFactsOf, personNamedIn } from './document-facts';
import { createPeopleStore, type PersonColumns, type PersonWithMatters } from './people-store';
import { CASE_NOT_FOUND, type CasesDeps, firmOf } from './service';
import { createCasesStore } from './store';

export const PERSON_NOT_FOUND = 'Person not found.';
export const PARTY_NOT_FOUND = 'Party not found.';
const personNotFound = () => new ServiceError('not-found', PERSON_NOT_FOUND);

export type PeopleDeps = CasesDeps & { sealer: Sealer };

/** A person row as the API answers it: the SSN only as its last four digits. */
export function toPerson(row: PersonWithMatters): Person {
  const name = { familyName: row.last_name, givenName: row.first_name || null, middleName: row.middle_name };
  return {
    id: row.id,
    ...name,
    name: fullName(name),
    otherNames: row.other_names,
    dateOfBirth: row.date_of_birth,
    cityOfBirth: row.city_of_birth,
    countryOfBirth: row.country_of_birth,
    sex: row.sex,
    citizenships: [row.country_of_citizenship, ...row.other_citizenships].filter((c): c is string =>
      Boolean(c),
    ),
    aNumber: row.a_number,
    uscisAccountNumber: row.uscis_account_number,
    ssnLast4: row.ssn_last4,
    email: row.email,
    phone: row.phone,
    language: row.language,
    passport: row.passport,
    i94: row.i94,
    lastEntry: row.last_entry,
    currentStatus: row.current_status,
    address: row.address,
    addresses: row.addresses,
    marriages: row.marriages,
    parents: row.parents,
    children: row.children,
    employment: row.employment,
    trips: row.trips,
    formFacts: row.form_facts,
    factSources: row.fact_sources,
    matters: row.matters,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const json = (value: unknown) => JSON.stringify(value);

/** The columns a change sets; left out of the input, left out here. The SSN is sealed, its last four kept. */
function columnsOf(
  input: PersonChange,
  seal: (plain: string) => string,
  /** The form facts on record, which a change's merge into. */
  facts: FormFacts = {},
): PersonColumns & { first_name?: string; last_name?: string } {
  const c: PersonColumns & { first_name?: string; last_name?: string } = {};
  const set = <K extends keyof typeof c>(key: K, value: (typeof c)[K] | undefined) => {
    if (value !== undefined) c[key] = value;
  };
  set('last_name', input.familyName);
  set('first_name', input.givenName);
  set('middle_name', input.middleName);
  set('date_of_birth', input.dateOfBirth);
  set('city_of_birth', input.cityOfBirth);
  set('country_of_birth', input.countryOfBirth);
  set('sex', input.sex);
  if (input.citizenships !== undefined) {
    c.country_of_citizenship = input.citizenships[0] ?? null;
    c.other_citizenships = json(input.citizenships.slice(1));
  }
  set('a_number', input.aNumber);
  set('uscis_account_number', input.uscisAccountNumber);
  if (input.ssn !== undefined) {
    c.ssn_sealed = input.ssn === null ? null : seal(input.ssn);
    c.ssn_last4 = input.ssn === null ? null : input.ssn.slice(-4);
  }
  set('email', input.email);
  set('phone', input.phone);
  set('language', input.language);
  set('current_status', input.currentStatus);
  set('address', input.address);
  for (const [key, column] of [
    ['passport', 'passport'],
    ['i94', 'i94'],
    ['lastEntry', 'last_entry'],
  ] as const)
    if (input[key] !== undefined) c[column] = input[key] === null ? null : json(input[key]);
  for (const key of [
    'otherNames',
    'addresses',
    'marriages',
    'parents',
    'children',
    'employment',
    'trips',
  ] as const)
    if (input[key] !== undefined) c[key === 'otherNames' ? 'other_names' : key] = json(input[key]);
  if (input.formFacts !== undefined) {
    const merged: FormFacts = { ...facts };
    for (const [key, value] of Object.entries(input.formFacts))
      if (value === null) delete merged[key];
      else merged[key] = value;
    c.form_facts = json(merged);
  }
  return c;
}

/** The person as the audit log keeps them: everything but the SSN's digits. */
const audited = (person: Person) => ({ ...person, matters: undefined });

/** The columns of the facts a document gives. */
function documentColumns(facts: DocumentPersonFacts, names: DocumentFact[]): PersonColumns {
  const c: PersonColumns = {};
  for (const name of names) {
    if (name === 'dateOfBirth') c.date_of_birth = facts.dateOfBirth;
    if (name === 'sex') c.sex = facts.sex;
    if (name === 'aNumber') c.a_number = facts.aNumber;
    if (name === 'passport') c.passport = json(facts.passport);
    if (name === 'i94') c.i94 = json(facts.i94);
  }
  return c;
}

/** The sources left once a person types some of the facts again: a typed fact has none. */
function sourcesAfter(person: Person, input: PersonChange): PersonColumns {
  const typed = DOCUMENT_FACTS.filter((name) => input[name] !== undefined && person.factSources[name]);
  if (typed.length === 0) return {};
  const sources = { ...person.factSources };
  for (const name of typed) delete sources[name];
  return { fact_sources: json(sources) };
}

/** Why a match may be the same person, strongest first. */
function reasonsOf(
  row: PersonWithMatters,
  q: MatchesQuery,
  keys: { family: string; given: string } | undefined,
): MatchReason[] {
  const reasons: MatchReason[] = [];
  if (q.aNumber && row.a_number === q.aNumber) reasons.push('aNumber');
  if (keys && row.family_key === keys.family && (!keys.given || row.given_key === keys.given))
    reasons.push('name');
  if (q.dateOfBirth && row.date_of_birth === q.dateOfBirth) reasons.push('dateOfBirth');
  return reasons;
}

/**
 * The firm's people and the parties of its cases. A client is a person; a case's client is its beneficiary.
 * Nothing is merged or split silently: adding a person who may already be one of the firm's people is
 * refused with the possible matches until the adder confirms it is someone new.
 */
export function createPeopleService(deps: PeopleDeps) {
  const { db, sealer } = deps;
  const store = createPeopleStore(db);

  async function checkFacts(firmId: string, input: PersonChange, exceptId?: string) {
    if (input.dateOfBirth && input.dateOfBirth > todayIn(await deps.timeZoneOf(firmId))) {
      const message = 'Date of birth cannot be in the future';
      throw new ServiceError('invalid', message, { dateOfBirth: message });
    }
    if (input.aNumber) {
      const holder = await createCasesStore(db).holderOfANumber(firmId, input.aNumber, exceptId);
      if (holder) {
        const message = `A-number ${input.aNumber} belongs to ${fullName({ givenName: holder.first_name, familyName: holder.last_name })} already`;
        throw new ServiceError('conflict', message, { aNumber: message });
      }
    }
  }

  /** A sealed SSN opened; one sealed under another key (restored from another installation) is asked again. */
  function openSsn(sealed: string): string {
    try {
      return sealer.open(sealed);
    } catch {
      throw new ServiceError(
        'conflict',
        "The SSN on file was sealed under another installation's key (a restored backup): enter it again.",
      );
    }
  }

  async function findIn(firmId: string, id: string): Promise<Person> {
    const row = await store.find(firmId, id);
    if (!row) throw personNotFound();
    return toPerson(row);
  }

  async function matchesIn(firmId: string, q: MatchesQuery): Promise<PersonMatch[]> {
    const [rows, keys] = await Promise.all([
      store.matches(firmId, q),
      q.familyName ? store.foldedKeys(q.familyName, q.givenName ?? '') : undefined,
    ]);
    return rows
      .map((row) => ({ person: toPerson(row), reasons: reasonsOf(row, q, keys) }))
      .sort((a, b) => b.reasons.length - a.reasons.length);
  }

  /**
   * A new person's facts checked, and refused with the people they may already be unless confirmed new.
   * Before the transaction that adds them: PGlite's one connection would wait on itself inside it.
   */
  async function checkNewPerson(firmId: string, input: NewPerson) {
    await checkFacts(firmId, input);
    if (input.confirmNew) return;
    const matches = await matchesIn(firmId, input);
    if (matches.length === 0) return;
    const names = matches.map((m) => m.person.name).join(', ');
    throw new ServiceError(
      'conflict',
      `This may be someone the firm already has: ${names}. Choose them, or confirm this is a new person.`,
      { familyName: 'Possible match found' },
      { matches },
    );
  }

  /** Adds a checked person (checkNewPerson) in the caller's transaction. */
  async function addPerson(
    trx: typeof db,
    firmId: string,
    actor: SessionUser,
    input: NewPerson,
  ): Promise<string> {
    const { id } = await createPeopleStore(trx).insert({
      firm_id: firmId,
      first_name: input.givenName ?? '',
      last_name: input.familyName,
      ...columnsOf(input, sealer.seal),
    });
    const person = await createPeopleStore(trx).find(firmId, id);
    await createAuditService(trx).record({
      actorUserId: actor.id,
      action: 'person.created',
      entity: 'person',
      entityId: id,
      after: audited(toPerson(person!)),
      firmId,
    });
    return id;
  }

  async function caseOf(firmId: string, caseId: string) {
    const found = await createCasesStore(db).find(firmId, caseId);
    if (!found) throw new ServiceError('not-found', CASE_NOT_FOUND);
    return found;
  }

  /** The parties of one of the firm's cases; none for a case it does not have. */
  async function partiesIn(firmId: string, caseId: string): Promise<Party[]> {
    const rows = await store.partiesOf(firmId, caseId);
    return rows.map((r) => ({
      id: r.party_id,
      caseId: r.party_case_id,
      role: r.party_role,
      person: r.party_person_id ? toPerson(r as PersonWithMatters) : null,
      organization: r.party_organization,
      createdAt: r.party_created_at.toISOString(),
    }));
  }

  return {
    async list(
      actor: SessionUser,
      query: { q: string; page: number; pageSize: number },
    ): Promise<PersonList> {
      const firmId = firmOf(actor);
      const [rows, total] = await Promise.all([
        store.page(firmId, query.q, (query.page - 1) * query.pageSize, query.pageSize),
        store.count(firmId, query.q),
      ]);
      return { items: rows.map(toPerson), total, page: query.page, pageSize: query.pageSize };
    },

    get: (actor: SessionUser, id: string) => findIn(firmOf(actor), id),

    matches: (actor: SessionUser, q: MatchesQuery) => matchesIn(firmOf(actor), q),

    async create(actor: SessionUser, input: NewPerson): Promise<Person> {
      const firmId = firmOf(actor);
      await checkNewPerson(firmId, input);
      const id = await inTransaction(db, (trx) => addPerson(trx, firmId, actor, input));
      return findIn(firmId, id);
    },

    async change(actor: SessionUser, id: string, input: PersonChange): Promise<Person> {
      const firmId = firmOf(actor);
      const before = await findIn(firmId, id);
      await checkFacts(firmId, input, id);
      await inTransaction(db, async (trx) => {
        await createPeopleStore(trx).update(firmId, id, {
          ...columnsOf(input, sealer.seal, before.formFacts),
          ...sourcesAfter(before, input),
        });
        const after = toPerson((await createPeopleStore(trx).find(firmId, id))!);
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'person.updated',
          entity: 'person',
          entityId: id,
          before: audited(before),
          after: { ...audited(after), ...(input.ssn !== undefined ? { ssnChanged: true } : {}) },
          firmId,
        });
      });
      return findIn(firmId, id);
    },

    /**
     * Gives the case's person a document names (a passport, an I-94, a green card) the facts it reads,
     * with the document as their source: only facts not on record, so that nothing typed is replaced.
     * Answers the facts given; none when the document names none of the case's people, or more than one.
     */
    async fillFromDocument(
      firmId: string,
      caseId: string,
      doc: { id: string; name: string; type: DocumentType; fields: DocumentFields },
    ): Promise<DocumentFact[]> {
      const facts = personFactsOf(doc.type, doc.fields);
      if (Object.keys(facts).length === 0) return [];
      const people = new Map(
        (await partiesIn(firmId, caseId)).flatMap((p) =>
          p.person ? [[p.person.id, p.person] as const] : [],
        ),
      );
      const person = personNamedIn([...people.values()], doc.fields);
      if (!person) return [];
      const given = DOCUMENT_FACTS.filter((name) => facts[name] !== undefined && person[name] === null);
      if (given.length === 0) return [];
      const sources = { ...person.factSources };
      for (const name of given) sources[name] = { documentId: doc.id, name: doc.name };
      await inTransaction(db, async (trx) => {
        await createPeopleStore(trx).update(firmId, person.id, {
          ...documentColumns(facts, given),
          fact_sources: json(sources),
        });
        await createAuditService(trx).record({
          actorUserId: null,
          action: 'person.facts-from-document',
          entity: 'person',
          entityId: person.id,
          after: { name: person.name, document: doc.name, facts: given },
          firmId,
        });
      });
      return given;
    },

    /** Removes a person who holds no role in any case (their case numbers otherwise, 409). */
    async remove(actor: SessionUser, id: string): Promise<void> {
      const firmId = firmOf(actor);
      const before = await findIn(firmId, id);
      const cases = await store.caseNumbersOf(id);
      if (cases.length > 0)
        throw new ServiceError(
          'conflict',
          `${before.name} is in ${cases.length === 1 ? 'case' : 'cases'} ${cases.join(', ')}: remove them from ${cases.length === 1 ? 'it' : 'those'} first.`,
        );
      await inTransaction(db, async (trx) => {
        await createPeopleStore(trx).remove(firmId, id);
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'person.deleted',
          entity: 'person',
          entityId: id,
          before: audited(before),
          firmId,
        });
      });
    },

    /** The full SSN, for the one who asked; every reveal is in the audit log. */
    async revealSsn(actor: SessionUser, id: string): Promise<{ ssn: string | null }> {
      const firmId = firmOf(actor);
      const row = await store.sealedSsn(firmId, id);
      if (!row) throw personNotFound();
      const ssn = row.ssn_sealed ? openSsn(row.ssn_sealed) : null;
      await createAuditService(db).record({
        actorUserId: actor.id,
        action: 'person.ssn-revealed',
        entity: 'person',
        entityId: id,
        after: { name: fullName({ givenName: row.first_name, familyName: row.last_name }) },
        firmId,
      });
      return { ssn: ssn && `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}` };
    },

    /**
     * The SSN's digits for a form the firm fills (not shown to anyone: the packet that carries it is a document
     * of the case, and generating it is audited).
     */
    async ssnForForms(actor: SessionUser, id: string): Promise<{ ssn: string | null }> {
      const row = await store.sealedSsn(firmOf(actor), id);
      if (!row) throw personNotFound();
      return { ssn: row.ssn_sealed ? openSsn(row.ssn_sealed) : null };
    },

    async parties(actor: SessionUser, caseId: string): Promise<Party[]> {
      const firmId = firmOf(actor);
      const parties = await partiesIn(firmId, caseId);
      // A case always has its beneficiary: none means no such case in this firm.
      if (parties.length === 0) await caseOf(firmId, caseId);
      return parties;
    },

    /**
     * Names who holds a role in a case: a person of the firm, a new person (checked for matches first), or
     * for an employer its organization. A petitioner, beneficiary or sponsor already named is a 409.
     */
    async addParty(actor: SessionUser, caseId: string, input: NewParty): Promise<Party> {
      const firmId = firmOf(actor);
      const theCase = await caseOf(firmId, caseId);
      if (input.role === 'beneficiary')
        throw new ServiceError(
          'conflict',
          "A case's beneficiary is its client: change the case's client to change the beneficiary.",
          { role: "Change the case's client instead" },
        );
      if (SINGLE_ROLES.includes(input.role)) {
        const [holder] = await store.holderOf(caseId, input.role);
        if (holder) {
          const who = fullName({ givenName: holder.first_name, familyName: holder.last_name ?? '' });
          throw new ServiceError(
            'conflict',
            `Case ${theCase.case_number} has a ${PARTY_ROLE_LABELS[input.role].toLowerCase()} already: ${who}. Remove them first.`,
            { role: `The ${PARTY_ROLE_LABELS[input.role].toLowerCase()} is taken` },
          );
        }
      }
      const named = input.personId ? await findIn(firmId, input.personId) : undefined;
      if (input.person && input.role !== 'employer') await checkNewPerson(firmId, input.person);
      const row = await inTransaction(db, async (trx) => {
        const personId =
          input.role === 'employer'
            ? null
            : (input.personId ?? (await addPerson(trx, firmId, actor, input.person!)));
        if (
          personId &&
          (await createPeopleStore(trx).holderOf(caseId, input.role)).some((h) => h.person_id === personId)
        )
          throw new ServiceError(
            'conflict',
            `This person is already a ${PARTY_ROLE_LABELS[input.role].toLowerCase()} of the case.`,
            {
              personId: 'Already in this role',
            },
          );
        const party = await createPeopleStore(trx).insertParty({
          firm_id: firmId,
          case_id: caseId,
          role: input.role,
          person_id: personId,
          organization: input.role === 'employer' ? json(input.organization) : null,
        });
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'case.party-added',
          entity: 'case',
          entityId: caseId,
          after: {
            caseNumber: theCase.case_number,
            partyId: party.id,
            role: party.role,
            personId,
            name: input.person ? fullName(input.person) : (input.organization?.name ?? named?.name ?? null),
            organization: input.organization ?? null,
          },
          firmId,
        });
        return party;
      });
      return (await partiesIn(firmId, caseId)).find((p) => p.id === row.id)!;
    },

    async removeParty(actor: SessionUser, caseId: string, partyId: string): Promise<void> {
      const firmId = firmOf(actor);
      await caseOf(firmId, caseId);
      const party = await store.findParty(caseId, partyId);
      if (!party) throw new ServiceError('not-found', PARTY_NOT_FOUND);
      if (party.role === 'beneficiary')
        throw new ServiceError(
          'conflict',
          "A case keeps its beneficiary, who is its client: change the case's client to change the beneficiary.",
        );
      const theCase = await caseOf(firmId, caseId);
      const who = (await partiesIn(firmId, caseId)).find((p) => p.id === partyId);
      await inTransaction(db, async (trx) => {
        await createPeopleStore(trx).removeParty(caseId, partyId);
        await createAuditService(trx).record({
          actorUserId: actor.id,
          action: 'case.party-removed',
          entity: 'case',
          entityId: caseId,
          before: {
            caseNumber: theCase.case_number,
            partyId,
            role: party.role,
            personId: party.person_id,
            name: who?.person?.name ?? who?.organization?.name ?? null,
            organization: party.organization,
          },
          firmId,
        });
      });
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
