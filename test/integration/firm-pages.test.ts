import { sql } from 'kysely';
import request from 'supertest';
import { DASHBOARD_PAGE_SIZE } from '../../src/firms/pages/dashboard';
import { formatDate, formatDateTime, todayIn } from '../../src/shared/dates';
import {
  BACKENDS,
  countRows,
  REDIS_URL,
  startTestApp,
  type TestApp,
  visibleText,
  demoFirmId as findDemoFirmId,
  signIn as signInAs,
  secondFirm,
  DEMO_PASSWORD,
  csrfFrom,
} from '../helpers/app';
import { DEFAULT_TIME_ZONE } from '../../src/config';

const mainText = (html: string) => visibleText(/<main[\s\S]*<\/main>/.exec(html)![0]);
/** A yyyy-mm-dd date as pages show it: 11/23/2026. */
const usDate = (iso: string) => iso.replace(/^(\d{4})-(\d\d)-(\d\d)$/, '$2/$3/$1');
/** Today on the platform's calendar (TIME_ZONE, the test app's default): a new firm's onboard date. */
const today = () => usDate(todayIn(DEFAULT_TIME_ZONE));
const DELETE_DISABLED = 'This action is disabled: Delete Firm.';

const NEW_FIRM = {
  contactPerson: 'Dana Whitfield',
  contactRole: 'Partner',
  phone: '+1 (555) 200-3000',
  address: '1 Harbor Way, Boston, MA 02110',
  industry: 'consulting',
};

/** Every field of the edit form, as a browser posts it. */
const FORM = {
  name: 'Demo Immigration Law',
  contactPerson: 'Alex Morgan',
  contactRole: 'Managing Partner',
  email: 'office@demo-immigration-law.example',
  phone: '+1 (555) 010-2000',
  industry: 'legal',
  address: '100 Liberty Street, New York, NY 10005',
  status: 'active',
};

