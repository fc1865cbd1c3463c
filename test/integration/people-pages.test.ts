import type { Person } from '../../src/shared/people';
import {
  BACKENDS,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';

/** The People pages, a person's sections and a case's Parties, as served without JavaScript. */
describe.each(BACKENDS)('the people and parties pages on %s, without JavaScript', (backend) => {
  let t: TestApp;
  let admin: SignedIn;
  let attorney: SignedIn;
  let unique = 0;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    admin = await signIn(t.app, 'admin');
    attorney = await signIn(t.app, 'attorney');
  });
  afterAll(() => t?.close());

  async function post(as: SignedIn, path: string, fields: Record<string, string> = {}) {
    const res = await as.agent
      .post(path)
      .type('form')
      .send({ _csrf: as.token, ...fields });
    return {
      status: res.status,
      text: visibleText(res.text),
      html: res.text,
      location: res.headers.location,
    };
  }
  const get = async (as: SignedIn, path: string) => {
    const res = await as.agent.get(path);
    return { status: res.status, text: visibleText(res.text), html: res.text, headers: res.headers };
  };
  async function newPerson(fields: object = {}): Promise<Person> {
    const res = await attorney.agent
      .post('/api/people')
      .set('X-CSRF-Token', attorney.token)
      .send({ familyName: `Pérez${++unique}`, givenName: 'Ana', confirmNew: true, ...fields });
    expect(res.status).toBe(201);
    return res.body;
  }

  it("lists the firm's people with their matters, and finds them with accents folded", async () => {
    const family = `Muñoz${++unique}`;
    const person = await newPerson({ familyName: family });
    const query = family.replace('ñ', 'n').toUpperCase();
    const list = await get(attorney, `/user/people?q=${encodeURIComponent(query)}`);
    expect(list.status).toBe(200);
    expect(list.text).toContain(`People matching “${query}”: 1`);
    expect(list.html).toContain(`href="/user/people/${person.id}"`);
    const all = await get(admin, '/admin/people');
    expect(all.text).toMatch(/The firm's people: \d+/);
    expect(all.text).toContain('Add Person');
    // A family case's petitioner is one of the firm's people, with their role.
    expect(all.text).toMatch(/RI-20\d\d-\d{4} I-130 · Petitioner, Sponsor/);
  });

  it('adds a person; a possible duplicate shows its matches and is added only when confirmed', async () => {
    const family = `Gutiérrez${++unique}`;
    const first = await newPerson({ familyName: family, givenName: 'José', dateOfBirth: '1980-01-02' });
    const refused = await post(attorney, '/user/people/new', {
      familyName: family.replace('é', 'e').toUpperCase(),
      givenName: 'Jose',
      email: 'jose@example.com',
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(
      `This may be someone the firm already has: José ${family}. Choose them, or confirm this is a new person.`,
    );
    expect(refused.text).toContain('Possible matches');
    expect(refused.html).toContain(`href="/user/people/${first.id}"`);
    expect(refused.html).toContain('value="jose@example.com"');
    expect(refused.text).toContain('This is a new person, not one of the possible matches');
    const added = await post(attorney, '/user/people/new', {
      familyName: family.toUpperCase(),
      givenName: 'Jose',
      confirmNew: 'on',
    });
    expect(added.status).toBe(303);
    const page = await get(attorney, added.location);
    expect(page.text).toContain(`Jose ${family.toUpperCase()} was added.`);
  });

  it('shows every section of a person, and saves a section from its own form', async () => {
    const person = await newPerson({
      passport: { number: 'X1234567', country: 'Peru', expires: '2030-05-01' },
      ssn: '456-78-9012',
    });
    const page = await get(attorney, `/user/people/${person.id}`);
    expect(page.status).toBe(200);
    for (const title of [
      'Identity',
      'Numbers and Contact',
      'Passport',
      'I-94 Record',
      'Address History',
      'Marital History',
      'Parents',
      'Children',
      'Employment History',
      'Trips Outside the United States',
    ])
      expect(page.text).toContain(title);
    expect(page.text).toContain('05/01/2030');
    expect(page.text).toContain('•••-••-9012');
    expect(page.html).not.toContain('456-78');

    const saved = await post(attorney, `/user/people/${person.id}/edit/addresses`, {
      'addresses.count': '1',
      'addresses.0.kind': 'physical',
      'addresses.0.from': '2021-03-01',
      'addresses.0.street': '77 Ocean Avenue',
      'addresses.0.unitType': 'apt',
      'addresses.0.unitNumber': '2C',
      'addresses.0.city': 'Brooklyn',
      'addresses.0.state': 'NY',
      'addresses.0.zip': '11225',
    });
    expect([saved.status, saved.location]).toEqual([303, `/user/people/${person.id}#addresses`]);
    const after = (await attorney.agent.get(`/api/people/${person.id}`)).body as Person;
    expect(after.addresses).toEqual([
      expect.objectContaining({
        street: '77 Ocean Avenue',
        unitType: 'apt',
        unitNumber: '2C',
        zip: '11225',
        country: 'United States',
        to: null,
      }),
    ]);
    const form = await get(attorney, `/user/people/${person.id}/edit/addresses`);
    expect(form.html).toContain('value="77 Ocean Avenue"');
    expect(form.text).toContain('Add address');
    expect(form.text).toContain('Remove address 1');
  });

  it('a refused section keeps what was typed and names the field and entry; nothing is saved', async () => {
    const person = await newPerson({
      trips: [{ departed: '2024-01-01', returned: '2024-01-10', countries: ['Peru'] }],
    });
    const refused = await post(attorney, `/user/people/${person.id}/edit/trips`, {
      'trips.count': '2',
      'trips.0.departed': '2024-01-01',
      'trips.0.returned': '2024-01-10',
      'trips.0.countries': 'Peru',
      'trips.1.departed': '2025-06-10',
      'trips.1.returned': '2025-06-01',
      'trips.1.countries': 'Chile, Bolivia',
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Trip: the return is before the departure (entry 2)');
    expect(refused.html).toContain('value="Chile, Bolivia"');
    expect(((await attorney.agent.get(`/api/people/${person.id}`)).body as Person).trips).toHaveLength(1);
    // Removing an entry is a checkbox.
    const removed = await post(attorney, `/user/people/${person.id}/edit/trips`, {
      'trips.count': '2',
      'trips.0.departed': '2024-01-01',
      'trips.0.remove': 'on',
    });
    expect(removed.status).toBe(303);
    expect(((await attorney.agent.get(`/api/people/${person.id}`)).body as Person).trips).toEqual([]);
    const badSection = await get(attorney, `/user/people/${person.id}/edit/salary`);
    expect(badSection.status).toBe(404);
  });

  it('reveals the SSN on its own page, never cached, and writes the reveal to the audit log', async () => {
    const person = await newPerson({ ssn: '567-89-0123' });
    const page = await get(attorney, `/user/people/${person.id}/ssn`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('567-89-0123');
    expect(page.headers['cache-control']).toContain('no-store');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', person.id)
      .where('action', '=', 'person.ssn-revealed')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('names parties in their roles from the Parties page, and removes them', async () => {
    const client = await newPerson();
    const created = await attorney.agent
      .post('/api/cases')
      .set('X-CSRF-Token', attorney.token)
      .send({ clientId: client.id, caseType: 'family', formType: 'I-130' });
    const caseId = created.body.id as string;
    const casePage = await get(attorney, `/user/cases/${caseId}`);
    expect(casePage.text).toContain('Parties');
    expect(casePage.text).toMatch(new RegExp(`Beneficiary ${client.name}`));

    const found = await get(
      attorney,
      `/user/cases/${caseId}/parties?q=${encodeURIComponent(client.familyName)}`,
    );
    expect(found.text).toContain(`People of the firm matching “${client.familyName}”`);

    const noRole = await post(attorney, `/user/cases/${caseId}/parties`, { role: '', personId: client.id });
    expect(noRole.status).toBe(422);
    expect(noRole.text).toContain('Role must be one of');

    const spouseName = `Walker${++unique}`;
    const added = await post(attorney, `/user/cases/${caseId}/parties`, {
      role: 'petitioner',
      'person.familyName': spouseName,
      'person.givenName': 'Tom',
      'person.language': 'en',
    });
    expect(added.status).toBe(303);
    expect((await get(attorney, added.location)).text).toContain(
      `Tom ${spouseName} was added as petitioner.`,
    );

    const taken = await post(attorney, `/user/cases/${caseId}/parties`, {
      role: 'petitioner',
      personId: client.id,
    });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('has a petitioner already: Tom');

    const employer = await post(attorney, `/user/cases/${caseId}/parties`, {
      role: 'employer',
      'organization.name': 'Brooklyn Bakery Co.',
      'organization.fein': '11-2223334',
      'organization.employeeCount': '12',
    });
    expect(employer.status).toBe(303);
    const parties = await get(attorney, `/user/cases/${caseId}/parties`);
    expect(parties.text).toContain('Brooklyn Bakery Co. · FEIN 11-2223334 · 12 employees');
    const petitioner = (await attorney.agent.get(`/api/cases/${caseId}/parties`)).body.find(
      (p: { role: string }) => p.role === 'petitioner',
    );
    const removed = await post(attorney, `/user/cases/${caseId}/parties/${petitioner.id}/delete`);
    expect(removed.status).toBe(303);
    expect((await get(attorney, removed.location)).text).toContain('The party was removed.');
    const beneficiary = (await attorney.agent.get(`/api/cases/${caseId}/parties`)).body.find(
      (p: { role: string }) => p.role === 'beneficiary',
    );
    const kept = await post(attorney, `/user/cases/${caseId}/parties/${beneficiary.id}/delete`);
    expect((await get(attorney, kept.location)).text).toContain('A case keeps its beneficiary');
  });

  it("shows another firm's person, case parties or SSN to no one outside the firm (404), nor to staff", async () => {
    const person = await newPerson({ ssn: '678-90-1234' });
    const firm = await secondFirm(t);
    const other = await signIn(t.app, firm.admin);
    for (const path of [
      `/admin/people/${person.id}`,
      `/admin/people/${person.id}/ssn`,
      `/admin/people/${person.id}/edit/identity`,
    ])
      expect((await get(other, path)).status).toBe(404);
    const edit = await post(other, `/admin/people/${person.id}/edit/identity`, { familyName: 'Taken' });
    expect(edit.status).toBe(404);
    const staff = await signIn(t.app, 'reti');
    for (const path of [`/user/people/${person.id}`, '/admin/people'])
      expect((await get(staff, path)).text).not.toContain(person.familyName);
  });
});
