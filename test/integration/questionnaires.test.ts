import { TEMPLATES } from '../../src/intake/templates';
import type { Person } from '../../src/shared/people';
import {
  BACKENDS,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
  apiAs,
} from '../helpers/app';
import { sampleAnswers } from '../../src/intake/demo';

const I751 = TEMPLATES.get('removal-of-conditions')!;

describe.each(BACKENDS)('intake questionnaires on %s', (backend) => {
  let t: TestApp;
  let attorney: SignedIn;
  let unique = 0;

  beforeAll(async () => {
    t = await startTestApp({ backend });
    attorney = await signIn(t.app, 'attorney');
  });
  afterAll(() => t?.close());

  /** A conditional resident's I-751 case with their spouse as petitioner. */
  async function newMatter() {
    const family = `Haddad${++unique}`;
    const client = (
      await apiAs(attorney).post('/people', {
        familyName: family,
        givenName: 'Leila',
        confirmNew: true,
        language: 'es',
      })
    ).body as Person;
    const spouse = (
      await apiAs(attorney).post('/people', {
        familyName: `Stone${unique}`,
        givenName: 'Mark',
        confirmNew: true,
      })
    ).body as Person;
    const caseId = (
      await apiAs(attorney).post('/cases', { clientId: client.id, caseType: 'family', formType: 'I-751' })
    ).body.id as string;
    expect(
      (await apiAs(attorney).post(`/cases/${caseId}/parties`, { role: 'petitioner', personId: spouse.id }))
        .status,
    ).toBe(201);
    const parties = (await apiAs(attorney).get(`/cases/${caseId}/parties`)).body as Array<{
      id: string;
      role: string;
    }>;
    const beneficiary = parties.find((p) => p.role === 'beneficiary')!;
    return { client, spouse, caseId, partyId: beneficiary.id };
  }

  it('lists the templates, with each one whole in English and Spanish', async () => {
    const list = await apiAs(attorney).get('/questionnaire-templates');
    expect(list.status).toBe(200);
    expect(list.body.map((t: { id: string }) => t.id).sort()).toEqual([
      'family',
      'naturalization',
      'removal-of-conditions',
    ]);
    const one = await apiAs(attorney).get('/questionnaire-templates/removal-of-conditions');
    expect([one.status, one.body.forms, one.body.sections[0].questions[0].label]).toEqual([
      200,
      ['I-751'],
      { en: expect.any(String), es: expect.any(String) },
    ]);
    expect((await apiAs(attorney).get('/questionnaire-templates/nothing')).status).toBe(404);
  });

  it('creates a questionnaire in the person’s language; a bad template, party or send is refused with its field', async () => {
    const m = await newMatter();
    const created = await apiAs(attorney).post(`/cases/${m.caseId}/questionnaires`, {
      template: 'removal-of-conditions',
      partyId: m.partyId,
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['id', 'link', 'status']);
    expect(created.body.status).toBe('draft');
    expect(created.body.link).toBe(`/user/questionnaires/${created.body.id}/fill`);
    const q = (await apiAs(attorney).get(`/questionnaires/${created.body.id}`)).body;
    expect(q).toMatchObject({
      language: 'es',
      status: 'draft',
      progress: { answered: 0 },
      answers: {},
      role: 'beneficiary',
    });
    expect(q.progress.required).toBeGreaterThan(20);

    const bad = await apiAs(attorney).post(`/cases/${m.caseId}/questionnaires`, {
      template: 'visa',
      partyId: m.partyId,
    });
    expect([bad.status, bad.body.fields.template]).toEqual([
      422,
      'Template must be one of family, naturalization, removal-of-conditions',
    ]);
    const noParty = await apiAs(attorney).post(`/cases/${m.caseId}/questionnaires`, {
      template: 'family',
      partyId: crypto.randomUUID(),
    });
    expect([noParty.status, noParty.body.fields.partyId]).toEqual([422, 'Choose a party of this case']);
    const send = await apiAs(attorney).post(`/cases/${m.caseId}/questionnaires`, {
      template: 'family',
      partyId: m.partyId,
      send: true,
    });
    expect(send.status).toBe(422);
  });

  it('saves answers as given, keeps the good ones when one is refused, and shows progress', async () => {
    const m = await newMatter();
    const { id } = (
      await apiAs(attorney).post(`/cases/${m.caseId}/questionnaires`, {
        template: 'removal-of-conditions',
        partyId: m.partyId,
        language: 'en',
      })
    ).body;
    const res = await apiAs(attorney).post(`/questionnaires/${id}/answers`, {
      answers: {
        familyName: 'Haddad',
        givenName: 'Leila',
        dateOfBirth: '1990-02-31',
        hasOtherNames: 'maybe',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual({
      dateOfBirth: 'Write a real date, such as 11/23/2026.',
      hasOtherNames: 'Answer yes or no.',
    });
    const q = (await apiAs(attorney).get(`/questionnaires/${id}`)).body;
    expect(q.answers).toEqual({ familyName: 'Haddad', givenName: 'Leila' });
    expect([q.status, q.progress.answered]).toEqual(['in-progress', 2]);

    // In Spanish, the messages are Spanish.
    const es = (
      await apiAs(attorney).post(`/cases/${m.caseId}/questionnaires`, {
        template: 'removal-of-conditions',
        partyId: m.partyId,
      })
    ).body;
    const refused = await apiAs(attorney).post(`/questionnaires/${es.id}/answers`, {
      answers: { dateOfBirth: 'ayer' },
    });
    expect(refused.body.fields.dateOfBirth).toBe('Escriba una fecha real, por ejemplo 11/23/2026.');
  });

  it('submits only when complete, accepts into the records with an audit of each change, and flags a later change', async () => {
    const m = await newMatter();
    const { id } = (
      await apiAs(attorney).post(`/cases/${m.caseId}/questionnaires`, {
        template: 'removal-of-conditions',
        partyId: m.partyId,
        language: 'en',
      })
    ).body;
    const early = await apiAs(attorney).post(`/questionnaires/${id}/submit`);
    expect(early.status).toBe(422);
    expect(early.body.error).toMatch(
      /^\d+ required questions are not answered yet: “Family Name \(Last Name\)”/,
    );

    const answers = sampleAnswers(I751, 'beneficiary', {
      familyName: m.client.familyName,
      givenName: 'Leila',
      hasOtherNames: 'yes',
      otherNames: [{ otherFamilyName: 'Khoury', otherGivenName: 'Leila' }],
      dateOfBirth: '1991-07-04',
      citizenships: ['Lebanon'],
      ssn: '234-56-7891',
      petitionerFamilyName: m.spouse.familyName,
      petitionerGivenName: 'Mark',
      petitionerDateOfBirth: '1988-03-09',
    });
    const saved = await apiAs(attorney).post(`/questionnaires/${id}/answers`, { answers });
    expect([saved.status, saved.body.error]).toEqual([200, undefined]);
    expect(saved.body.progress.answered).toBe(saved.body.progress.required);
    const submitted = await apiAs(attorney).post(`/questionnaires/${id}/submit`);
    expect([submitted.status, submitted.body.status]).toEqual([200, 'submitted']);
    expect(
      (await apiAs(attorney).post(`/questionnaires/${id}/answers`, { answers: { givenName: 'X' } })).status,
    ).toBe(409);

    const accepted = await apiAs(attorney).post(`/questionnaires/${id}/accept`);
    expect([accepted.status, accepted.body.status]).toEqual([200, 'accepted']);
    const client = (await apiAs(attorney).get(`/people/${m.client.id}`)).body as Person;
    expect(client).toMatchObject({
      dateOfBirth: '1991-07-04',
      citizenships: ['Lebanon'],
      ssnLast4: '7891',
      otherNames: [{ familyName: 'Khoury', givenName: 'Leila' }],
    });
    expect(client.formFacts['i751-p1-18']).toBe('no');
    const spouse = (await apiAs(attorney).get(`/people/${m.spouse.id}`)).body as Person;
    expect(spouse.dateOfBirth).toBe('1988-03-09');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('entity_id', 'in', [m.client.id, m.spouse.id, id])
      .orderBy('seq')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['person.updated', 'questionnaire.accepted']),
    );

    // Asked again with a note, a changed answer is flagged against the accepted one.
    const note = 'Please check your date of birth against your passport.';
    const returned = await apiAs(attorney).post(`/questionnaires/${id}/return`, { note });
    expect([returned.status, returned.body.status, returned.body.note]).toEqual([200, 'in-progress', note]);
    await apiAs(attorney).post(`/questionnaires/${id}/answers`, { answers: { dateOfBirth: '1991-07-05' } });
    const after = (await apiAs(attorney).get(`/questionnaires/${id}`)).body;
    expect(after.changedSinceAcceptance).toEqual(['dateOfBirth']);
  });

  it('fills a questionnaire in the office without JavaScript: section by section, then review and accept', async () => {
    const m = await newMatter();
    const created = await attorney.agent
      .post(`/user/cases/${m.caseId}/questionnaires`)
      .type('form')
      .send({ _csrf: attorney.token, template: 'removal-of-conditions', partyId: m.partyId, language: 'es' });
    expect(created.status).toBe(303);
    const fill = await attorney.agent.get(created.headers.location);
    expect(fill.status).toBe(200);
    // Spanish for the client, with the English beside it for the firm.
    expect(visibleText(fill.text)).toContain(
      `${I751.sections[0].questions[0].label.es} (${I751.sections[0].questions[0].label.en})`,
    );
    const id = /questionnaires\/([0-9a-f-]{36})\/fill/.exec(created.headers.location)![1];
    const first = I751.sections[0].id;
    const posted = await attorney.agent
      .post(`/user/questionnaires/${id}/fill?section=${first}`)
      .type('form')
      .send({
        _csrf: attorney.token,
        intent: 'next',
        'q.familyName': 'Haddad',
        'q.dateOfBirth': 'mañana',
        'q.hasOtherNames': 'yes',
      });
    expect(posted.status).toBe(422);
    expect(visibleText(posted.text)).toContain('Escriba una fecha real, por ejemplo 11/23/2026.');
    expect(posted.text).toContain('value="mañana"');
    const good = await attorney.agent
      .post(`/user/questionnaires/${id}/fill?section=${first}`)
      .type('form')
      .send({
        _csrf: attorney.token,
        intent: 'save',
        'q.dateOfBirth': '1990-01-02',
        'q.hasOtherNames': 'yes',
        'q.otherNames.count': '1',
        'q.otherNames.0.otherFamilyName': 'Khoury',
      });
    expect([good.status, good.headers.location]).toEqual([
      303,
      `/user/questionnaires/${id}/fill?section=${first}`,
    ]);
    const again = await attorney.agent.get(good.headers.location);
    expect(again.text).toContain('value="Khoury"');
    const q = (await apiAs(attorney).get(`/questionnaires/${id}`)).body;
    expect(q.answers).toMatchObject({
      familyName: 'Haddad',
      dateOfBirth: '1990-01-02',
      otherNames: [{ otherFamilyName: 'Khoury' }],
    });

    await apiAs(attorney).post(`/questionnaires/${id}/answers`, {
      answers: sampleAnswers(I751, 'beneficiary', q.answers),
    });
    const submit = await attorney.agent
      .post(`/user/questionnaires/${id}/fill/submit`)
      .type('form')
      .send({ _csrf: attorney.token });
    expect([submit.status, submit.headers.location]).toEqual([303, `/user/questionnaires/${id}`]);
    const review = await attorney.agent.get(submit.headers.location);
    expect(visibleText(review.text)).toContain('The answers were submitted for review.');
    expect(visibleText(review.text)).toContain('On record');
    const accept = await attorney.agent
      .post(`/user/questionnaires/${id}/accept`)
      .type('form')
      .send({ _csrf: attorney.token });
    expect(accept.status).toBe(303);
    expect(visibleText((await attorney.agent.get(accept.headers.location)).text)).toContain(
      `The answers were accepted into the record of Leila ${m.client.familyName}.`,
    );
    const person = await attorney.agent.get(`/user/people/${m.client.id}`);
    expect(visibleText(person.text)).toContain('01/02/1990');
  });

  it("keeps a firm's questionnaires from other firms (404) and from staff", async () => {
    const m = await newMatter();
    const { id } = (
      await apiAs(attorney).post(`/cases/${m.caseId}/questionnaires`, {
        template: 'family',
        partyId: m.partyId,
      })
    ).body;
    const other = await signIn(t.app, (await secondFirm(t)).admin);
    for (const res of [
      await apiAs(other).get(`/questionnaires/${id}`),
      await apiAs(other).post(`/questionnaires/${id}/answers`, { answers: { familyName: 'X' } }),
      await apiAs(other).post(`/questionnaires/${id}/accept`),
      await apiAs(other).get(`/cases/${m.caseId}/questionnaires`),
      await apiAs(other).post(`/cases/${m.caseId}/questionnaires`, {
        template: 'family',
        partyId: m.partyId,
      }),
    ])
      expect(res.status).toBe(404);
    expect((await other.agent.get(`/admin/questionnaires/${id}`)).status).toBe(404);
    const staff = await signIn(t.app, 'reti');
    expect((await apiAs(staff).get(`/questionnaires/${id}`)).status).toBe(403);
  });
});