describe.each(BACKENDS)('the staff dashboard and firm pages (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // PostgreSQL runs with Redis sessions (when CI provides both), as in production.
    t = await startTestApp({ backend, redis: backend === 'postgres' && Boolean(REDIS_URL) });
  });
  afterAll(() => t.close());

  const signIn = (loginId: string, _home?: string) => signInAs(t.app, loginId);
  const signInStaff = () => signIn('reti');

  const firmRow = (id: string) =>
    t.database.db.selectFrom('firms').selectAll().where('id', '=', id).executeTakeFirst();
  const demoFirmId = () => findDemoFirmId(t.database);
  const statusCounts = async () => {
    const rows = await t.database.db.selectFrom('firms').select('status').execute();
    const count = (status?: string) => rows.filter((r) => !status || r.status === status).length;
    return { total: count(), active: count('active'), pending: count('pending') };
  };

  async function createFirm(name: string, email: string) {
    const { agent, token } = await signInStaff();
    const res = await agent
      .post('/api/firms')
      .set('X-CSRF-Token', token)
      .send({ ...NEW_FIRM, name, email });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  /** Turns an action of the catalog on or off through the API, as Actions Management does. */
  async function setActive(actionName: string, isActive: boolean) {
    const { agent, token } = await signInStaff();
    const actions = (await agent.get('/api/actions')).body as Array<{ id: string; name: string }>;
    const action = actions.find((a) => a.name === actionName)!;
    const res = await agent.patch(`/api/actions/${action.id}`).set('X-CSRF-Token', token).send({ isActive });
    expect(res.status).toBe(200);
  }

  describe('dashboard', () => {
    it('shows the real counts and every firm with its fields, icons and the Add New Firm button', async () => {
      const before = await statusCounts();
      const first = await createFirm('Harbor Immigration Partners', 'hello@harbor.example');
      const second = await createFirm('Northgate Visa Counsel', 'team@northgate.example');
      const counts = await statusCounts();
      expect(counts).toEqual({ total: before.total + 2, active: before.active, pending: before.pending + 2 });

      const { agent } = await signInStaff();
      const res = await agent.get('/reti/dashboard');
      expect(res.status).toBe(200);
      expect(/<title>([^<]+)<\/title>/.exec(res.text)![1]).toBe('Dashboard | Reti Immigration');
      const text = mainText(res.text);
      expect(text).toContain(
        `Total Firms ${counts.total} Active Firms ${counts.active} Pending Firms ${counts.pending}`,
      );
      expect(text).toContain('Firms Firm Name Contact Person Role Email Phone Status Onboard Date Actions');
      expect(text).toContain(
        `Northgate Visa Counsel Dana Whitfield Partner team@northgate.example +1 (555) 200-3000 pending ${today()}`,
      );
      expect(text).toContain(
        'Demo Immigration Law Alex Morgan Managing Partner office@demo-immigration-law.example +1 (555) 010-2000 active',
      );
      expect(res.text).toContain('<a class="btn btn-primary" href="/reti/firm-onboard">Add New Firm</a>');
      // Restores of sealed firm backups are reached from here.
      expect(res.text).toContain(
        '<a class="btn btn-secondary" href="/reti/restores">Restore a Firm Backup</a>',
      );
      for (const [id, name] of [
        [first, 'Harbor Immigration Partners'],
        [second, 'Northgate Visa Counsel'],
      ]) {
        expect(res.text).toContain(`href="/reti/firms/${id}/edit" aria-label="Edit ${name}"`);
        expect(res.text).toContain(`href="/reti/firms/${id}" aria-label="View ${name}"`);
        expect(res.text).toContain(
          `href="/reti/firms/${id}/delete" class="danger" aria-label="Delete ${name}"`,
        );
      }
      const rows = /<tbody>([\s\S]*?)<\/tbody>/.exec(res.text)![1].match(/<tr>/g) ?? [];
      expect(rows).toHaveLength(Math.min(counts.total, DASHBOARD_PAGE_SIZE));
      expect(res.text).not.toContain('class="pagination"');
    });

    it('pages the firms table in SQL, with page links and a validated ?page', async () => {
      await t.database.db
        .insertInto('firms')
        .values(
          Array.from({ length: DASHBOARD_PAGE_SIZE + 3 }, (_, i) => ({
            name: `Paged Firm ${i}`,
            contact_person: 'Pat Page',
            contact_role: 'Partner',
            email: `paged${i}@firms.example`,
            phone: '555 010 0000',
            status: 'inactive' as const,
          })),
        )
        .execute();
      const { total } = await statusCounts();
      const pages = Math.ceil(total / DASHBOARD_PAGE_SIZE);
      const { agent } = await signInStaff();

      const first = await agent.get('/reti/dashboard');
      expect(mainText(first.text)).toContain(`Showing 1–${DASHBOARD_PAGE_SIZE} of ${total} firms`);
      expect(first.text).toContain(`href="/reti/dashboard?page=2" aria-label="Page 2"`);
      expect(first.text).toContain('href="/reti/dashboard?page=1" aria-current="page" aria-label="Page 1"');

      const last = await agent.get(`/reti/dashboard?page=${pages}`);
      expect(last.status).toBe(200);
      const lastRows = /<tbody>([\s\S]*?)<\/tbody>/.exec(last.text)![1].match(/<tr>/g) ?? [];
      expect(lastRows).toHaveLength(total - (pages - 1) * DASHBOARD_PAGE_SIZE);
      expect(mainText(last.text)).toContain(`of ${total} firms`);
      expect(last.text).toContain(`href="/reti/dashboard?page=${pages - 1}" rel="prev">Previous</a>`);

      for (const bad of ['0', '-1', 'abc', '1.5', '']) {
        const res = await agent.get(`/reti/dashboard?page=${bad}`);
        expect(res.status).toBe(400);
        expect(mainText(res.text)).toContain('The page number must be a whole number from 1.');
      }
      const beyond = await agent.get(`/reti/dashboard?page=${pages + 1}`);
      expect(beyond.status).toBe(404);
      expect(mainText(beyond.text)).toContain(`The firms table has no page ${pages + 1}.`);
    });
  });

  describe('firm page', () => {
    it('shows every field of the firm and its users as the database holds them', async () => {
      await signIn('admin', '/admin/dashboard');
      const id = await demoFirmId();
      const { agent } = await signInStaff();
      const res = await agent.get(`/reti/firms/${id}`);
      expect(res.status).toBe(200);
      const text = mainText(res.text);
      const firm = (await firmRow(id))!;
      expect(text).toContain(
        [
          'Firm Name Demo Immigration Law',
          'Contact Person Alex Morgan',
          'Contact Role Managing Partner',
          'Email office@demo-immigration-law.example',
          'Phone +1 (555) 010-2000',
          'Status active',
          `Onboard Date ${usDate(firm.onboard_date)}`,
          'Industry Legal',
          'Address 100 Liberty Street, New York, NY 10005',
        ].join(' '),
      );
      expect(text).toContain('Users of Demo Immigration Law User ID Name Email Role Status Last Login');
      const users = await t.database.db
        .selectFrom('users')
        .selectAll()
        .where('firm_id', '=', id)
        .where('role', '<>', 'client')
        .execute();
      // The demo firm's 42 users (its practice), every one listed; its clients' portal sign-ins are not
      // staff's to see.
      expect(users).toHaveLength(42);
      for (const login of ['client', 'cliente']) expect(text).not.toContain(`${login}@demo-client.example`);
      for (const u of users) {
        const login = u.last_login_at ? formatDateTime(u.last_login_at, 'America/New_York') : 'Never';
        expect(text).toContain(
          `${u.login_id} ${u.first_name} ${u.last_name} ${u.email} ${u.role} ${u.status === 'active' ? 'Active' : 'Pending'} ${login}`,
        );
      }
      expect(text).toMatch(/admin Alex Morgan \S+ admin Active \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M E[SD]T/);
      expect(res.text).toContain(`href="/reti/firms/${id}/edit"`);
      // Delete Firm is inactive as seeded: the button is shown disabled with why, and where to change it.
      expect(res.text).not.toContain(`href="/reti/firms/${id}/delete"`);
      expect(res.text).toMatch(
        /<button type="button" class="btn btn-danger-outline" disabled="" title="This action is disabled: Delete Firm.">/,
      );
      expect(text).toContain(`${DELETE_DISABLED} Actions Management`);
      await setActive('Delete Firm', true);
      try {
        expect((await agent.get(`/reti/firms/${id}`)).text).toContain(`href="/reti/firms/${id}/delete"`);
      } finally {
        await setActive('Delete Firm', false);
      }
    });

    it("shows the onboard date and each last login as US readers write them, in the platform's time zone", async () => {
      const id = await createFirm('Liberty Visa Group', 'office@liberty-visa.example');
      await t.database.db
        .updateTable('firms')
        .set({ onboard_date: '2026-01-01' })
        .where('id', '=', id)
        .execute();
      const person = (loginId: string, lastLoginAt: string | null) => ({
        firm_id: id,
        login_id: loginId,
        first_name: loginId,
        last_name: 'Liberty',
        email: `${loginId}@liberty-visa.example`,
        role: 'user' as const,
        status: 'active' as const,
        password_hash: 'not-a-hash',
        last_login_at: lastLoginAt === null ? null : new Date(lastLoginAt),
      });
      await t.database.db
        .insertInto('users')
        .values([
          // Already November 24 in UTC; still the evening of the 23rd in New York.
          person('ana', '2026-11-24T03:30:00Z'),
          // Summer: daylight saving time.
          person('ben', '2026-07-04T16:05:00Z'),
          person('cy', null),
        ])
        .execute();
      const { agent } = await signInStaff();

      const res = await agent.get(`/reti/firms/${id}`);
      expect(res.status).toBe(200);
      const text = mainText(res.text);
      expect(text).toContain('Status pending Onboard Date 01/01/2026 Industry Consulting');
      expect(text).toContain('ana ana Liberty ana@liberty-visa.example user Active 11/23/2026, 10:30 PM EST');
      expect(text).toContain('ben ben Liberty ben@liberty-visa.example user Active 07/04/2026, 12:05 PM EDT');
      expect(text).toContain('cy cy Liberty cy@liberty-visa.example user Active Never');
      expect(text).not.toMatch(/UTC|2026-/);
      // The exact instant and date stay in the markup, for machines.
      expect(res.text).toContain('<time dateTime="2026-11-24T03:30:00.000Z">11/23/2026, 10:30 PM EST</time>');
      expect(res.text).toContain('<time dateTime="2026-01-01">01/01/2026</time>');

      const dashboard = mainText((await agent.get('/reti/dashboard')).text);
      expect(dashboard).toContain(
        `Liberty Visa Group ${NEW_FIRM.contactPerson} ${NEW_FIRM.contactRole} office@liberty-visa.example ${NEW_FIRM.phone} pending 01/01/2026`,
      );
      // The JSON API keeps ISO dates (SPEC §3).
      expect((await agent.get(`/api/firms/${id}`)).body.onboardDate).toBe('2026-01-01');
    });

    it('answers 404 for an unknown or malformed firm id, on every firm page', async () => {
      const { agent, token } = await signInStaff();
      for (const id of ['not-a-uuid', '7f3c2a10-0000-4000-8000-000000000000', '123']) {
        for (const path of [`/reti/firms/${id}`, `/reti/firms/${id}/edit`, `/reti/firms/${id}/delete`]) {
          const res = await agent.get(path);
          expect(res.status).toBe(404);
          expect(mainText(res.text)).toContain('Firm not found.');
        }
        const edit = await agent
          .post(`/reti/firms/${id}/edit`)
          .type('form')
          .send({ ...FORM, _csrf: token });
        expect(edit.status).toBe(404);
        const del = await agent.post(`/reti/firms/${id}/delete`).type('form').send({ _csrf: token });
        expect(del.status).toBe(404);
      }
    });
  });

  describe('edit', () => {
    it('saves the form: the row changes, an audit row is written, and the firm page says Firm updated.', async () => {
      const id = await demoFirmId();
      const { agent, token } = await signInStaff();
      const form = await agent.get(`/reti/firms/${id}/edit`);
      expect(form.status).toBe(200);
      expect(form.text).toContain('value="+1 (555) 010-2000"');
      const audits = await countRows(t.database, 'audit_log');

      const res = await agent
        .post(`/reti/firms/${id}/edit`)
        .type('form')
        .send({
          ...FORM,
          phone: '+1 (555) 777-8888',
          industry: 'technology',
          status: 'inactive',
          _csrf: token,
        });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/reti/firms/${id}`);

      const row = (await firmRow(id))!;
      expect([row.phone, row.industry, row.status]).toEqual(['+1 (555) 777-8888', 'technology', 'inactive']);
      expect(await countRows(t.database, 'audit_log')).toBe(audits + 1);
      const audit = (
        await sql<{ action: string; before: { phone: string }; after: { phone: string } }>`
          SELECT action, before, after FROM audit_log WHERE entity_id = ${id} ORDER BY created_at DESC LIMIT 1
        `.execute(t.database.db)
      ).rows[0];
      expect(audit).toMatchObject({
        action: 'firm.updated',
        before: { phone: '+1 (555) 010-2000' },
        after: { phone: '+1 (555) 777-8888' },
      });

      const page = mainText((await agent.get(res.headers.location)).text);
      expect(page).toContain('Firm updated.');
      expect(page).toContain('Phone +1 (555) 777-8888');
      expect(page).toContain('Status inactive');
      expect(page).toContain('Industry Technology');
      expect(mainText((await agent.get(`/reti/firms/${id}`)).text)).not.toContain('Firm updated.');

      await agent
        .post(`/reti/firms/${id}/edit`)
        .type('form')
        .send({ ...FORM, _csrf: token })
        .expect(303);
    });

    it.each([
      ['a missing firm name', { name: '' }, 'name', 'Firm name is required'],
      [
        'an overlong contact person',
        { contactPerson: 'x'.repeat(201) },
        'contactPerson',
        'Contact person must be at most 200 characters',
      ],
      ['a malformed email', { email: 'office-at-demo' }, 'email', 'Enter a valid email'],
      ['a malformed phone', { phone: 'call me' }, 'phone', 'Enter a valid phone number'],
      ['an unknown status', { status: 'archived' }, 'status', 'Status must be active, pending or inactive'],
      [
        'an unknown industry',
        { industry: 'farming' },
        'industry',
        'Industry must be one of legal, financial, technology, healthcare, consulting, manufacturing, retail, other',
      ],
    ])(
      'refuses %s with 422, the message by the field and the entered values; nothing is stored',
      async (_what, change, fieldName, message) => {
        const id = await demoFirmId();
        const { agent, token } = await signInStaff();
        const before = await firmRow(id);
        const audits = await countRows(t.database, 'audit_log');

        const res = await agent
          .post(`/reti/firms/${id}/edit`)
          .type('form')
          .send({ ...FORM, contactRole: 'Senior Partner', ...change, _csrf: token });
        expect(res.status).toBe(422);
        expect(res.text).toContain(`<p class="field-error" id="${fieldName}-error">${message}</p>`);
        expect(res.text).toContain(`aria-describedby="${fieldName}-error"`);
        expect(mainText(res.text)).toContain('Check the fields marked below.');
        expect(res.text).toContain('value="Senior Partner"');
        expect(await firmRow(id)).toEqual(before);
        expect(await countRows(t.database, 'audit_log')).toBe(audits);
      },
    );

    it('refuses a field left out of the post altogether', async () => {
      const id = await demoFirmId();
      const { agent, token } = await signInStaff();
      const withoutPhone: Partial<typeof FORM> = { ...FORM };
      delete withoutPhone.phone;
      const res = await agent
        .post(`/reti/firms/${id}/edit`)
        .type('form')
        .send({ ...withoutPhone, _csrf: token });
      expect(res.status).toBe(422);
      expect(res.text).toContain('<p class="field-error" id="phone-error">Phone is required</p>');
    });

    it('passes the permission matrix: while Update Firm is disabled the form is refused and nothing changes', async () => {
      const id = await demoFirmId();
      const before = await firmRow(id);
      await setActive('Update Firm', false);
      try {
        const { agent, token } = await signInStaff();
        const res = await agent
          .post(`/reti/firms/${id}/edit`)
          .type('form')
          .send({ ...FORM, phone: '555 123 4567', _csrf: token });
        expect(res.status).toBe(403);
        expect(mainText(res.text)).toContain('This action is disabled: Update Firm.');
        expect(res.text).toContain('value="555 123 4567"');
        expect(await firmRow(id)).toEqual(before);
      } finally {
        await setActive('Update Firm', true);
      }
    });
  });

  describe('reads pass the matrix too', () => {
    it.each([
      ['Get All Firms', '/reti/dashboard'],
      ['Get Firm Users', '/reti/firms/{id}'],
    ])('while %s is disabled, %s answers 403 with the reason', async (actionName, path) => {
      const url = path.replace('{id}', await demoFirmId());
      await setActive(actionName, false);
      try {
        const { agent } = await signInStaff();
        const res = await agent.get(url);
        expect(res.status).toBe(403);
        expect(mainText(res.text)).toContain(`This action is disabled: ${actionName}.`);
      } finally {
        await setActive(actionName, true);
      }
      const { agent } = await signInStaff();
      expect((await agent.get(url)).status).toBe(200);
    });
  });

  describe('delete', () => {
    it('asks first, is refused while Delete Firm is disabled, and removes the firm and its users once enabled', async () => {
      const id = await createFirm('Throwaway Legal LLP', 'bye@throwaway.example');
      const { agent, token } = await signInStaff();
      const user = await agent
        .post(`/api/firms/${id}/users`)
        .set('X-CSRF-Token', token)
        .send({ userId: 'throwaway.user', firstName: 'Tess', email: 'tess@throwaway.example', role: 'user' });
      expect(user.status).toBe(201);

      const confirm = await agent.get(`/reti/firms/${id}/delete`);
      expect(confirm.status).toBe(200);
      const question = 'Are you sure you want to delete Throwaway Legal LLP? Its users will be removed too.';
      // While Delete Firm is inactive the page says so, links Actions Management, and offers no working button.
      expect(mainText(confirm.text)).toContain(
        `${DELETE_DISABLED} Turn it on in Actions Management ${question} Delete Cancel`,
      );
      expect(confirm.text).toMatch(/<button type="submit" class="btn btn-danger" disabled=""/);
      expect(confirm.text).toContain(`<form action="/reti/firms/${id}/delete" method="post">`);

      const refused = await agent.post(`/reti/firms/${id}/delete`).type('form').send({ _csrf: token });
      expect(refused.status).toBe(403);
      expect(mainText(refused.text)).toContain(`${DELETE_DISABLED} ${question}`);
      expect(await firmRow(id)).toBeDefined();

      await setActive('Delete Firm', true);
      try {
        const audits = await countRows(t.database, 'audit_log');
        const res = await agent.post(`/reti/firms/${id}/delete`).type('form').send({ _csrf: token });
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/reti/dashboard');
        expect(await firmRow(id)).toBeUndefined();
        const users = await t.database.db
          .selectFrom('users')
          .select('id')
          .where('firm_id', '=', id)
          .execute();
        expect(users).toEqual([]);
        expect(await countRows(t.database, 'audit_log')).toBe(audits + 1);
        const dashboard = mainText((await agent.get('/reti/dashboard')).text);
        expect(dashboard).toContain('Throwaway Legal LLP was deleted.');
        expect(dashboard).toContain(`Total Firms ${(await statusCounts()).total}`);
      } finally {
        await setActive('Delete Firm', false);
      }
    });
  });

  it("signs a deleted firm's users out at once, wherever sessions are kept", async () => {
    const { id, admin } = await secondFirm(t);
    const { agent: member } = await signIn(admin);
    expect((await member.get('/admin/dashboard')).status).toBe(200);

    await setActive('Delete Firm', true);
    try {
      const { agent, token } = await signInStaff();
      expect((await agent.delete(`/api/firms/${id}`).set('X-CSRF-Token', token)).status).toBe(204);
    } finally {
      await setActive('Delete Firm', false);
    }
    const after = await member.get('/admin/dashboard');
    expect(after.status).toBe(303);
    expect(after.headers.location).toBe('/login?next=%2Fadmin%2Fdashboard');
  });

  describe('who may use them', () => {
    it.each([
      ['attorney', '/user/dashboard'],
      ['admin', '/admin/dashboard'],
    ])(
      'tells %s whose pages these are, links their own home, and changes nothing for them',
      async (loginId, home) => {
        const id = await demoFirmId();
        const before = await firmRow(id);
        const { agent, token } = await signIn(loginId, home);
        for (const path of [
          '/reti/dashboard',
          `/reti/firms/${id}`,
          `/reti/firms/${id}/edit`,
          `/reti/firms/${id}/delete`,
        ]) {
          const res = await agent.get(path);
          expect(res.status).toBe(403);
          expect(mainText(res.text)).toContain('This page is for Reti platform staff.');
          expect(res.text).toContain(`<a class="btn btn-primary" href="${home}">Go to your dashboard</a>`);
        }
        const edit = await agent
          .post(`/reti/firms/${id}/edit`)
          .type('form')
          .send({ ...FORM, phone: '555 999 0000', _csrf: token });
        expect(edit.status).toBe(403);
        const del = await agent.post(`/reti/firms/${id}/delete`).type('form').send({ _csrf: token });
        expect(del.status).toBe(403);
        expect(await firmRow(id)).toEqual(before);
      },
    );

    it('sends an anonymous visitor to sign in, with the way back', async () => {
      const res = await request(t.app).get('/reti/dashboard?page=2');
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/login?next=${encodeURIComponent('/reti/dashboard?page=2')}`);
    });

    it('refuses a form post without the CSRF token with 403, and stores nothing', async () => {
      const id = await demoFirmId();
      const before = await firmRow(id);
      const { agent } = await signInStaff();
      const edit = await agent
        .post(`/reti/firms/${id}/edit`)
        .type('form')
        .send({ ...FORM, phone: '555 999 0000' });
      expect(edit.status).toBe(403);
      expect(mainText(edit.text)).toContain(
        'Your security token is missing or out of date. Reload the page and try again.',
      );
      const del = await agent.post(`/reti/firms/${id}/delete`).type('form').send({ _csrf: 'wrong' });
      expect(del.status).toBe(403);
      expect(await firmRow(id)).toEqual(before);
    });
  });
});

