import type { Party, Person } from '../../src/shared/people';
import {
  BACKENDS,
  demoFirmId,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  apiAs,
} from '../helpers/app';

let unique = 0;
const aNumber = () => `A${String(Date.now() % 1e6).padStart(6, '0')}${String(++unique).padStart(3, '0')}`;

/** Every section of a person, as a firm would record a spouse-beneficiary of an I-130. */
const FULL_PERSON = {
  familyName: 'García',
  givenName: 'María',
  middleName: 'Fernanda',
  otherNames: [{ familyName: 'López', givenName: 'María', middleName: null }],
  dateOfBirth: '1990-04-12',
  cityOfBirth: 'Guadalajara',
  countryOfBirth: 'Mexico',
  sex: 'female',
  citizenships: ['Mexico', 'Spain'],
  uscisAccountNumber: '0012-3456-7890',
  ssn: '321-54-9876',
  email: 'maria.garcia@example.com',
  phone: '+1 (555) 201-3344',
  language: 'es',
  passport: { number: 'G12345678', country: 'Mexico', issued: '2021-02-01', expires: '2031-01-31' },
  i94: { number: '123456789a1', admitUntil: 'D/S', classOfAdmission: 'F1' },
  lastEntry: { date: '2022-08-15', place: 'Los Angeles, CA', status: 'F-1' },
  currentStatus: 'F-1',
  addresses: [
    {
      kind: 'physical',
      from: '2022-08-20',
      to: null,
      street: '1200 Main Street',
      unitType: 'apt',
      unitNumber: '4B',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'United States',
    },
  ],
  marriages: [
    {
      spouseFamilyName: 'Smith',
      spouseGivenName: 'John',
      date: '2024-06-01',
      place: 'Austin, TX',
      endedOn: null,
      howEnded: null,
    },
  ],
  parents: [{ familyName: 'García', givenName: 'José', sex: 'male', countryOfBirth: 'Mexico' }],
  children: [],
  employment: [{ employer: 'University of Texas', occupation: 'Research assistant', from: '2023-01-09' }],
  trips: [{ departed: '2023-12-18', returned: '2024-01-06', countries: ['Mexico'] }],
};

