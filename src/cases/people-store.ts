import { type Kysely, type RawBuilder, type Selectable, sql, type Updateable } from 'kysely';
import type { CasePartiesTable, ClientsTable, DB } from '../db/schema';
import type { PartyRole, PersonMatter } from '../shared/people';
import { FOLD_FROM, FOLD_TO } from './migrations/0018_people';

export type PersonRow = Selectable<ClientsTable>;
export type PersonWithMatters = PersonRow & { matters: PersonMatter[] };
export type PersonColumns = Omit<
  Updateable<ClientsTable>,
  'id' | 'firm_id' | 'created_at' | 'updated_at' | 'family_key' | 'given_key'
>;
export type PartyRow = Selectable<CasePartiesTable>;
export type NewPersonRow = PersonColumns & { firm_id: string; first_name: string; last_name: string };
type NewPartyRow = {
  firm_id: string;
  case_id: string;
  role: PartyRole;
  person_id: string | null;
  organization: string | null;
};

/** A name (any text expression) folded as the stored keys are (migration 0018). */
export const folded = (text: RawBuilder<unknown>) =>
  sql<string>`btrim(regexp_replace(lower(translate(${text}, ${FOLD_FROM}::text, ${FOLD_TO}::text)), '\\s+', ' ', 'g'))`;
export const foldedName = (value: string) => folded(sql`${value}::text`);

/** Text inside a LIKE pattern, its own %, _ and backslash taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The matters a person is in (newest first), each with the person's roles in it. */
const mattersOf = sql<PersonMatter[]>`coalesce((
  SELECT json_agg(json_build_object('caseId', m.id, 'caseNumber', m.case_number, 'formType', m.form_type,
      'status', m.status, 'roles', m.roles) ORDER BY m.created_at DESC)
  FROM (SELECT c.id, c.case_number, c.form_type, c.status, c.created_at, array_agg(p.role ORDER BY p.role) AS roles
        FROM case_parties p JOIN cases c ON c.id = p.case_id
        WHERE p.person_id = clients.id GROUP BY c.id) m), '[]'::json)`;