describe('times in the time zone of TIME_ZONE', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TIME_ZONE: 'America/Los_Angeles' } });
  });
  afterAll(() => t.close());

  it('shows a last login in the configured zone, and a date unshifted', async () => {
    const id = await findDemoFirmId(t.database);
    await t.database.db
      .updateTable('users')
      .set({ last_login_at: new Date('2026-11-24T03:30:00Z') })
      .where('login_id', '=', 'admin')
      .execute();
    await t.database.db
      .updateTable('firms')
      .set({ onboard_date: '2026-11-23' })
      .where('id', '=', id)
      .execute();
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD }).expect(200);

    const text = mainText((await agent.get(`/reti/firms/${id}`)).text);
    expect(text).toContain('Onboard Date 11/23/2026');
    expect(text).toMatch(/admin Alex Morgan \S+ admin Active 11\/23\/2026, 7:30 PM PST/);
  });
});

/** A zone whose date differs from UTC's right now: east of UTC late in the UTC day, west of it early. */
const AWAY_FROM_UTC = new Date().getUTCHours() >= 11 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';

describe('a new firm is onboarded on the platform’s day, not UTC’s', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TIME_ZONE: AWAY_FROM_UTC } });
  });
  afterAll(() => t.close());

  it('dates the onboarding today in TIME_ZONE, on the staff dashboard and in the API', async () => {
    const today = todayIn(AWAY_FROM_UTC);
    expect(today).not.toBe(new Date().toISOString().slice(0, 10));
    const agent = request.agent(t.app);
    const login = await agent.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const token = csrfFrom((await agent.get('/reti/dashboard')).text);
    const res = await agent
      .post('/api/firms')
      .set('X-CSRF-Token', token)
      .send({ ...NEW_FIRM, name: 'Far Shore Immigration', email: 'office@far-shore.example' });
    expect([res.status, res.body.onboardDate]).toEqual([201, today]);
    expect(mainText((await agent.get(`/reti/firms/${res.body.id}`)).text)).toContain(
      `Onboard Date ${formatDate(today)}`,
    );
  });
});
