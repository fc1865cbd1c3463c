import crypto from 'node:crypto';
/**
 * Platform staff (role reti) see no firm's clients, cases or documents, directly or indirectly, and make no
 * account that could (SPEC §6, README "Confidentiality"). The walk grants staff every action of the
 * catalog, as Role Management lets them, then calls each with the firm's own IDs and inputs that would
 * work for the firm's administrator: nothing answers firm data, and no account staff asked for can be used.
 */
import request from 'supertest';
import type { PermissionEntry } from '../../src/shared/access';
import { textPdf } from '../helpers/files';
import { inviteLink } from '../helpers/smtp';
import { waitFor } from '../helpers/poll';
import {
  demoFirmId,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';

/** Addresses the staff member controls: no invitation may ever reach them unannounced. */
const PROBE = (n: number) => `probe${n}@staff-controlled.example`;
const PROBE_TEXT = 'PROBE-MARKER-7731 Ximena Probe-Quintero';
/** One of the firm's filing addresses, which names its filers with the marker. */
const FILING_ADDRESS = {
  form: 'I-130',
  label: 'PROBE-MARKER-7731 filers',
  address: 'USCIS\nP.O. Box 7731\nDallas, TX 75265',
  effectiveFrom: '2026-01-15',
  sourceUrl: 'https://www.uscis.gov/i-130-addresses',
};

/** What staff may do successfully: their own screens (firms, the catalog, the matrix) and their own account. */
const STAFF_OWN = new Set([
  'Get All Firms',
  'Create Firm',
  'Get Firm',
  'Get Firm Users',
  'Get All Actions',
  'Get Permissions',
  'Get Account',
  'Refresh Session',
  // The rules' dated tables: the platform's, kept by staff (withdrawing one the walk names finds none).
  'List Rule Tables',
  // The USCIS forms' specification: the product's, the same for every firm.
  'Get Forms',
  'Get Form',
  // The questionnaire templates: the product's, the same for every firm (granted to staff, they are no firm's).
  'Get Questionnaire Templates',
  'Get Questionnaire Template',
  // Staff's restores of sealed archives: counts and statuses, never a firm's contents (restore.test.ts).
  'List Restores',
]);

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('platform staff and a firm’s data', () => {
  let t: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  let firmId: string;
  const ids: Record<string, string> = {};
  /** Text only the firm's data holds: its clients' names, its case numbers, a document's name and words. */
  let markers: string[] = [];

  const db = () => t.database.db;
  const call = (as: SignedIn, method: string, path: string, body?: object) => {
    const req = as.agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path)
      .set('X-CSRF-Token', as.token)
      .buffer(true)
      .parse(binary);
    return method === 'GET' ? req.query(body ?? {}) : req.send(body ?? {});
  };

  beforeAll(async () => {
    t = await startTestApp();
    firmId = await demoFirmId(t.database);
    admin = await signIn(t.app, 'admin');
    staff = await signIn(t.app, 'reti');
    const api = (method: string, path: string, body?: object) => call(admin, method, `/api${path}`, body);
    const json = async (res: Promise<request.Response>) => JSON.parse((await res).body.toString());

    const cases = (await json(api('GET', '/cases', { pageSize: 200 }))).items;
    const clients = (await json(api('GET', '/clients', { pageSize: 200 }))).items;
    ids.case = cases[0].id;
    ids.client = cases[0].client.id;
    const parties = await json(api('GET', `/cases/${ids.case}/parties`));
    ids.party = parties[0].id;
    ids.questionnaire = (
      await json(api('POST', `/cases/${ids.case}/questionnaires`, { template: 'family', partyId: ids.party }))
    ).id;
    const uploaded = await admin.agent
      .post('/api/documents/upload')
      .set('X-CSRF-Token', admin.token)
      .field('caseId', ids.case)
      .attach('file', await textPdf([PROBE_TEXT]), 'probe-passport.pdf');
    expect(uploaded.status).toBe(201);
    ids.document = uploaded.body.id;
    const report = await json(api('POST', '/reports', { type: 'case-summary', range: 'last-year' }));
    ids.report = report.id;
    await waitFor(async () => (await json(api('GET', `/reports/${ids.report}`))).status === 'done');
    ids.request = (
      await json(api('POST', `/cases/${ids.case}/document-requests`, { title: 'PROBE-MARKER-7731' }))
    ).id;
    ids.deadline = (await json(api('GET', '/deadlines'))).items[0].id;
    ids.filingAddress = (await json(api('POST', '/filing-addresses', FILING_ADDRESS))).id;
    await json(api('POST', `/cases/${ids.case}/messages`, { body: 'PROBE-MARKER-7731 message' }));
    ids.backup = (await json(api('POST', '/backups'))).id;
    ids.user = (
      await db().selectFrom('users').select('id').where('login_id', '=', 'attorney').executeTakeFirstOrThrow()
    ).id;
    markers = [
      ...clients.map((c: { name: string }) => c.name),
      ...cases.map((c: { caseNumber: string }) => c.caseNumber),
      'probe-passport.pdf',
      'PROBE-MARKER-7731',
    ];
    expect(markers.length).toBeGreaterThan(100);
  });
  afterAll(() => t?.close());

  /** The catalog as staff see it, every action granted to staff in full, as Role Management allows. */
  async function grantStaffEverything(): Promise<PermissionEntry[]> {
    const catalog: PermissionEntry[] = JSON.parse(
      (await call(staff, 'GET', '/api/permissions')).body.toString(),
    );
    for (const action of catalog.filter((a) => !a.isPublic)) {
      const permissions = action.permissions.map((p) =>
        p.roleId === 'reti'
          ? { roleId: p.roleId, canRead: true, canWrite: true, canDelete: true }
          : { roleId: p.roleId, canRead: p.canRead, canWrite: p.canWrite, canDelete: p.canDelete },
      );
      const saved = await call(staff, 'PUT', `/api/permissions/${action.id}`, { permissions });
      expect([action.name, saved.status]).toEqual([action.name, 200]);
    }
    return catalog;
  }

  /** The route with the firm's own IDs in it (as its administrator would call it). */
  function pathOf(route: string, catalog: PermissionEntry[]): string {
    const idOf = (prefix: string) => {
      const actionId = catalog.find((a) => a.name === 'Get Cases')!.id;
      const known: Record<string, string> = {
        firms: firmId,
        cases: ids.case,
        clients: ids.client,
        people: ids.client,
        parties: ids.party,
        questionnaires: ids.questionnaire,
        'document-requests': ids.request,
        // A client's matter is a case of the firm.
        matters: ids.case,
        'questionnaire-templates': 'family',
        documents: ids.document,
        users: ids.user,
        reports: ids.report,
        backups: ids.backup,
        // A restore's answers are counts and statuses only (test/integration/restore.test.ts): one unknown here.
        restores: crypto.randomUUID(),
        forms: 'I-130',
        deadlines: ids.deadline,
        'filing-addresses': ids.filingAddress,
        // Staff's own tables: none is held in the demo, so the walk's withdrawal finds nothing.
        'rule-tables': crypto.randomUUID(),
        actions: actionId,
        permissions: actionId,
      };
      if (!known[prefix]) throw new Error(`The walk has no ID for ${route}: add one for "${prefix}".`);
      return known[prefix];
    };
    return route.replace(/\/([a-z-]+)\/\{\w+\}/g, (_m, prefix: string) => `/${prefix}/${idOf(prefix)}`);
  }

  /** Inputs that would do the action's work for the firm's administrator. */
  function inputOf(name: string, firm: Record<string, unknown>): object | undefined {
    const inputs: Record<string, object> = {
      'Create User': {
        userId: 'probe.one',
        firstName: 'Pat',
        lastName: 'Probe',
        email: PROBE(1),
        role: 'admin',
      },
      'Add User': { firstName: 'Pat', lastName: 'Probe', email: PROBE(2), role: 'admin' },
      'Update User': { email: PROBE(3), role: 'admin' },
      'Change User': { email: PROBE(4), status: 'active' },
      'Update Firm': { ...firm, email: PROBE(5) },
      'Get Cases': { pageSize: 200 },
      'Get Clients': { pageSize: 200 },
      'Get Documents': { pageSize: 100 },
      'Create Case': { clientName: 'Probe Client', caseType: 'family', formType: 'I-130' },
      'Build Evidence Package': { caseId: ids.case, documentIds: [ids.document] },
      'Analyze Document': { documentId: ids.document },
      'Track Deadlines': { caseId: ids.case },
      'Change Deadline State': { state: 'done' },
      'Add Deadline': { title: 'PROBE-MARKER-7731', date: '2026-12-01' },
      'Check Compliance': { caseId: ids.case },
      'Add Filing Address': FILING_ADDRESS,
      'Validate Forms': { caseId: ids.case, group: 'family-based' },
      'Generate Forms': { caseId: ids.case, group: 'family-based', draft: true },
      'Draft Legal Brief': { caseId: ids.case, template: 'client-checklist' },
      'Generate Legal Brief': { caseId: ids.case, template: 'client-checklist', format: 'pdf' },
      'Generate Report': { type: 'case-summary', range: 'last-year' },
      'Update Email Settings': {
        host: 'smtp.probe.example',
        port: 587,
        encryption: 'none',
        user: '',
        password: '',
        from: '',
      },
      'Update Security Settings': {
        twoFactorAdmins: false,
        sessionTimeoutMinutes: 120,
        passwordPolicy: 'basic',
        loginAttempts: 10,
        approveNewUsers: false,
      },
    };
    return inputs[name];
  }

  it('walks every action of the catalog, granted to staff: none answers firm data or makes a usable account', async () => {
    const catalog = await grantStaffEverything();
    const firm = JSON.parse((await call(staff, 'GET', `/api/firms/${firmId}`)).body.toString());
    const before = await db()
      .selectFrom('users')
      .select(['id', 'email', 'status', 'role'])
      .where('firm_id', '=', firmId)
      .execute();
    const walked: string[] = [];
    /** Firm data in an answer, or an answer of success to anything but staff's own screens. */
    const found: string[] = [];
    for (const action of catalog.filter((a) => !a.isPublic)) {
      const res = await call(staff, action.method, pathOf(action.route, catalog), inputOf(action.name, firm));
      const body = res.body.toString('utf8');
      walked.push(action.name);
      const seen = markers.filter((marker) => body.includes(marker));
      if (seen.length) found.push(`${action.name}: ${res.status} with ${seen.slice(0, 3).join(', ')}`);
      const ok = res.status >= 200 && res.status < 300;
      if (action.name === 'Create User' ? res.status !== 202 : ok && !STAFF_OWN.has(action.name))
        found.push(`${action.name}: ${res.status} ${body.slice(0, 200)}`);
    }
    expect(found).toEqual([]);
    expect(walked.length).toBe(catalog.filter((a) => !a.isPublic).length);

    // The firm's people are as they were; the one account staff asked for waits, with no invitation.
    const after = await db()
      .selectFrom('users')
      .select(['id', 'email', 'status', 'role', 'requested_at'])
      .where('firm_id', '=', firmId)
      .execute();
    const added = after.filter((u) => !before.some((b) => b.id === u.id));
    expect(added).toEqual([
      expect.objectContaining({ email: PROBE(1), status: 'pending', requested_at: expect.any(Date) }),
    ]);
    for (const person of before) expect(after).toContainEqual(expect.objectContaining(person));
    expect(
      await db().selectFrom('invitations').select('id').where('user_id', '=', added[0].id).execute(),
    ).toEqual([]);
    const toStaff = await db()
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', 'like', '%@staff-controlled.example')
      .execute();
    expect(toStaff.filter((e) => inviteLink(e.text_body))).toEqual([]);
    expect(
      (await db().selectFrom('firms').select('email').where('id', '=', firmId).executeTakeFirstOrThrow())
        .email,
    ).toBe(firm.email);
  }, 120_000);

  it("staff's pages show a firm's people, never its clients, cases or documents", async () => {
    for (const path of [
      '/reti/dashboard',
      `/reti/firms/${firmId}`,
      `/reti/firms/${firmId}/edit`,
      '/reti/role-management',
      '/reti/actions',
    ]) {
      const page = await staff.agent.get(path);
      expect([path, page.status]).toEqual([path, 200]);
      for (const marker of markers)
        expect([path, visibleText(page.text).includes(marker)]).toEqual([path, false]);
    }
    for (const path of [
      '/admin/users',
      `/admin/users/${ids.user}/approval`,
      '/admin/cases',
      `/user/cases/${ids.case}`,
      `/user/documents/${ids.document}`,
    ]) {
      const page = await staff.agent.get(path);
      expect([path, page.status]).toEqual([path, 403]);
    }
  });
});