/** The firm's people and the parties of its cases: the only place that queries case_parties. */
export function createPeopleStore(db: Kysely<DB>) {
  function matching(firmId: string, q: string) {
    let found = db.selectFrom('clients').where('firm_id', '=', firmId);
    if (q) {
      const pattern = `%${literal(q.toLowerCase())}%`;
      found = found.where((eb) =>
        eb.or([
          eb(sql`given_key || ' ' || family_key`, 'like', sql`'%' || ${foldedName(literal(q))} || '%'`),
          eb(sql`lower(coalesce(email, ''))`, 'like', pattern),
          eb(sql`lower(coalesce(a_number, ''))`, 'like', pattern),
        ]),
      );
    }
    return found;
  }

  return {
    /** A page of people by family name, each with their matters. */
    page(firmId: string, q: string, offset: number, limit: number): Promise<PersonWithMatters[]> {
      return matching(firmId, q)
        .selectAll('clients')
        .select(mattersOf.as('matters'))
        .orderBy(sql`family_key, given_key`)
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
    },

    async count(firmId: string, q: string): Promise<number> {
      const row = await matching(firmId, q)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    find(firmId: string, id: string): Promise<PersonWithMatters | undefined> {
      return db
        .selectFrom('clients')
        .selectAll('clients')
        .select(mattersOf.as('matters'))
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The firm's people who may be this one: the same A-number, or the same family name (folded) with the
     * same given name or date of birth. At most 20, the closest first is the service's to say.
     */
    matches(
      firmId: string,
      q: {
        familyName?: string | null;
        givenName?: string | null;
        dateOfBirth?: string | null;
        aNumber?: string | null;
      },
    ) {
      return db
        .selectFrom('clients')
        .selectAll('clients')
        .select(mattersOf.as('matters'))
        .where('firm_id', '=', firmId)
        .where((eb) => {
          const any = [];
          if (q.aNumber) any.push(eb('a_number', '=', q.aNumber));
          if (q.familyName) {
            const sameFamily = eb('family_key', '=', foldedName(q.familyName));
            const alike = [];
            if (q.givenName) alike.push(eb('given_key', '=', foldedName(q.givenName)));
            if (q.dateOfBirth) alike.push(eb('date_of_birth', '=', q.dateOfBirth));
            any.push(alike.length ? eb.and([sameFamily, eb.or(alike)]) : sameFamily);
          }
          if (q.givenName && q.dateOfBirth)
            any.push(
              eb.and([
                eb('given_key', '=', foldedName(q.givenName)),
                eb('date_of_birth', '=', q.dateOfBirth),
              ]),
            );
          return eb.or(any);
        })
        .orderBy('created_at')
        .limit(20)
        .execute();
    },

    /** The keys a name folds to, to compare with a match's. */
    async foldedKeys(familyName: string, givenName: string) {
      const row = await sql<{
        family: string;
        given: string;
      }>`SELECT ${foldedName(familyName)} AS family, ${foldedName(givenName)} AS given`.execute(db);
      return row.rows[0];
    },

    insert(row: NewPersonRow) {
      return db.insertInto('clients').values(row).returning('id').executeTakeFirstOrThrow();
    },

    /** People in one statement; their IDs in the order given. */
    async insertMany(rows: NewPersonRow[]): Promise<string[]> {
      if (rows.length === 0) return [];
      return (await db.insertInto('clients').values(rows).returning('id').execute()).map((r) => r.id);
    },

    async update(firmId: string, id: string, columns: PersonColumns) {
      await db
        .updateTable('clients')
        .set({ ...columns, updated_at: new Date() })
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .execute();
    },

    remove(firmId: string, id: string) {
      return db.deleteFrom('clients').where('firm_id', '=', firmId).where('id', '=', id).execute();
    },

    /** The sealed SSN of a person of the firm. */
    async sealedSsn(firmId: string, id: string) {
      return db
        .selectFrom('clients')
        .select(['ssn_sealed', 'first_name', 'last_name'])
        .where('firm_id', '=', firmId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The person's case numbers where they hold a role, any role (a person in a matter is not deleted). */
    async caseNumbersOf(personId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('case_parties')
        .innerJoin('cases', 'cases.id', 'case_parties.case_id')
        .select('cases.case_number')
        .distinct()
        .where('case_parties.person_id', '=', personId)
        .orderBy('cases.case_number')
        .execute();
      return rows.map((r) => r.case_number);
    },

    /**
     * The parties of one of the firm's cases with their people, in one statement: in the order of the roles,
     * then the order they were added. None for a case of another firm (every case has its beneficiary).
     */
    partiesOf(firmId: string, caseId: string) {
      return db
        .selectFrom('case_parties')
        .leftJoin('clients', 'clients.id', 'case_parties.person_id')
        .selectAll('clients')
        .select(mattersOf.as('matters'))
        .select([
          'case_parties.id as party_id',
          'case_parties.case_id as party_case_id',
          'case_parties.role as party_role',
          'case_parties.person_id as party_person_id',
          'case_parties.organization as party_organization',
          'case_parties.created_at as party_created_at',
        ])
        .where('case_parties.firm_id', '=', firmId)
        .where('case_parties.case_id', '=', caseId)
        .orderBy(
          sql`array_position(ARRAY['petitioner','beneficiary','derivative','sponsor','joint-sponsor','household-member','employer','interpreter','preparer']::text[], case_parties.role)`,
        )
        .orderBy('case_parties.created_at')
        .orderBy('case_parties.id')
        .execute();
    },

    findParty(caseId: string, partyId: string): Promise<PartyRow | undefined> {
      return db
        .selectFrom('case_parties')
        .selectAll()
        .where('case_id', '=', caseId)
        .where('id', '=', partyId)
        .executeTakeFirst();
    },

    holderOf(caseId: string, role: PartyRole) {
      return db
        .selectFrom('case_parties')
        .leftJoin('clients', 'clients.id', 'case_parties.person_id')
        .select(['case_parties.id', 'case_parties.person_id', 'clients.first_name', 'clients.last_name'])
        .where('case_parties.case_id', '=', caseId)
        .where('case_parties.role', '=', role)
        .execute();
    },

    insertParty(row: NewPartyRow) {
      return db.insertInto('case_parties').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async insertParties(rows: NewPartyRow[]): Promise<void> {
      if (rows.length > 0) await db.insertInto('case_parties').values(rows).execute();
    },

    async removeParty(caseId: string, partyId: string) {
      await db.deleteFrom('case_parties').where('case_id', '=', caseId).where('id', '=', partyId).execute();
    },
  };
}

export type PeopleStore = ReturnType<typeof createPeopleStore>;
