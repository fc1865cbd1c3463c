import { declareFor } from '../access/action';
import { api } from '../shared/paths';
import {
  matchesQuery,
  newPartySchema,
  newPersonSchema,
  personChangeSchema,
  personListQuery,
} from './people-schema';
import { PARTY_NOT_FOUND, PERSON_NOT_FOUND, type PeopleService } from './people-service';
import { CASE_NOT_FOUND } from './service';

export type PeopleDeps = { people: PeopleService };

const action = declareFor<PeopleDeps>();
const PEOPLE = 'People';
const PARTIES = 'Case Management';

// Before /people/{id}, which would otherwise take "matches" for an ID.
export const findMatches = action({
  name: 'Find Person Matches',
  category: PEOPLE,
  description:
    "The firm's people a person being added may already be: the same A-number, or the same name (accents and case folded) or date of birth.",
  method: 'GET',
  route: api.peopleMatches,
  grants: { user: 'r', admin: 'r' },
  input: matchesQuery,
  run: ({ deps, actor }, input) => deps.people.matches(actor, input),
});

export const listPeople = action({
  name: 'Get People',
  category: PEOPLE,
  description: "List the firm's people by name, each with their matters: search by name, email or A-number.",
  method: 'GET',
  route: api.people,
  grants: { user: 'r', admin: 'r' },
  input: personListQuery,
  run: ({ deps, actor }, input) => deps.people.list(actor, input),
});

export const getPerson = action({
  name: 'Get Person',
  category: PEOPLE,
  description:
    "Read one of the firm's people with every section and their matters (the SSN as its last four digits).",
  method: 'GET',
  route: api.person('{id}'),
  notFound: PERSON_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.people.get(actor, params.id),
});

export const revealSsn = action({
  name: 'Reveal SSN',
  category: PEOPLE,
  description: "Show a person's full Social Security number; every reveal is written to the audit log.",
  method: 'GET',
  route: api.personSsn('{id}'),
  notFound: PERSON_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.people.revealSsn(actor, params.id),
});

export const createPerson = action({
  name: 'Create Person',
  category: PEOPLE,
  description:
    'Add a person to the firm; refused with the possible matches (409) unless none, or confirmNew is true.',
  method: 'POST',
  route: api.people,
  grants: { user: 'w', admin: 'w' },
  input: newPersonSchema,
  run: ({ deps, actor }, input) => deps.people.create(actor, input),
  status: 201,
});

export const changePerson = action({
  name: 'Change Person',
  category: PEOPLE,
  description: "Change any of a person's facts; a list (addresses, marriages, trips…) is written whole.",
  method: 'PATCH',
  route: api.person('{id}'),
  notFound: PERSON_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: personChangeSchema,
  run: ({ deps, actor, params }, input) => deps.people.change(actor, params.id, input),
});

export const deletePerson = action({
  name: 'Delete Person',
  category: PEOPLE,
  description: 'Remove a person who holds no role in any case.',
  method: 'DELETE',
  route: api.person('{id}'),
  notFound: PERSON_NOT_FOUND,
  grants: { admin: 'd' },
  run: ({ deps, actor, params }) => deps.people.remove(actor, params.id),
  answer: () => undefined,
});

export const listParties = action({
  name: 'Get Case Parties',
  category: PARTIES,
  description: 'The people of a case in their roles (petitioner, beneficiary, sponsor…) and its employer.',
  method: 'GET',
  route: api.caseParties('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'r', admin: 'r' },
  run: ({ deps, actor, params }) => deps.people.parties(actor, params.id),
});

export const addParty = action({
  name: 'Add Case Party',
  category: PARTIES,
  description:
    'Name who holds a role in a case: a person of the firm, a new person, or an employer; one petitioner, beneficiary and sponsor per case (409).',
  method: 'POST',
  route: api.caseParties('{id}'),
  notFound: CASE_NOT_FOUND,
  grants: { user: 'w', admin: 'w' },
  input: newPartySchema,
  run: ({ deps, actor, params }, input) => deps.people.addParty(actor, params.id, input),
  status: 201,
});

export const removeParty = action({
  name: 'Remove Case Party',
  category: PARTIES,
  description: "Take a person out of a role in a case (the beneficiary stays: it is the case's client).",
  method: 'DELETE',
  route: api.caseParty('{id}', '{partyId}'),
  notFound: PARTY_NOT_FOUND,
  grants: { user: 'd', admin: 'd' },
  run: ({ deps, actor, params }) => deps.people.removeParty(actor, params.id, params.partyId),
  answer: () => undefined,
});

export const PEOPLE_ACTIONS = {
  findMatches,
  listPeople,
  getPerson,
  revealSsn,
  createPerson,
  changePerson,
  deletePerson,
  listParties,
  addParty,
  removeParty,
};