describe.each(BACKENDS)('people and parties on %s', (backend) => {
  let t: TestApp;
  let admin: SignedIn;
  let attorney: SignedIn;
  let firmId: string;

  const db = () => t.database.db;
  const auditOf = (id: string) =>
    db()
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'before', 'after'])
      .where('entity_id', '=', id)
      .orderBy('seq')
      .execute();

  async function newPerson(fields: object = {}, as = admin): Promise<Person> {
    const res = await apiAs(as).post('/people', {
      familyName: `Nguyen${++unique}`,
      givenName: 'Linh',
      confirmNew: true,
      ...fields,
    });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    return res.body;
  }

  async function newCase(clientId: string): Promise<string> {
    const res = await apiAs(admin).post('/cases', { clientId, caseType: 'family', formType: 'I-130' });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = await signIn(t.app, 'admin');
    attorney = await signIn(t.app, 'attorney');
    firmId = await demoFirmId(t.database);
  });
  afterAll(() => t?.close());

  it('adds a person with every section, answers the SSN only as its last four, and seals it at rest', async () => {
    const a = aNumber();
    const res = await apiAs(attorney).post('/people', {
      ...FULL_PERSON,
      familyName: `García${++unique}`,
      aNumber: a,
    });
    expect([res.status, res.body.error]).toEqual([201, undefined]);
    const person: Person = res.body;
    expect(person).toMatchObject({
      givenName: 'María',
      middleName: 'Fernanda',
      name: `María Fernanda García${unique}`,
      citizenships: ['Mexico', 'Spain'],
      aNumber: a,
      uscisAccountNumber: '001234567890',
      ssnLast4: '9876',
      language: 'es',
      i94: { number: '123456789A1', admitUntil: 'D/S', classOfAdmission: 'F1' },
      addresses: [
        { street: '1200 Main Street', unitType: 'apt', unitNumber: '4B', zip: '78701', province: null },
      ],
      marriages: [{ spouseFamilyName: 'Smith', endedOn: null, howEnded: null }],
      parents: [{ givenName: 'José', dateOfBirth: null }],
      trips: [{ departed: '2023-12-18', returned: '2024-01-06', countries: ['Mexico'] }],
      matters: [],
    });
    expect(JSON.stringify(person)).not.toContain('321549876');
    expect(JSON.stringify(person)).not.toContain('321-54');
    expect(person).not.toHaveProperty('ssn');
    const row = await db()
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row.ssn_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('321-54-9876');
    expect(JSON.stringify(row)).not.toContain('321549876');
    const [created] = await auditOf(person.id);
    expect(created.action).toBe('person.created');
    expect(JSON.stringify(created.after)).not.toContain('32154');
  });

  it('reveals the SSN only through its own action, and audits each reveal', async () => {
    const person = await newPerson({ ssn: '234567890' });
    const res = await apiAs(attorney).get(`/people/${person.id}/ssn`);
    expect([res.status, res.body]).toEqual([200, { ssn: '234-56-7890' }]);
    expect((await auditOf(person.id)).map((r) => r.action)).toEqual([
      'person.created',
      'person.ssn-revealed',
    ]);
    // The matrix decides: with the reveal's read revoked for firm users, it is refused.
    const staff = await signIn(t.app, 'reti');
    const actions: Array<{ id: string; name: string }> = (await staff.agent.get('/api/actions')).body;
    const reveal = actions.find((a) => a.name === 'Reveal SSN')!;
    const setUserRead = (canRead: boolean) =>
      staff.agent
        .put(`/api/permissions/${reveal.id}`)
        .set('X-CSRF-Token', staff.token)
        .send({
          permissions: [
            { roleId: 'user', canRead, canWrite: false, canDelete: false },
            { roleId: 'admin', canRead: true, canWrite: false, canDelete: false },
            { roleId: 'reti', canRead: false, canWrite: false, canDelete: false },
          ],
        });
    expect((await setUserRead(false)).status).toBe(200);
    const refused = await apiAs(attorney).get(`/people/${person.id}/ssn`);
    expect((await setUserRead(true)).status).toBe(200);
    expect(refused.status).toBe(403);
  });

  it('finds possible matches with accents and case folded, by date of birth and by A-number', async () => {
    const family = `Fernández${++unique}`;
    const a = aNumber();
    const first = await newPerson({
      familyName: family,
      givenName: 'José Luis',
      dateOfBirth: '1985-03-02',
      aNumber: a,
    });
    const folded = family.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    const byName = await apiAs(attorney).get(
      `/people/matches?familyName=${encodeURIComponent(folded)}&givenName=jose-luis`,
    );
    expect([byName.status, byName.body.map((m: { person: Person }) => m.person.id)]).toEqual([
      200,
      [first.id],
    ]);
    expect(byName.body[0].reasons).toEqual(['name']);
    const byBirth = await apiAs(attorney).get(
      `/people/matches?familyName=${encodeURIComponent(family)}&givenName=Pepe&dateOfBirth=1985-03-02`,
    );
    expect(byBirth.body.map((m: { reasons: string[] }) => m.reasons)).toEqual([['dateOfBirth']]);
    const byNumber = await apiAs(attorney).get(`/people/matches?aNumber=${a.toLowerCase()}`);
    expect(byNumber.body[0]).toMatchObject({ person: { id: first.id }, reasons: ['aNumber'] });
    const none = await apiAs(attorney).get(`/people/matches?familyName=Nobody${unique}&givenName=Ana`);
    expect([none.status, none.body]).toEqual([200, []]);
    const bad = await apiAs(attorney).get('/people/matches?dateOfBirth=1985-02-30');
    expect([bad.status, bad.body.fields.dateOfBirth]).toEqual([
      422,
      'Date of birth must be a real date written YYYY-MM-DD, such as 2026-11-23',
    ]);
  });

  it('refuses to add a possible duplicate silently: 409 with the matches, then adds it when confirmed', async () => {
    const family = `Ñúñez${++unique}`;
    const first = await newPerson({ familyName: family, givenName: 'María Fernanda' });
    const before = await db().selectFrom('clients').select('id').where('firm_id', '=', firmId).execute();
    const res = await apiAs(attorney).post('/people', {
      familyName: family.replace('Ñúñez', 'Nunez'),
      givenName: 'Maria Fernanda',
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(
      `This may be someone the firm already has: María Fernanda ${family}. Choose them, or confirm this is a new person.`,
    );
    expect(res.body.matches).toEqual([
      expect.objectContaining({ person: expect.objectContaining({ id: first.id }), reasons: ['name'] }),
    ]);
    expect(
      (await db().selectFrom('clients').select('id').where('firm_id', '=', firmId).execute()).length,
    ).toBe(before.length);
    const confirmed = await apiAs(attorney).post('/people', {
      familyName: family.replace('Ñúñez', 'Nunez'),
      givenName: 'Maria Fernanda',
      confirmNew: true,
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.id).not.toBe(first.id);
  });

  it('a case opened by a name that differs only in accents or case is asked about, never split silently', async () => {
    const family = `García${++unique}`;
    const maria = await newPerson({ familyName: family, givenName: 'María Fernanda' });
    const message = `The firm has a client named María Fernanda ${family}: type the name as their record writes it to choose them, or add the new person on the People page first`;
    const folded = `Maria Fernanda ${family.replace('í', 'i')}`;
    const asked = await apiAs(attorney).post('/cases', {
      clientName: folded,
      caseType: 'family',
      formType: 'I-130',
    });
    expect([asked.status, asked.body.error, asked.body.fields]).toEqual([
      409,
      message,
      { clientName: message },
    ]);
    const exact = await apiAs(attorney).post('/cases', {
      clientName: `maría fernanda ${family.toLowerCase()}`,
      caseType: 'family',
      formType: 'I-130',
    });
    expect([exact.status, exact.body.client?.id]).toEqual([201, maria.id]);

    const csv = ['Client Name,Case Type,Form Type', `${folded},family,I-130`].join('\r\n');
    const imported = await attorney.agent
      .post('/api/cases/import')
      .set('X-CSRF-Token', attorney.token)
      .field('mode', 'valid-rows')
      .attach('file', Buffer.from(csv), { filename: 'cases.csv', contentType: 'text/csv' });
    expect([imported.status, imported.body.imported, imported.body.rejected]).toEqual([
      200,
      0,
      [
        {
          line: 2,
          reason: `The firm has a client named María Fernanda ${family}: write the name as their record does to choose them, or add the new person on the People page first`,
        },
      ],
    ]);
  });

  it('gives each bad field its message and keeps the person as it was', async () => {
    const person = await newPerson({ email: 'keep@example.com' });
    const cases: Array<[object, string, string]> = [
      [{ ssn: '000-12-3456' }, 'ssn', 'Social Security number must be 9 digits, such as 123-45-6789'],
      [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'Date of birth cannot be in the future'],
      [{ sex: 'x' }, 'sex', 'Sex must be one of male, female'],
      [
        { addresses: [{ street: '1 Elm St', city: 'Reno', unitNumber: '3' }] },
        'addresses',
        'Address: choose Apt., Ste. or Flr. for the unit number (entry 1)',
      ],
      [
        { trips: [{ departed: '2024-05-01', returned: '2024-04-01' }] },
        'trips',
        'Trip: the return is before the departure (entry 1)',
      ],
      [
        { marriages: [{ spouseFamilyName: 'Lee', endedOn: '2020-01-01' }] },
        'marriages',
        'Marriage: give both the date it ended and how, or neither (entry 1)',
      ],
      [{ aNumber: '12' }, 'aNumber', 'A-number must be A followed by 8 or 9 digits, such as A123456789'],
      [{ uscisAccountNumber: '123' }, 'uscisAccountNumber', 'USCIS online account number must be 12 digits'],
    ];
    for (const [body, field, message] of cases) {
      const res = await apiAs(attorney).patch(`/people/${person.id}`, body);
      expect([res.status, field, res.body.fields?.[field]]).toEqual([422, field, message]);
    }
    expect((await apiAs(attorney).get(`/people/${person.id}`)).body).toMatchObject({
      email: 'keep@example.com',
      ssnLast4: null,
    });
  });

  it('changes sections whole, audits who and what, and lists people with their matters', async () => {
    const family = `Okafor${++unique}`;
    const person = await newPerson({ familyName: family });
    const res = await apiAs(attorney).patch(`/people/${person.id}`, {
      trips: [{ departed: '2025-01-02', returned: '2025-01-20', countries: ['Nigeria', 'Ghana'] }],
      ssn: '345-67-8901',
    });
    expect([res.status, res.body.trips, res.body.ssnLast4]).toEqual([
      200,
      [{ departed: '2025-01-02', returned: '2025-01-20', countries: ['Nigeria', 'Ghana'] }],
      '8901',
    ]);
    const audit = await auditOf(person.id);
    expect([audit.at(-1)!.action, (audit.at(-1)!.after as { ssnChanged?: boolean }).ssnChanged]).toEqual([
      'person.updated',
      true,
    ]);
    expect(JSON.stringify(audit)).not.toContain('345678901');
    const caseId = await newCase(person.id);
    const list = await apiAs(attorney).get(`/people?q=${encodeURIComponent(family.toLowerCase())}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0].matters).toEqual([
      expect.objectContaining({ caseId, formType: 'I-130', roles: ['beneficiary'] }),
    ]);
  });

  it('every case has its client as beneficiary, kept in step when the client changes', async () => {
    const [withoutParty] = await db()
      .selectFrom('cases')
      .select('cases.id')
      .where('cases.firm_id', '=', firmId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('case_parties')
              .select('case_parties.id')
              .whereRef('case_parties.case_id', '=', 'cases.id')
              .whereRef('case_parties.person_id', '=', 'cases.client_id')
              .where('case_parties.role', '=', 'beneficiary'),
          ),
        ),
      )
      .execute();
    expect(withoutParty).toBeUndefined();
    const first = await newPerson();
    const second = await newPerson();
    const caseId = await newCase(first.id);
    expect((await apiAs(attorney).patch(`/cases/${caseId}`, { clientId: second.id })).status).toBe(200);
    const parties: Party[] = (await apiAs(attorney).get(`/cases/${caseId}/parties`)).body;
    expect(parties.map((p) => [p.role, p.person?.id])).toEqual([['beneficiary', second.id]]);
  });

  it('adds parties in their roles: one petitioner, a person in two roles, a new person, an employer', async () => {
    const beneficiary = await newPerson();
    const smith = `Smith${++unique}`;
    const petitioner = await newPerson({ familyName: smith, givenName: 'John' });
    const caseId = await newCase(beneficiary.id);
    const add = (body: object) => apiAs(attorney).post(`/cases/${caseId}/parties`, body);

    const asPetitioner = await add({ role: 'petitioner', personId: petitioner.id });
    expect([asPetitioner.status, Object.keys(asPetitioner.body).sort()]).toEqual([
      201,
      ['caseId', 'createdAt', 'id', 'organization', 'person', 'role'],
    ]);
    expect(asPetitioner.body).toMatchObject({ role: 'petitioner', person: { id: petitioner.id } });
    expect((await add({ role: 'sponsor', personId: petitioner.id })).status).toBe(201);

    const second = await add({ role: 'petitioner', personId: beneficiary.id });
    expect([second.status, second.body.error]).toEqual([
      409,
      `Case ${(await apiAs(admin).get(`/cases/${caseId}`)).body.caseNumber} has a petitioner already: John ${smith}. Remove them first.`,
    ]);
    const ben = await add({ role: 'beneficiary', personId: petitioner.id });
    expect([ben.status, ben.body.error]).toEqual([
      409,
      "A case's beneficiary is its client: change the case's client to change the beneficiary.",
    ]);

    const childName = `Nguyen${++unique}`;
    const child = await add({
      role: 'derivative',
      person: { familyName: childName, givenName: 'Bao', dateOfBirth: '2015-05-05', confirmNew: true },
    });
    expect([child.status, child.body.person.name]).toEqual([201, `Bao ${childName}`]);

    const employer = await add({
      role: 'employer',
      organization: {
        name: 'Acme Robotics, Inc.',
        fein: '12-3456789',
        employeeCount: '40',
        naicsCode: '333',
      },
    });
    expect([employer.status, employer.body.person, employer.body.organization]).toEqual([
      201,
      null,
      expect.objectContaining({
        name: 'Acme Robotics, Inc.',
        fein: '123456789',
        employeeCount: 40,
        nonprofit: false,
      }),
    ]);
    const noOrg = await add({ role: 'employer' });
    expect([noOrg.status, noOrg.body.fields.organization]).toEqual([
      422,
      'An employer needs its organization: name, FEIN and address',
    ]);
    const badRole = await add({ role: 'cousin', personId: petitioner.id });
    expect([badRole.status, badRole.body.fields.role]).toEqual([
      422,
      'Role must be one of petitioner, beneficiary, derivative, sponsor, joint-sponsor, household-member, employer, interpreter, preparer',
    ]);

    const parties: Party[] = (await apiAs(attorney).get(`/cases/${caseId}/parties`)).body;
    expect(parties.map((p) => p.role)).toEqual([
      'petitioner',
      'beneficiary',
      'derivative',
      'sponsor',
      'employer',
    ]);
    const person = (await apiAs(attorney).get(`/people/${petitioner.id}`)).body as Person;
    expect(person.matters).toEqual([expect.objectContaining({ caseId, roles: ['petitioner', 'sponsor'] })]);

    // A person in a matter is not deleted; out of it, they may be.
    const refused = await apiAs(admin).delete(`/people/${petitioner.id}`);
    expect(refused.status).toBe(409);
    for (const p of parties.filter((x) => x.person?.id === petitioner.id))
      expect((await apiAs(attorney).delete(`/cases/${caseId}/parties/${p.id}`)).status).toBe(204);
    const benParty = parties.find((p) => p.role === 'beneficiary')!;
    expect((await apiAs(attorney).delete(`/cases/${caseId}/parties/${benParty.id}`)).status).toBe(409);
    expect((await apiAs(admin).delete(`/people/${petitioner.id}`)).status).toBe(204);
    expect((await apiAs(attorney).get(`/people/${petitioner.id}`)).status).toBe(404);
  });

  it("keeps each firm's people to itself, and platform staff out of all of them", async () => {
    const person = await newPerson();
    const caseId = await newCase(person.id);
    const firm = await secondFirm(t);
    const other = await signIn(t.app, firm.admin);
    for (const res of [
      await apiAs(other).get(`/people/${person.id}`),
      await apiAs(other).get(`/people/${person.id}/ssn`),
      await apiAs(other).patch(`/people/${person.id}`, { email: 'x@example.com' }),
      await apiAs(other).delete(`/people/${person.id}`),
      await apiAs(other).get(`/cases/${caseId}/parties`),
      await apiAs(other).post(`/cases/${caseId}/parties`, { role: 'petitioner', personId: person.id }),
    ])
      expect(res.status).toBe(404);
    const theirs = await newPerson({}, other);
    const cross = await apiAs(attorney).post(`/cases/${caseId}/parties`, {
      role: 'petitioner',
      personId: theirs.id,
    });
    expect([cross.status, cross.body.error]).toEqual([404, 'Person not found.']);
    expect((await apiAs(other).get('/people')).body.items.map((p: Person) => p.id)).toEqual([theirs.id]);
    expect(
      (await apiAs(other).get(`/people/matches?familyName=${encodeURIComponent(person.familyName)}`)).body,
    ).toEqual([]);

    const staff = await signIn(t.app, 'reti');
    for (const path of [
      '/people',
      `/people/${person.id}`,
      `/people/${person.id}/ssn`,
      `/cases/${caseId}/parties`,
    ])
      expect((await apiAs(staff).get(path)).status).toBe(403);
  });
});
