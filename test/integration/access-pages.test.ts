import { DEFAULT_TIME_ZONE } from '../../src/config';
import { formatDate, todayIn } from '../../src/shared/dates';
import request from 'supertest';
import { BACKENDS, startTestApp, type TestApp, visibleText, signIn as signInAs } from '../helpers/app';

const SELF_LOCKOUT = 'Staff cannot remove their own access to Role Management and Actions Management.';
const PUBLIC_ACTION = 'This action is public: everyone may call it, so it has no role permissions to edit.';
const CONFIRM = 'Are you sure you want to delete this action?';
const BAD_TOKEN = 'Your security token is missing or out of date. Reload the page and try again.';
/** Today as the Last Modified column shows it: 11/23/2026. */
/** Today as staff's pages show it: the platform's day (TIME_ZONE), not UTC's, which runs ahead each evening. */
const today = () => formatDate(todayIn(DEFAULT_TIME_ZONE));

const textOf = (res: request.Response) => visibleText(res.text);

/** A checkbox of the grid as a person sees it: ticked or not, usable or greyed out. */
function checkbox(html: string, label: string) {
  const tag = new RegExp(`<input[^>]*aria-label="${label}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no checkbox "${label}"`);
  return { checked: /\schecked=""/.test(tag), disabled: /\sdisabled=""/.test(tag) };
}