describe('accounts platform staff ask for', () => {
  let t: TestApp;
  let staff: SignedIn;
  let admin: SignedIn;
  let firmId: string;
  const db = () => t.database.db;
  const json = (as: SignedIn, method: 'post' | 'put' | 'patch', path: string, body: object = {}) =>
    as.agent[method](`/api${path}`).set('X-CSRF-Token', as.token).send(body);
  const emailsTo = (to: string) =>
    db().selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', to).execute();
  const userOf = (email: string) =>
    db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const grant = async (name: string, role: 'reti' | 'user') => {
    const catalog: PermissionEntry[] = (await staff.agent.get('/api/permissions')).body;
    const action = catalog.find((a) => a.name === name)!;
    const permissions = action.permissions.map(({ roleId, canRead, canWrite, canDelete }) =>
      roleId === role
        ? { roleId, canRead: true, canWrite: true, canDelete: true }
        : { roleId, canRead, canWrite, canDelete },
    );
    expect((await json(staff, 'put', `/permissions/${action.id}`, { permissions })).status).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp();
    firmId = await demoFirmId(t.database);
    staff = await signIn(t.app, 'reti');
    admin = await signIn(t.app, 'admin');
  });
  afterAll(() => t?.close());

  it('in a firm with an administrator, waits for one to approve it on a page of its own, then invites', async () => {
    const res = await json(staff, 'post', `/firms/${firmId}/users`, {
      userId: 'sam.helper',
      firstName: 'Sam',
      lastName: 'Helper',
      email: PROBE(10),
      role: 'admin',
    });
    const approvers = await db()
      .selectFrom('users')
      .select(['email', 'first_name'])
      .where('firm_id', '=', firmId)
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .execute();
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ userId: 'sam.helper', status: 'pending', role: 'admin' });
    expect(res.body.invitation).toBeUndefined();
    expect(res.body.message).toBe(
      `Sam Helper's account waits for an administrator of Demo Immigration Law to approve it: ${approvers.length === 1 ? '1 administrator was' : `${approvers.length} administrators were`} emailed the request. No invitation is sent until one approves it.`,
    );
    const row = await userOf(PROBE(10));
    expect(row).toMatchObject({
      status: 'pending',
      requested_by: expect.any(String),
      requested_at: expect.any(Date),
    });
    expect(await db().selectFrom('invitations').select('id').where('user_id', '=', row.id).execute()).toEqual(
      [],
    );
    expect(await emailsTo(PROBE(10))).toEqual([]);
    const review = `http://127.0.0.1/admin/users/${row.id}/approval`;
    for (const approver of approvers) {
      const [mail] = await emailsTo(approver.email);
      expect(mail.subject).toBe('Platform staff asked to add an account to Demo Immigration Law');
      expect(mail.text_body).toContain(`Hello ${approver.first_name},`);
      expect(mail.text_body).toContain(`Sam Helper (${PROBE(10)}), as an administrator`);
      expect(mail.text_body).toContain(review);
    }

    // The firm's list says who asked, offers the review instead of Approve, and nothing else lets it in.
    const list = await admin.agent.get('/admin/users?q=helper');
    expect(visibleText(list.text)).toContain('Pending Requested by platform staff');
    expect(list.text).toContain(`href="/admin/users/${row.id}/approval"`);
    expect(list.text).not.toContain(`action="/admin/users/${row.id}/status"`);
    const patched = await json(admin, 'patch', `/users/${row.id}`, { status: 'active' });
    expect([patched.status, patched.body.error]).toEqual([
      409,
      "Platform staff asked for Sam Helper's account: open Review request to see who asked, and approve or reject it there.",
    ]);
    expect((await json(admin, 'post', `/users/${row.id}/invitation`)).status).toBe(409);
    const activity = (await admin.agent.get('/api/activity')).body.activity.map(
      (a: { text: string }) => a.text,
    );
    expect(activity).toContain(
      "Riley Staff, of the platform staff, asked to add Sam Helper as an administrator; the account waits for an administrator's approval",
    );

    // Neither staff, even granted the action, nor a firm user granted it, can approve it.
    await grant('Approve Account Request', 'reti');
    const byStaff = await json(staff, 'post', `/users/${row.id}/approval`);
    expect(byStaff.status).toBe(403);
    await grant('Approve Account Request', 'user');
    const attorney = await signIn(t.app, 'attorney');
    const byUser = await json(attorney, 'post', `/users/${row.id}/approval`);
    expect([byUser.status, byUser.body.error]).toEqual([
      403,
      'Only an administrator of the firm can approve an account platform staff asked for.',
    ]);
    expect((await userOf(PROBE(10))).requested_at).not.toBeNull();

    // The administrator reviews it on its page and approves it with the plain form.
    const page = await admin.agent.get(`/admin/users/${row.id}/approval`);
    expect(page.status).toBe(200);
    const text = visibleText(page.text);
    expect(text).toMatch(
      /Riley Staff, of Reti Immigration's platform staff, asked on \d\d\/\d\d\/\d{4}, \d+:\d\d [AP]M E[SD]T to add this account to your firm:/,
    );
    expect(text).toContain(`Email ${PROBE(10)}`);
    expect(text).toContain('Approve and send the invitation');
    const approved = await admin.agent
      .post(`/admin/users/${row.id}/approval`)
      .type('form')
      .send({ _csrf: admin.token });
    expect([approved.status, approved.headers.location]).toEqual([303, '/admin/users']);
    expect(visibleText((await admin.agent.get('/admin/users')).text)).toContain(
      "Sam Helper's account was approved. Their invitation email was not sent:",
    );
    expect((await userOf(PROBE(10))).requested_at).toBeNull();
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_name', 'firm_id'])
      .where('entity_id', '=', row.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => [a.action, a.actor_name, a.firm_id])).toEqual([
      ['user.requested', 'Riley Staff', firmId],
      ['user.request_approved', 'Alex Morgan', firmId],
    ]);
    const adminId = (
      await db().selectFrom('users').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    expect(
      await db().selectFrom('invitations').select('created_by').where('user_id', '=', row.id).execute(),
    ).toEqual([{ created_by: adminId }]);
    const [invitation] = await emailsTo(PROBE(10));
    const link = new URL(inviteLink(invitation.text_body)).pathname;
    const password = 'Harbor-Lights-2031!';
    expect(
      (await request(t.app).post(link).type('form').send({ password, confirm_password: password })).status,
    ).toBe(303);
    expect(
      (await request(t.app).post('/api/auth/login').send({ user_id: 'sam.helper', password })).status,
    ).toBe(200);
    // Approved once: the page now says there is nothing to review.
    expect((await admin.agent.get(`/admin/users/${row.id}/approval`)).status).toBe(409);
  });

  it('in a firm with no active administrator, is made at once and announced to its contact, its administrators and its activity log', async () => {
    const other = await secondFirm(t);
    const firm = await db()
      .selectFrom('firms')
      .selectAll()
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    const lost = await userOf(`${other.admin}@second-street.example`);
    await db().updateTable('users').set({ status: 'suspended' }).where('id', '=', lost.id).execute();
    const res = await json(staff, 'post', `/firms/${other.id}/users`, {
      userId: 'pat.probe',
      firstName: 'Pat',
      lastName: 'Probe',
      email: PROBE(11),
      role: 'admin',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      `${firm.name} has no active administrator, so Pat Probe's account was added and its invitation emailed; the firm's contact and administrators were told by email, and it is in the firm's activity log.`,
    );
    expect(inviteLink((await emailsTo(PROBE(11)))[0].text_body)).not.toBe('');
    for (const to of [firm.email, lost.email]) {
      const [announcement] = await emailsTo(to);
      expect(announcement.subject).toBe(`Platform staff added an account to ${firm.name}`);
      expect(announcement.text_body).toContain(`Pat Probe (${PROBE(11)}), as an administrator`);
      expect(announcement.text_body).toContain('because the firm has no active administrator');
    }
    await db().updateTable('users').set({ status: 'active' }).where('id', '=', lost.id).execute();
    const theirs = await signIn(t.app, other.admin);
    const activity = (await theirs.agent.get('/api/activity')).body.activity.map(
      (a: { text: string }) => a.text,
    );
    expect(activity).toContain(
      'Riley Staff, of the platform staff, added Pat Probe as an administrator while the firm had no active administrator; its contact and administrators were emailed',
    );
  });

  it("keeps onboarding working, and never onboards a firm in use again nor moves its contact's address", async () => {
    const created = await json(staff, 'post', '/firms', {
      name: 'Harbor Immigration LLP',
      contactPerson: 'Lena Park',
      contactRole: 'Managing Partner',
      email: 'lena@harbor-law.example',
      phone: '+1 (555) 010-7000',
    });
    expect(created.status).toBe(201);
    expect([201, 202]).toContain((await json(staff, 'post', `/firms/${created.body.id}/invitations`)).status);
    const [invitation] = await emailsTo('lena@harbor-law.example');
    const password = 'Harbor-Lights-2031!';
    const accepted = await request(t.app)
      .post(new URL(inviteLink(invitation.text_body)).pathname)
      .type('form')
      .send({ user_id: 'lena.park', password, confirm_password: password });
    expect(accepted.status).toBe(303);
    expect(
      (await request(t.app).post('/api/auth/login').send({ user_id: 'lena.park', password })).status,
    ).toBe(200);

    // A firm in use: its contact's address stays, and no onboarding link makes anyone its administrator.
    const other = await secondFirm(t);
    const firm = (await staff.agent.get(`/api/firms/${other.id}`)).body;
    const moved = await json(staff, 'put', `/firms/${other.id}`, { ...firm, email: PROBE(12) });
    const kept = `${firm.name}'s contact email is kept by its administrators (Settings, Firm Information) once its accounts are in use.`;
    expect([moved.status, moved.body.error, moved.body.fields]).toEqual([409, kept, { email: kept }]);
    expect((await json(staff, 'put', `/firms/${other.id}`, { ...firm, status: 'pending' })).status).toBe(200);
    await db().deleteFrom('users').where('firm_id', '=', other.id).where('role', '=', 'admin').execute();
    const again = await json(staff, 'post', `/firms/${other.id}/invitations`);
    expect([again.status, again.body.error]).toEqual([
      409,
      `${firm.name} already has accounts in use, so it gets no onboarding invitation. Its administrators add accounts.`,
    ]);
  });
});
