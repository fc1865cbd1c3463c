import { TEMPLATES } from '../../src/intake/templates';
import { sampleAnswers } from '../../src/intake/demo';
import type { Person } from '../../src/shared/people';
import { ACCESS_MESSAGES } from '../../src/shared/access';
import {
  actionIdNamed,
  BACKENDS,
  csrfFrom,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
  apiAs,
} from '../helpers/app';
import { textPdf } from '../helpers/files';
import { inviteLink, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import request from 'supertest';
import { totpCode } from '../helpers/totp';

const PASSWORD = 'Portal-Client-Pass-2026!';
const FAMILY = TEMPLATES.get('family')!;

describe.each(BACKENDS)('the client portal on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let attorney: SignedIn;
  let staff: SignedIn;
  let unique = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApp({ backend, env: { SMTP_URL: smtp.url } });
    attorney = await signIn(t.app, 'attorney');
    staff = await signIn(t.app, 'reti');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A family matter: the beneficiary (who reads `language`) and their spouse as petitioner, with SSNs. */
  async function newMatter(language: 'en' | 'es' = 'es') {
    const n = ++unique;
    const client = (
      await apiAs(attorney).post('/people', {
        familyName: `Quispe${n}`,
        givenName: 'Rosa',
        email: `rosa${n}@client.example`,
        language,
        ssn: '123-45-6789',
        confirmNew: true,
      })
    ).body as Person;
    const spouse = (
      await apiAs(attorney).post('/people', {
        familyName: `Miller${n}`,
        givenName: 'Ethan',
        email: `ethan${n}@client.example`,
        ssn: '512-34-4321',
        confirmNew: true,
      })
    ).body as Person;
    const created = await apiAs(attorney).post('/cases', {
      clientId: client.id,
      caseType: 'family',
      formType: 'I-130',
      description: `Internal note ${n}: watch the prior divorce`,
    });
    expect(created.status).toBe(201);
    const caseId = created.body.id as string;
    expect(
      (await apiAs(attorney).post(`/cases/${caseId}/parties`, { role: 'petitioner', personId: spouse.id }))
        .status,
    ).toBe(201);
    return { client, spouse, caseId };
  }

  /** Invites a person of the case, accepts the emailed link with a password, and signs them in. */
  async function portalClient(caseId: string, person: Person): Promise<SignedIn & { loginId: string }> {
    const invited = await apiAs(attorney).post(`/cases/${caseId}/portal-accounts`, { personId: person.id });
    expect(invited.status).toBe(201);
    const email = await smtp.waitFor((e) => e.to.includes(person.email!) && inviteLink(e.text) !== '');
    const link = new URL(inviteLink(email.text));
    const browser = request.agent(t.app);
    const page = await browser.get(link.pathname);
    expect(page.status).toBe(200);
    const accepted = await browser
      .post(link.pathname)
      .type('form')
      .send({
        _csrf: csrfFrom(page.text),
        password: PASSWORD,
        confirm_password: PASSWORD,
        language: person.language,
      });
    expect([accepted.status, accepted.headers.location]).toEqual([303, '/login']);
    return { ...(await signIn(t.app, invited.body.loginId, PASSWORD)), loginId: invited.body.loginId };
  }

  it('invites a client by email in their language, with a single-use link; the client signs in to /portal', async () => {
    const { client, caseId } = await newMatter('es');
    const invited = await apiAs(attorney).post(`/cases/${caseId}/portal-accounts`, { personId: client.id });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ loginId: `rosa${unique}`, invitation: { delivery: 'sent' } });
    const email = await smtp.waitFor((e) => e.to.includes(client.email!));
    expect(email.text).toContain('le invita a su portal de cliente');
    expect(email.text).toContain('vence en 7 días');
    // Its page speaks Spanish; the link works once.
    const link = new URL(inviteLink(email.text));
    const browser = request.agent(t.app);
    const page = await browser.get(link.pathname);
    expect(visibleText(page.text)).toContain('Configure su portal de cliente');
    expect(page.text).toContain('<html lang="es"');
    const short = await browser
      .post(link.pathname)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), password: 'short', confirm_password: 'short', language: 'es' });
    expect(short.status).toBe(422);
    const ok = await browser
      .post(link.pathname)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), password: PASSWORD, confirm_password: PASSWORD, language: 'es' });
    expect(ok.status).toBe(303);
    expect((await browser.get(link.pathname)).status).toBe(410);
    // A second invitation for the same person is refused.
    const again = await apiAs(attorney).post(`/cases/${caseId}/portal-accounts`, { personId: client.id });
    expect([again.status, again.body.error]).toEqual([409, `${client.name} already has a portal account.`]);
    const me = await signIn(t.app, invited.body.loginId, PASSWORD);
    expect(me.home).toBe('/portal');
    const home = await me.agent.get('/portal');
    expect(home.status).toBe(200);
    expect(visibleText(home.text)).toContain('Sus asuntos');
    // Clients are no users of User Management.
    const admin = await signIn(t.app, 'admin');
    const users = await apiAs(admin).get(`/users?q=${invited.body.loginId}`);
    expect([users.body.users, users.body.total]).toEqual([[], 0]);
    expect(
      (await apiAs(admin).get(`/users/${me.home === '/portal' ? invited.body.userId : ''}`)).status,
    ).toBe(404);
  });

  it('shows a client only their own matters, in plain words, and never SSNs, internal notes or other people', async () => {
    const { client, spouse, caseId } = await newMatter('en');
    const other = await newMatter('en');
    const rosa = await portalClient(caseId, client);
    const matters = await apiAs(rosa).get('/portal/matters');
    expect(matters.status).toBe(200);
    expect(matters.body.map((m: { id: string }) => m.id)).toEqual([caseId]);
    expect(matters.body[0]).toMatchObject({
      form: { code: 'I-130' },
      status: 'pending',
      roles: ['beneficiary'],
    });
    const page = await rosa.agent.get(`/portal/matters/${caseId}`);
    const text = visibleText(page.text);
    expect(text).toContain('We are gathering your information and documents.');
    for (const secret of ['6789', '4321', 'watch the prior divorce', spouse.familyName])
      expect({
        secret,
        shown: page.text.includes(secret) || JSON.stringify(matters.body).includes(secret),
      }).toEqual({
        secret,
        shown: false,
      });
    // Another client's matter, and the firm's API and pages: not found or not theirs.
    expect((await apiAs(rosa).get(`/portal/matters/${other.caseId}`)).status).toBe(404);
    expect((await rosa.agent.get(`/portal/matters/${other.caseId}`)).status).toBe(404);
    for (const path of [
      '/cases',
      `/cases/${caseId}`,
      '/people',
      `/people/${client.id}`,
      `/cases/${caseId}/messages`,
    ])
      expect({ path, status: (await apiAs(rosa).get(path)).status }).toEqual({ path, status: 403 });
    expect((await rosa.agent.get('/user/cases')).status).toBe(403);
  });

  it('asks a client for a document; they upload it, the firm returns it with a reason, then accepts it', async () => {
    const { client, caseId } = await newMatter('es');
    const rosa = await portalClient(caseId, client);
    const asked = await apiAs(attorney).post(`/cases/${caseId}/document-requests`, {
      title: 'Certified birth certificate',
      note: 'With its English translation',
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ personId: client.id, status: 'requested', document: null });
    // The email says a request waits, not what it is.
    const notice = await smtp.waitFor(
      (e) => e.to.includes(client.email!) && e.text.includes('le ha pedido un documento'),
    );
    expect(notice.text).not.toContain('birth certificate');
    expect(
      (await apiAs(attorney).post(`/cases/${caseId}/document-requests`, { title: ' ' })).body.fields,
    ).toEqual({
      title: 'Say which document you need',
    });
    const send = (as: SignedIn, requestId: string, file: Buffer) =>
      as.agent
        .post(`/api/portal/matters/${caseId}/document-requests/${requestId}/upload`)
        .set('X-CSRF-Token', as.token)
        .attach('file', file, { filename: 'acta.pdf', contentType: 'application/pdf' });
    const pdf = await textPdf(['Certificate of Birth']);
    const sent = await send(rosa, asked.body.id, pdf);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'uploaded', document: { name: 'acta.pdf' } });
    // The file is the case's document, for the firm.
    const documents = await apiAs(attorney).get(`/documents?caseId=${caseId}`);
    expect(documents.body.items.map((d: { name: string }) => d.name)).toContain('acta.pdf');
    const returned = await apiAs(attorney).post(
      `/cases/${caseId}/document-requests/${asked.body.id}/return`,
      {
        reason: 'The translation is missing.',
      },
    );
    expect(returned.body).toMatchObject({ status: 'returned', reason: 'The translation is missing.' });
    const page = visibleText((await rosa.agent.get(`/portal/matters/${caseId}`)).text);
    expect(page).toContain('Su abogado lo devolvió: The translation is missing.');
    expect((await send(rosa, asked.body.id, pdf)).status).toBe(201);
    const accepted = await apiAs(attorney).post(`/cases/${caseId}/document-requests/${asked.body.id}/accept`);
    expect(accepted.body.status).toBe('accepted');
    const late = await send(rosa, asked.body.id, pdf);
    expect([late.status, late.body.error]).toEqual([
      409,
      'Esta solicitud está cerrada: su abogado aceptó el documento.',
    ]);
    const twice = await apiAs(attorney).post(`/cases/${caseId}/document-requests/${asked.body.id}/accept`);
    expect(twice.status).toBe(409);
    // Without JavaScript: the form posts the file, and lands on the matter with the news.
    const again = await apiAs(attorney).post(`/cases/${caseId}/document-requests`, { title: 'I-94' });
    const form = await rosa.agent
      .post(`/portal/matters/${caseId}/requests/${again.body.id}/upload`)
      .field('_csrf', rosa.token)
      .attach('file', pdf, { filename: 'i94.pdf', contentType: 'application/pdf' });
    expect([form.status, form.headers.location]).toEqual([303, `/portal/matters/${caseId}#requests`]);
    const empty = await rosa.agent
      .post(`/portal/matters/${caseId}/requests/${again.body.id}/upload`)
      .field('_csrf', rosa.token)
      .attach('file', Buffer.alloc(0), { filename: 'empty.pdf', contentType: 'application/pdf' });
    expect(empty.status).toBe(422);
    expect(visibleText(empty.text)).toContain('Documentos solicitados');
    expect(visibleText(empty.text)).toContain('El archivo está vacío. Elija el archivo de nuevo.');
    const script = await send(rosa, again.body.id, Buffer.from('#!/bin/sh\necho hi\n'));
    expect([script.status, script.body.error]).toEqual([
      415,
      'No aceptamos este tipo de archivo. Envíe un archivo PDF, Word (DOC, DOCX), JPG o PNG.',
    ]);
  });

  it('keeps a message thread between the firm and each client, and emails only that a message waits', async () => {
    const { client, spouse, caseId } = await newMatter('es');
    const rosa = await portalClient(caseId, client);
    const ethan = await portalClient(caseId, spouse);
    const firm = await apiAs(attorney).post(`/cases/${caseId}/messages`, {
      body: 'Please bring your passport.',
    });
    expect(firm.status).toBe(201);
    expect(firm.body).toMatchObject({
      personId: client.id,
      fromClient: false,
      body: 'Please bring your passport.',
    });
    const notice = await smtp.waitFor(
      (e) => e.to.includes(client.email!) && e.text.includes('nuevo mensaje'),
    );
    expect(notice.text).not.toContain('passport');
    // The case's assignee is told that a client wrote, not what.
    const attorneyRow = await t.database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('login_id', '=', 'attorney')
      .executeTakeFirstOrThrow();
    expect((await apiAs(attorney).patch(`/cases/${caseId}`, { assigneeId: attorneyRow.id })).status).toBe(
      200,
    );
    const reply = await apiAs(rosa).post(`/portal/matters/${caseId}/messages`, {
      body: 'I will, thank you.',
    });
    expect(reply.status).toBe(201);
    const told = await smtp.waitFor(
      (e) => e.to.includes(attorneyRow.email) && e.text.includes('A client sent a message'),
    );
    expect(told.text).not.toContain('thank you');
    const blank = await apiAs(rosa).post(`/portal/matters/${caseId}/messages`, { body: '   ' });
    expect([blank.status, blank.body.error]).toEqual([422, 'Escriba un mensaje primero.']);
    const long = await rosa.agent
      .post(`/portal/matters/${caseId}/messages`)
      .type('form')
      .send({ _csrf: rosa.token, body: `Typed ${'x'.repeat(5001)}` });
    expect(long.status).toBe(422);
    expect(visibleText(long.text)).toContain('Un mensaje puede tener como máximo 5,000 caracteres.');
    expect(long.text).toContain('Typed xxxxx');
    // Each client reads their own thread only; the firm reads both.
    const mine = (await apiAs(rosa).get(`/portal/matters/${caseId}`)).body.messages.map(
      (m: { body: string }) => m.body,
    );
    expect(mine).toEqual(['Please bring your passport.', 'I will, thank you.']);
    expect((await apiAs(ethan).get(`/portal/matters/${caseId}`)).body.messages).toEqual([]);
    const all = await apiAs(attorney).get(`/cases/${caseId}/messages`);
    expect(all.body.map((m: { body: string; fromClient: boolean }) => [m.body, m.fromClient])).toEqual([
      ['Please bring your passport.', false],
      ['I will, thank you.', true],
    ]);
  });

  it('sends a questionnaire; the client answers in Spanish, submits, and the attorney accepts it into the record', async () => {
    const { client, caseId } = await newMatter('es');
    const parties = (await apiAs(attorney).get(`/cases/${caseId}/parties`)).body as Array<{
      id: string;
      role: string;
    }>;
    const created = await apiAs(attorney).post(`/cases/${caseId}/questionnaires`, {
      template: 'family',
      partyId: parties.find((p) => p.role === 'beneficiary')!.id,
      send: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      status: 'sent',
      link: `/portal/questionnaires/${created.body.id}`,
    });
    // No sign-in yet: the invitation comes first, then the notice.
    await smtp.waitFor((e) => e.to.includes(client.email!) && inviteLink(e.text) !== '');
    await smtp.waitFor((e) => e.to.includes(client.email!) && e.text.includes('cuestionario'));
    const email = smtp.received.filter((e) => e.to.includes(client.email!)).find((e) => inviteLink(e.text));
    const link = new URL(inviteLink(email!.text));
    const browser = request.agent(t.app);
    const page = await browser.get(link.pathname);
    await browser
      .post(link.pathname)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), password: PASSWORD, confirm_password: PASSWORD });
    const rosa = await signIn(t.app, `rosa${unique}`, PASSWORD);
    const id = created.body.id as string;
    const bad = await apiAs(rosa).post(`/portal/questionnaires/${id}/answers`, {
      answers: { familyName: 'Quispe Mamani', dateOfBirth: '31/02/1990' },
    });
    expect(bad.status).toBe(422);
    expect(Object.values(bad.body.fields)[0]).toMatch(/fecha/);
    const kept = (await apiAs(rosa).get(`/portal/questionnaires/${id}`)).body;
    expect(kept.answers.familyName).toBe('Quispe Mamani');
    const early = await apiAs(rosa).post(`/portal/questionnaires/${id}/submit`);
    expect([early.status, early.body.error]).toEqual([
      422,
      expect.stringMatching(/^Faltan responder \d+ preguntas obligatorias/),
    ]);
    const answers = sampleAnswers(FAMILY, 'beneficiary', { familyName: 'Quispe Mamani', givenName: 'Rosa' });
    expect((await apiAs(rosa).post(`/portal/questionnaires/${id}/answers`, { answers })).status).toBe(200);
    expect((await apiAs(rosa).post(`/portal/questionnaires/${id}/submit`)).body.status).toBe('submitted');
    expect((await apiAs(rosa).post(`/portal/questionnaires/${id}/answers`, { answers })).status).toBe(409);
    const accepted = await apiAs(attorney).post(`/questionnaires/${id}/accept`);
    expect(accepted.body.status).toBe('accepted');
    const person = (await apiAs(attorney).get(`/people/${client.id}`)).body as Person;
    expect(person.familyName).toBe('Quispe Mamani');
    // Every client action is in the firm's audit log, as the client.
    const rows = await t.database.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.actor_user_id')
      .select('audit_log.action')
      .where('users.login_id', '=', `rosa${unique}`)
      .execute();
    expect(new Set(rows.map((r) => r.action))).toEqual(
      new Set(['user.activated', 'invitation.accepted', 'questionnaire.answered', 'questionnaire.submitted']),
    );
  });

  it('switches a client’s language, kept on their record', async () => {
    const { client, caseId } = await newMatter('es');
    const rosa = await portalClient(caseId, client);
    expect((await apiAs(rosa).put('/portal/language', { language: 'fr' })).status).toBe(422);
    expect((await apiAs(rosa).put('/portal/language', { language: 'en' })).body).toEqual({ language: 'en' });
    expect((await apiAs(attorney).get(`/people/${client.id}`)).body.language).toBe('en');
    const form = await rosa.agent
      .post('/portal/language')
      .type('form')
      .send({ _csrf: rosa.token, language: 'es', back: `/portal/matters/${caseId}` });
    expect([form.status, form.headers.location]).toEqual([303, `/portal/matters/${caseId}`]);
    const away = await rosa.agent
      .post('/portal/language')
      .type('form')
      .send({ _csrf: rosa.token, language: 'es', back: 'https://evil.example/' });
    expect(away.headers.location).toBe('/portal');
    expect(visibleText((await rosa.agent.get('/portal')).text)).toContain('Sus asuntos');
    // Their account page follows them (their password and two-factor sign-in).
    const account = visibleText((await rosa.agent.get('/account')).text);
    expect(account).toContain('Cambiar la contraseña');
    expect(visibleText((await rosa.agent.get('/account/two-factor')).text)).toContain(
      '1. Agregue su cuenta a una aplicación de autenticación',
    );
    // With two-factor sign-in on, the second sign-in step speaks Spanish too (a client's session knows it).
    const setup = await rosa.agent.get('/api/auth/mfa/setup');
    const code = totpCode(setup.body.secret);
    expect((await apiAs(rosa).post('/auth/mfa/enable', { code })).status).toBe(200);
    const browser = request.agent(t.app);
    const login = await browser
      .post('/api/auth/login')
      .send({ user_id: `rosa${unique}`, password: PASSWORD });
    expect(login.body).toEqual({ mfa: 'required' });
    const step = await browser.get('/login/mfa');
    expect(visibleText(step.text)).toContain('Escriba el código de 6 dígitos');
    const wrong = await browser
      .post('/login/mfa')
      .type('form')
      .send({ _csrf: csrfFrom(step.text), code: '000000' });
    expect(visibleText(wrong.text)).toContain('Ese código no es correcto.');
    expect(account).toContain(
      'La contraseña debe tener al menos 12 caracteres e incluir un símbolo y un número',
    );
    const short = await rosa.agent
      .post('/account/password')
      .type('form')
      .send({ _csrf: rosa.token, current_password: PASSWORD, password: 'corta', confirm_password: 'corta' });
    expect(short.status).toBe(422);
    expect(visibleText(short.text)).toContain(
      'La contraseña debe tener al menos 12 caracteres e incluir un símbolo y un número',
    );
  });

  it('isolates clients from each other, other firms and platform staff on every portal route', async () => {
    const a = await newMatter('en');
    const b = await newMatter('en');
    const ana = await portalClient(a.caseId, a.client);
    const ben = await portalClient(b.caseId, b.client);
    const asked = await apiAs(attorney).post(`/cases/${a.caseId}/document-requests`, { title: 'Passport' });
    const parties = (await apiAs(attorney).get(`/cases/${a.caseId}/parties`)).body as Array<{
      id: string;
      role: string;
    }>;
    const q = await apiAs(attorney).post(`/cases/${a.caseId}/questionnaires`, {
      template: 'family',
      partyId: parties.find((p) => p.role === 'beneficiary')!.id,
      send: true,
    });
    // Client to client: 404 everywhere, nothing changed.
    const theirs: Array<[string, string, object?]> = [
      ['get', `/portal/matters/${a.caseId}`],
      ['post', `/portal/matters/${a.caseId}/messages`, { body: 'hi' }],
      ['get', `/portal/questionnaires/${q.body.id}`],
      ['post', `/portal/questionnaires/${q.body.id}/answers`, { answers: { familyName: 'X' } }],
      ['post', `/portal/questionnaires/${q.body.id}/submit`],
      ['post', `/portal/matters/${b.caseId}/document-requests/${asked.body.id}/upload`],
    ];
    for (const [method, path, body] of theirs) {
      const answer = method === 'get' ? await apiAs(ben).get(path) : await apiAs(ben).post(path, body);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
    }
    expect((await apiAs(ana).get(`/portal/matters/${a.caseId}`)).body.messages).toEqual([]);
    // Another firm: the case is not found on any of the firm's portal routes.
    const other = await secondFirm(t);
    const stranger = await signIn(t.app, other.user);
    for (const path of [
      `/cases/${a.caseId}/portal-accounts`,
      `/cases/${a.caseId}/document-requests`,
      `/cases/${a.caseId}/messages`,
    ])
      expect({ path, status: (await apiAs(stranger).get(path)).status }).toEqual({ path, status: 404 });
    expect(
      (await apiAs(stranger).post(`/cases/${a.caseId}/document-requests/${asked.body.id}/accept`)).status,
    ).toBe(404);
    // A client never reaches another firm's matter (their portal is their firm's).
    const theirCase = await apiAs(stranger).post('/cases', {
      clientName: 'Other Firm Client',
      caseType: 'family',
      formType: 'I-130',
    });
    expect(theirCase.status).toBe(201);
    expect((await apiAs(ana).get(`/portal/matters/${theirCase.body.id}`)).status).toBe(404);
    expect((await apiAs(stranger).post(`/cases/${a.caseId}/messages`, { body: 'x' })).status).toBe(404);
    // Platform staff: nothing of a firm's portal, and the portal is not their area.
    for (const path of [
      `/cases/${a.caseId}/messages`,
      `/cases/${a.caseId}/document-requests`,
      '/portal/matters',
    ])
      expect({ path, status: (await apiAs(staff).get(path)).status }).toEqual({ path, status: 403 });
    expect((await staff.agent.get(`/portal/matters/${a.caseId}`)).status).toBe(403);
    // No matrix edit gives a client the firm's records.
    const getCases = await actionIdNamed(t.database, 'Get Cases');
    const grant = await apiAs(staff).put(`/permissions/${getCases}`, {
      permissions: ['user', 'admin', 'reti', 'client'].map((roleId) => ({
        roleId,
        canRead: roleId !== 'reti',
        canWrite: false,
        canDelete: false,
      })),
    });
    expect([grant.status, grant.body.error]).toEqual([409, ACCESS_MESSAGES.clientsOwnOnly]);
    // A body of the three firm and staff roles is still valid (the client's flags are kept).
    const three = await apiAs(staff).put(`/permissions/${getCases}`, {
      permissions: ['user', 'admin', 'reti'].map((roleId) => ({
        roleId,
        canRead: roleId !== 'reti',
        canWrite: false,
        canDelete: false,
      })),
    });
    expect(three.status).toBe(200);
    expect(three.body.permissions.find((p: { roleId: string }) => p.roleId === 'client')).toMatchObject({
      canRead: false,
    });
    expect((await apiAs(ana).get('/cases')).status).toBe(403);
  });
});