/** The value a text input of the page's form was rendered with. */
const valueOf = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describe.each(BACKENDS)('the Role Management and Actions Management pages on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  /** A signed-in agent and the CSRF token its pages carry. */
  const signIn = (loginId: string, _home?: string) => signInAs(t.app, loginId);
  const staff = () => signIn('reti');

  const action = (name: string) =>
    t.database.db.selectFrom('actions').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const countActions = async () => (await t.database.db.selectFrom('actions').select('id').execute()).length;
  async function flags(name: string) {
    const { id } = await action(name);
    const rows = await t.database.db
      .selectFrom('permissions')
      .select(['role', 'can_read', 'can_write', 'can_delete'])
      .where('action_id', '=', id)
      .orderBy('role')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.role, [r.can_read, r.can_write, r.can_delete]]));
  }

  describe('Role Management', () => {
    it('shows the matrix with the SPEC columns, read-only rows and public rows, with no loading state', async () => {
      const { agent } = await staff();
      const res = await agent.get('/reti/role-management');
      expect(res.status).toBe(200);
      const head = /<thead>[\s\S]*?<\/thead>/.exec(res.text)![0];
      expect(textOf({ text: head } as request.Response).trim()).toBe(
        // SPEC's columns, and the client role's (issue 23: clients count in the matrix as their own role).
        'Action Route Method User Admin Reti Client Actions',
      );
      expect(textOf(res)).not.toContain('Loading role permissions...');
      // SPEC §6: Get All Firms is user read; admin read, write; reti read, write, delete.
      const row = ['Read', 'Write', 'Delete'];
      const ticks = (role: string) =>
        row.map((f) => checkbox(res.text, `${role} ${f} for Get All Firms`).checked);
      expect([ticks('User'), ticks('Admin'), ticks('Reti')]).toEqual([
        [true, false, false],
        [true, true, false],
        [true, true, true],
      ]);
      expect(checkbox(res.text, 'User Read for Get All Firms').disabled).toBe(true);
      expect(res.text).toContain('aria-label="Edit Get All Firms"');
      expect(res.text).toMatch(/<button[^>]*aria-label="Save Get All Firms" disabled=""/);
      // A public action says so, with no checkboxes and no Edit.
      expect(textOf(res)).toContain('Log In /api/auth/login POST Public: open to everyone, signed in or not');
      expect(res.text).not.toContain('for Log In"');
      expect(res.text).not.toContain('aria-label="Edit Log In"');
    });

    it('groups the actions by category and narrows them by a search and a category, without JavaScript', async () => {
      const { agent } = await staff();
      const rowNames = (html: string) =>
        [...html.matchAll(/<tr id="permission-[^"]+"[^>]*><th scope="row">([^<]+)</g)].map((m) => m[1]);
      const groupNames = (html: string) =>
        [...html.matchAll(/<th scope="rowgroup" colSpan="\d+">([^<]+)<\/th>/g)].map((m) => m[1]);
      const all = await agent.get('/reti/role-management');
      const total = rowNames(all.text).length;
      expect(total).toBeGreaterThan(90);
      // Every category once, in order, each with its count; every action under one of them.
      const groups = groupNames(all.text);
      expect(groups.map((g) => g.replace(/ \(\d+\)$/, ''))).toEqual(
        [...new Set(groups.map((g) => g.replace(/ \(\d+\)$/, '')))].sort((a, b) => a.localeCompare(b)),
      );
      expect(groups.reduce((n, g) => n + Number(/\((\d+)\)$/.exec(g)![1]), 0)).toBe(total);
      expect(textOf(all)).toContain(`${total} of ${total} actions shown, by category.`);

      const narrowed = await agent.get('/reti/role-management?q=case&category=Case+Management');
      expect(groupNames(narrowed.text)).toEqual(['Case Management (14)']);
      expect(rowNames(narrowed.text)).toEqual([
        'Add Case Party',
        'Change Case',
        'Check Case Status',
        'Create Case',
        'Delete Case',
        'Export Cases',
        'Get Case',
        'Get Case Parties',
        'Get Case Status',
        'Get Cases',
        'Import Cases',
        'Remove Case Party',
        'Reopen Decision',
        'Update Case',
      ]);
      expect(narrowed.text).toContain('value="case"');
      expect(narrowed.text).toMatch(/<option value="Case Management" selected="">/);
      // Edit keeps the search.
      expect(narrowed.text).toMatch(
        /href="\/reti\/role-management\?q=case&amp;category=Case\+Management&amp;edit=/,
      );
      const none = await agent.get('/reti/role-management?q=nothing+like+this');
      expect(textOf(none)).toContain('No action matches the search.');
    });

    it('?edit=<id> opens that row, and only that row, for editing', async () => {
      const { agent } = await staff();
      const { id } = await action('Create Firm');
      const res = await agent.get(`/reti/role-management?edit=${id}`);
      expect(res.status).toBe(200);
      expect(checkbox(res.text, 'Admin Write for Create Firm')).toEqual({ checked: true, disabled: false });
      expect(checkbox(res.text, 'User Read for Create Firm')).toEqual({ checked: false, disabled: false });
      expect(checkbox(res.text, 'User Read for Get All Firms').disabled).toBe(true);
      expect(res.text).toMatch(/<button[^>]*aria-label="Save Create Firm">/);
    });

    it('saves a row with the form and enforces it at once', async () => {
      const { agent, token } = await staff();
      const attorney = await signIn('attorney', '/user/dashboard');
      expect((await attorney.agent.get('/api/actions')).status).toBe(403);
      const { id } = await action('Get All Actions');

      const res = await agent
        .post(`/reti/role-management/${id}`)
        .type('form')
        .send({ _csrf: token, 'user.canRead': 'on', 'reti.canRead': 'on' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/reti/role-management');
      expect(await flags('Get All Actions')).toEqual({
        admin: [false, false, false],
        client: [false, false, false],
        reti: [true, false, false],
        user: [true, false, false],
      });
      expect(textOf(await agent.get('/reti/role-management'))).toContain(
        'Permissions saved for Get All Actions.',
      );
      expect((await attorney.agent.get('/api/actions')).status).toBe(200);

      await agent
        .post(`/reti/role-management/${id}`)
        .type('form')
        .send({ _csrf: token, 'reti.canRead': 'on' });
      expect((await attorney.agent.get('/api/actions')).status).toBe(403);
    });

    it('refuses the self-lockout with the SPEC message, keeping the ticks entered (409)', async () => {
      const { agent, token } = await staff();
      const { id } = await action('Get Permissions');
      const before = await flags('Get Permissions');
      const res = await agent
        .post(`/reti/role-management/${id}`)
        .type('form')
        .send({ _csrf: token, 'user.canRead': 'on', 'admin.canDelete': 'on' });
      expect(res.status).toBe(409);
      expect(textOf(res)).toContain(`Get Permissions was not saved. ${SELF_LOCKOUT}`);
      expect(checkbox(res.text, 'User Read for Get Permissions')).toEqual({ checked: true, disabled: false });
      expect(checkbox(res.text, 'Admin Delete for Get Permissions')).toEqual({
        checked: true,
        disabled: false,
      });
      // The staff flag itself is never offered: shown disabled, with the reason beside the row's name.
      expect(checkbox(res.text, 'Reti Read for Get Permissions')).toEqual({
        checked: false,
        disabled: true,
      });
      expect(res.text).toMatch(
        /Get Permissions<span class="visually-hidden" id="permission-locked-[^"]+">Staff cannot remove/,
      );
      expect(await flags('Get Permissions')).toEqual(before);
    });

    it.each([
      ['user.canRead=yes', 'User Read must be ticked or left empty'],
      ['reti.canDelete=on&reti.canDelete=on', 'Reti Delete must be ticked or left empty'],
    ])('refuses the malformed ticks %s (422) and stores nothing', async (fields, message) => {
      const { agent, token } = await staff();
      const { id } = await action('Get Firm');
      const before = await flags('Get Firm');
      const res = await agent
        .post(`/reti/role-management/${id}`)
        .type('form')
        .send(`_csrf=${encodeURIComponent(token)}&admin.canRead=on&${fields}`);
      expect(res.status).toBe(422);
      expect(textOf(res)).toContain(`Get Firm was not saved. ${message}`);
      expect(checkbox(res.text, 'Admin Read for Get Firm')).toEqual({ checked: true, disabled: false });
      expect(await flags('Get Firm')).toEqual(before);
    });

    it('refuses public actions (409) and unknown actions (404)', async () => {
      const { agent, token } = await staff();
      const { id } = await action('Contact Sales');
      const open = await agent
        .post(`/reti/role-management/${id}`)
        .type('form')
        .send({ _csrf: token, 'user.canRead': 'on' });
      expect(open.status).toBe(409);
      expect(textOf(open)).toContain(PUBLIC_ACTION);
      expect(await flags('Contact Sales')).toEqual({});
      for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const res = await agent.post(`/reti/role-management/${unknown}`).type('form').send({ _csrf: token });
        expect(res.status).toBe(404);
        expect(textOf(res)).toContain('Action not found.');
      }
    });

    it('refuses a save without the CSRF token (403), and from anyone but staff', async () => {
      const { agent } = await staff();
      const { id } = await action('Get All Firms');
      const before = await flags('Get All Firms');
      const noToken = await agent
        .post(`/reti/role-management/${id}`)
        .type('form')
        .send({ 'user.canDelete': 'on' });
      expect(noToken.status).toBe(403);
      expect(textOf(noToken)).toContain(BAD_TOKEN);

      const attorney = await signIn('attorney', '/user/dashboard');
      const asUser = await attorney.agent
        .post(`/reti/role-management/${id}`)
        .type('form')
        .send({ _csrf: attorney.token, 'user.canDelete': 'on' });
      expect(asUser.status).toBe(403);
      expect(textOf(asUser)).toContain('This page is for Reti platform staff.');

      const anonymous = await request(t.app)
        .post(`/reti/role-management/${id}`)
        .type('form')
        .send({ 'user.canDelete': 'on' });
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.location).toBe(
        `/login?next=${encodeURIComponent(`/reti/role-management/${id}`)}`,
      );
      expect(await flags('Get All Firms')).toEqual(before);
    });
  });

  describe('Actions Management', () => {
    const form = (token: string, values: Record<string, string> = {}) => ({
      _csrf: token,
      name: 'Get Invoices',
      category: 'Billing',
      route: '/api/invoices',
      method: 'GET',
      description: 'List the firm invoices.',
      isActive: 'on',
      ...values,
    });

    it('offers no delete for a declared action, and says why; a staff-added one can be deleted', async () => {
      const { agent, token } = await staff();
      const page = await agent.get('/reti/actions');
      const reason = 'Get Firm is part of the product, so it cannot be deleted. Make it inactive instead.';
      const del = /<button[^>]*aria-label="Delete Get Firm"[^>]*>/.exec(page.text)?.[0] ?? '';
      expect(del).toContain('aria-disabled="true"');
      expect(del).toContain(`title="${reason}"`);
      expect(page.text).not.toContain('?delete=' + (await action('Get Firm')).id);
      // Asking anyway, without JavaScript, is refused with the same words and changes nothing.
      const { id } = await action('Get Firm');
      const refused = await agent.post(`/reti/actions/${id}/delete`).type('form').send({ _csrf: token });
      expect(refused.status).toBe(409);
      expect(textOf(refused)).toContain(reason);
      expect(await action('Get Firm')).toMatchObject({ is_active: true });

      const added = await agent
        .post('/reti/actions')
        .type('form')
        .send(form(token, { route: '/api/invoices/x' }));
      expect(added.status).toBe(303);
      const { id: addedId } = await action('Get Invoices');
      expect((await agent.get('/reti/actions')).text).toContain(
        `href="/reti/actions?delete=${addedId}#delete-confirm"`,
      );
      await agent.post(`/reti/actions/${addedId}/delete`).type('form').send({ _csrf: token }).expect(303);
    });

    it('asks before turning off what a public page needs, saying what stops working, then turns it off', async () => {
      const { agent, token } = await staff();
      const { id } = await action('Contact Sales');
      const page = await agent.get('/reti/actions');
      // Its toggle is a link to the question, not a form that would post at once.
      expect(page.text).toContain(`href="/reti/actions?toggle=${id}#toggle-confirm"`);
      const question = await agent.get(`/reti/actions?toggle=${id}`);
      expect(textOf(question)).toContain(
        'Turn off Contact Sales? The Contact Us form on the home and features pages stops sending requests to the sales team. Turn off Cancel',
      );
      expect(question.text).toMatch(
        new RegExp(`id="toggle-confirm"[\\s\\S]*<form [^>]*action="/reti/actions/${id}/toggle"`),
      );
      await agent
        .post(`/reti/actions/${id}/toggle`)
        .type('form')
        .send({ _csrf: token, isActive: 'false' })
        .expect(303);
      try {
        const contact = await request(t.app)
          .post('/api/comm/contact')
          .send({ name: 'Ana', phone: '5551234567', email: 'a@b.co' });
        expect([contact.status, contact.body.error]).toEqual([
          403,
          'This action is disabled: Contact Sales.',
        ]);
      } finally {
        await agent
          .post(`/reti/actions/${id}/toggle`)
          .type('form')
          .send({ _csrf: token, isActive: 'true' })
          .expect(303);
      }
    });

    it('shows the toggle of an action staff may never turn off as disabled, with the reason', async () => {
      const { agent } = await staff();
      const page = await agent.get('/reti/actions');
      const toggle = /<button[^>]*aria-label="Deactivate Get All Actions"[^>]*>/.exec(page.text)?.[0] ?? '';
      expect(toggle).toContain('type="button"');
      expect(toggle).toContain('aria-disabled="true"');
      expect(toggle).toContain(`title="${SELF_LOCKOUT}"`);
    });

    it('shows the API Actions table with the SPEC columns, status badges and no loading state', async () => {
      const { agent } = await staff();
      const res = await agent.get('/reti/actions');
      expect(res.status).toBe(200);
      const head = /<thead>[\s\S]*?<\/thead>/.exec(res.text)![0];
      expect(visibleText(head).trim()).toBe('Action Name Category Route Method Status Last Modified Actions');
      const text = textOf(res);
      expect(text).toContain('API Actions');
      expect(text).toContain('+ Add New Action');
      expect(text).not.toContain('Loading actions...');
      expect(text).toContain(`Get All Firms Firm Management /api/firms GET Active ${today()}`);
      expect(text).toContain(`Delete Firm Firm Management /api/firms/{id} DELETE Inactive ${today()}`);
      for (const label of [
        'Deactivate Get All Firms',
        'Activate Delete Firm',
        'Edit Get All Firms',
        'Delete Get All Firms',
      ])
        expect(res.text).toContain(`aria-label="${label}"`);
      // The form opens only when asked for.
      expect(res.text).not.toContain('id="action-form"');
    });

    it('?new=1 opens the Add Action form with the SPEC fields, options and buttons', async () => {
      const { agent } = await staff();
      const res = await agent.get('/reti/actions?new=1');
      const section = /<section[^>]*id="action-form"[\s\S]*?<\/section>/.exec(res.text)![0];
      const labels = [...section.matchAll(/<label[^>]*>([\s\S]*?)<\/label>/g)].map((m) =>
        visibleText(m[1]).trim(),
      );
      expect(labels).toEqual([
        'Action Name*',
        'Category*',
        'API Route*',
        'HTTP Method*',
        'Description*',
        'Active',
      ]);
      expect(
        [.../<select[\s\S]*?<\/select>/.exec(section)![0].matchAll(/<option value="(\w+)"/g)].map(
          (m) => m[1],
        ),
      ).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
      expect(section).toMatch(/<textarea[^>]*rows="3"/);
      expect(section).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/);
      expect(visibleText(section)).toContain('Add Action Cancel');
    });

    it('refuses missing fields (422) with every message, keeping the values entered, and stores nothing', async () => {
      const { agent, token } = await staff();
      const before = await countActions();
      const res = await agent
        .post('/reti/actions')
        .type('form')
        .send({ _csrf: token, name: 'Half Done', category: '', route: '', method: '', description: '   ' });
      expect(res.status).toBe(422);
      const text = textOf(res);
      for (const message of [
        'Category is required',
        'API Route is required',
        'HTTP Method must be GET, POST, PUT, PATCH or DELETE',
        'Description is required',
      ])
        expect(text).toContain(message);
      expect(text).not.toContain('Action Name is required');
      expect(valueOf(res.text, 'name')).toBe('Half Done');
      // Unticked on the form, unticked again.
      expect(res.text).not.toMatch(/<input[^>]*name="isActive"[^>]*checked=""/);
      expect(await countActions()).toBe(before);
    });

    it.each([
      [
        'an Action Name over 100 characters',
        { name: 'N'.repeat(101) },
        'Action Name must be at most 100 characters',
      ],
      [
        'a Category over 100 characters',
        { category: 'C'.repeat(101) },
        'Category must be at most 100 characters',
      ],
      [
        'a Description over 500 characters',
        { description: 'D'.repeat(501) },
        'Description must be at most 500 characters',
      ],
      [
        'an API Route over 200 characters',
        { route: `/api/${'r'.repeat(200)}` },
        'API Route must be at most 200 characters',
      ],
      [
        'an API Route outside /api',
        { route: 'reports' },
        'API Route must be a path under /api, such as /api/firms/{id}',
      ],
      ['an unknown HTTP Method', { method: 'FETCH' }, 'HTTP Method must be GET, POST, PUT, PATCH or DELETE'],
      [
        'an Active box that is neither ticked nor empty',
        { isActive: 'yes' },
        'Active must be ticked or left empty',
      ],
    ])('refuses %s (422) with its message and stores nothing', async (_what, values, message) => {
      const { agent, token } = await staff();
      const before = await countActions();
      const res = await agent.post('/reti/actions').type('form').send(form(token, values));
      expect(res.status).toBe(422);
      expect(textOf(res)).toContain(message);
      expect(valueOf(res.text, 'category')).toBe((values as Record<string, string>).category ?? 'Billing');
      expect(await countActions()).toBe(before);
    });

    it('refuses a duplicate method and route with the server message (409)', async () => {
      const { agent, token } = await staff();
      const before = await countActions();
      const res = await agent
        .post('/reti/actions')
        .type('form')
        .send(form(token, { name: 'List Firms Again', route: '/api/Firms', method: 'GET' }));
      expect(res.status).toBe(409);
      expect(textOf(res)).toContain('An action for GET /api/Firms already exists (Get All Firms).');
      expect(valueOf(res.text, 'name')).toBe('List Firms Again');
      expect(await countActions()).toBe(before);
    });

    it('adds, edits, toggles and deletes an action through the forms', async () => {
      const { agent, token } = await staff();
      const unticked: Record<string, string> = form(token);
      delete unticked.isActive;
      const added = await agent.post('/reti/actions').type('form').send(unticked);
      expect(added.status).toBe(303);
      expect(added.headers.location).toBe('/reti/actions');
      expect(textOf(await agent.get('/reti/actions'))).toContain('Action added: Get Invoices.');
      const stored = await action('Get Invoices');
      expect(stored).toMatchObject({
        category: 'Billing',
        route: '/api/invoices',
        method: 'GET',
        is_active: false,
      });
      expect(await flags('Get Invoices')).toEqual({
        admin: [false, false, false],
        client: [false, false, false],
        reti: [false, false, false],
        user: [false, false, false],
      });

      const editForm = await agent.get(`/reti/actions?edit=${stored.id}`);
      expect(textOf(editForm)).toContain('Edit Get Invoices');
      expect(valueOf(editForm.text, 'route')).toBe('/api/invoices');
      const bad = await agent
        .post(`/reti/actions/${stored.id}`)
        .type('form')
        .send(form(token, { route: '/api/invoices/{' }));
      expect(bad.status).toBe(422);
      expect(valueOf(bad.text, 'route')).toBe('/api/invoices/{');
      expect((await action('Get Invoices')).route).toBe('/api/invoices');
      const edited = await agent
        .post(`/reti/actions/${stored.id}`)
        .type('form')
        .send(
          form(token, { name: 'Get Invoice', route: '/api/invoices/{id}', description: 'Read one invoice.' }),
        );
      expect(edited.status).toBe(303);
      expect(textOf(await agent.get('/reti/actions'))).toContain('Action updated: Get Invoice.');
      expect(await action('Get Invoice')).toMatchObject({ route: '/api/invoices/{id}', is_active: true });

      await t.database.db
        .updateTable('actions')
        .set({ updated_at: new Date('2025-01-02T12:00:00Z') })
        .where('id', '=', stored.id)
        .execute();
      // The page shows the date as US readers write it; the API keeps it as SPEC §3 has it.
      expect(textOf(await agent.get('/reti/actions'))).toContain(
        'Get Invoice Billing /api/invoices/{id} GET Active 01/02/2025',
      );
      expect((await agent.get('/api/actions')).body).toContainEqual(
        expect.objectContaining({ name: 'Get Invoice', lastModified: '2025-01-02' }),
      );
      const toggled = await agent
        .post(`/reti/actions/${stored.id}/toggle`)
        .type('form')
        .send({ _csrf: token, isActive: 'false' });
      expect(toggled.status).toBe(303);
      const afterToggle = await agent.get('/reti/actions');
      expect(textOf(afterToggle)).toContain('Get Invoice is now inactive.');
      expect(textOf(afterToggle)).toContain(`Get Invoice Billing /api/invoices/{id} GET Inactive ${today()}`);
      const malformed = await agent
        .post(`/reti/actions/${stored.id}/toggle`)
        .type('form')
        .send({ _csrf: token, isActive: 'maybe' });
      expect(malformed.status).toBe(422);
      expect(textOf(malformed)).toContain('Active must be true or false');
      expect((await action('Get Invoice')).is_active).toBe(false);

      const confirm = await agent.get(`/reti/actions?delete=${stored.id}`);
      const section = /<section[^>]*id="delete-confirm"[\s\S]*?<\/section>/.exec(confirm.text)![0];
      expect(visibleText(section).trim()).toBe(
        `${CONFIRM} Get Invoice: GET /api/invoices/{id} Delete Cancel`,
      );
      const deleted = await agent
        .post(`/reti/actions/${stored.id}/delete`)
        .type('form')
        .send({ _csrf: token });
      expect(deleted.status).toBe(303);
      expect(textOf(await agent.get('/reti/actions'))).toContain('Action deleted: Get Invoice.');
      expect(
        await t.database.db.selectFrom('actions').select('id').where('id', '=', stored.id).execute(),
      ).toEqual([]);
    });

    it('keeps the actions staff need to manage access (409 with the SPEC message)', async () => {
      const { agent, token } = await staff();
      const { id } = await action('Get All Actions');
      const toggle = await agent
        .post(`/reti/actions/${id}/toggle`)
        .type('form')
        .send({ _csrf: token, isActive: 'false' });
      expect(toggle.status).toBe(409);
      expect(textOf(toggle)).toContain(SELF_LOCKOUT);
      const remove = await agent.post(`/reti/actions/${id}/delete`).type('form').send({ _csrf: token });
      expect(remove.status).toBe(409);
      expect(await action('Get All Actions')).toMatchObject({ is_active: true });
    });

    it('escapes names with markup wherever the page shows them', async () => {
      const { agent, token } = await staff();
      const name = '<img src=x onerror=alert(1)>';
      const res = await agent
        .post('/reti/actions')
        .type('form')
        .send(form(token, { name, route: '/api/markup' }));
      expect(res.status).toBe(303);
      const page = await agent.get('/reti/actions');
      expect(page.text).not.toContain(name);
      expect(textOf(page)).toContain(name);
      await agent
        .post(`/reti/actions/${(await action(name)).id}/delete`)
        .type('form')
        .send({ _csrf: token });
    });

    it('refuses the forms without the CSRF token (403), and from anyone but staff', async () => {
      const { agent } = await staff();
      const before = await countActions();
      const { id } = await action('Get Firm');
      const noToken = await agent.post('/reti/actions').type('form').send(form(''));
      expect(noToken.status).toBe(403);
      expect(textOf(noToken)).toContain(BAD_TOKEN);

      const attorney = await signIn('attorney', '/user/dashboard');
      for (const path of [
        '/reti/actions',
        `/reti/actions/${id}`,
        `/reti/actions/${id}/toggle`,
        `/reti/actions/${id}/delete`,
      ]) {
        const res = await attorney.agent
          .post(path)
          .type('form')
          .send(form(attorney.token, { isActive: 'false' }));
        expect([path, res.status]).toEqual([path, 403]);
        expect(textOf(res)).toContain('This page is for Reti platform staff.');
      }
      const admin = await signIn('admin', '/admin/dashboard');
      const asAdmin = await admin.agent.get('/reti/actions');
      expect(asAdmin.status).toBe(403);
      expect(asAdmin.text).toContain(
        '<a class="btn btn-primary" href="/admin/dashboard">Go to your dashboard</a>',
      );
      expect(await countActions()).toBe(before);
      expect(await action('Get Firm')).toMatchObject({ name: 'Get Firm', is_active: true });
    });
  });
});
