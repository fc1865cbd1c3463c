import { DEFAULT_TIME_ZONE } from '../../src/config';
import { formatDate, todayIn } from '../../src/shared/dates';
import type { Page } from 'puppeteer';
import request from 'supertest';
import { DEMO_PASSWORD } from '../helpers/app';
import {
  clickAndWait,
  control,
  e2eSuite,
  field,
  fill,
  holdRequest,
  islandsHydrated,
  pathOf,
  screenshot,
  textOf,
} from './support';

const SELF_LOCKOUT = 'Staff cannot remove their own access to Role Management and Actions Management.';
const CONFIRM = 'Are you sure you want to delete this action?';
const LOADING_PERMISSIONS = 'Loading role permissions...';
const LOADING_ACTIONS = 'Loading actions...';
const FORM = '#action-form';
/** Today as the Last Modified column shows it: 11/23/2026. */
/** Today as staff's pages show it: the platform's day (TIME_ZONE), not UTC's, which runs ahead each evening. */
const today = () => formatDate(todayIn(DEFAULT_TIME_ZONE));

/** Signs in through the /login form, which works with JavaScript on or off. */
async function signIn(page: Page, url: string, loginId = 'reti') {
  await page.goto(`${url}/login`);
  await fill(page, 'User ID', loginId, 'main form');
  await fill(page, 'Password', DEMO_PASSWORD, 'main form');
  await clickAndWait(page, await control(page, 'Login', 'main form'));
}

/** A grid checkbox by its accessible name, as a screen reader finds it. */
const box = (page: Page, label: string) => page.$(`input[type=checkbox][aria-label="${label}"]`);
const boxState = (page: Page, label: string) =>
  page.$eval(`input[aria-label="${label}"]`, (e) => {
    const input = e as HTMLInputElement;
    return { checked: input.checked, disabled: input.disabled };
  });

/** A table row as a person reads it, found by the name in its first cell. */
async function rowText(page: Page, name: string): Promise<string | undefined> {
  const rows = await page.$$eval('.access-table tbody tr', (trs) =>
    trs.map((tr) => (tr as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
  );
  return rows.find((r) => r.startsWith(`${name} `));
}

const fieldMessages = (page: Page) =>
  page.$$eval(`${FORM} .field-error, ${FORM} [role=alert]`, (nodes) =>
    nodes.map((n) => (n as HTMLElement).innerText.trim()),
  );

/** Waits for the island's message about the change (on the line under its row) and for the list it then fetches again. */
async function settled(page: Page, message: string) {
  await page.waitForFunction(
    (text) =>
      document.querySelector('.access-row-outcome .alert')?.textContent === text &&
      !document.querySelector('.access-loading'),
    {},
    message,
  );
}

describe('Role Management and Actions Management in the browser', () => {
  const suite = e2eSuite();

  const action = (name: string) =>
    suite.t.database.db.selectFrom('actions').selectAll().where('name', '=', name).executeTakeFirst();
  const flags = async (name: string) => {
    const { id } = (await action(name))!;
    const rows = await suite.t.database.db
      .selectFrom('permissions')
      .select(['role', 'can_read', 'can_write', 'can_delete'])
      .where('action_id', '=', id)
      .orderBy('role')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.role, [r.can_read, r.can_write, r.can_delete]]));
  };
  /** What the attorney's own API call answers, through the same app. */
  async function attorneyStatus(path: string) {
    const agent = request.agent(suite.t.app);
    await agent.post('/api/auth/login').send({ user_id: 'attorney', password: DEMO_PASSWORD });
    return (await agent.get(path)).status;
  }

  async function openStaffPage(path: string, javaScript = true) {
    const opened = await suite.open({ javaScript });
    await signIn(opened.page, suite.url);
    await opened.page.goto(`${suite.url}${path}`);
    if (javaScript) await islandsHydrated(opened.page);
    return opened;
  }

  describe('with JavaScript', () => {
    it('edits and saves a permission row: shown while reloading, and enforced at once', async () => {
      // The attorney's own browser, before: refused.
      const attorney = await suite.open();
      await signIn(attorney.page, suite.url, 'attorney');
      const callActions = () => attorney.page.evaluate(async () => (await fetch('/api/actions')).status);
      expect(await callActions()).toBe(403);

      const { page } = await openStaffPage('/reti/role-management');
      expect(await textOf(page, 'main h1')).toBe('Role Management');
      expect(await page.$$eval('.access-table thead th', (ths) => ths.map((th) => th.textContent))).toEqual([
        'Action',
        'Route',
        'Method',
        'User',
        'Admin',
        'Reti',
        // The client role's column (issue 23).
        'Client',
        'Actions',
      ]);
      expect(await textOf(page, 'main')).not.toContain(LOADING_PERMISSIONS);
      expect(await boxState(page, 'User Read for Get All Actions')).toEqual({
        checked: false,
        disabled: true,
      });
      await screenshot(page, 'role-management');

      // The search narrows the rows as it is typed, by category, without a reload; the address follows.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await islandsHydrated(page);
      await page.focus('#permissions-q');
      await page.keyboard.type('firm');
      await page.waitForFunction(() => location.search === '?q=firm');
      const groups = await page.$$eval('.access-group th', (ths) => ths.map((th) => th.textContent));
      expect(groups.length).toBeGreaterThan(0);
      const names = await page.$$eval('.access-table tbody tr[id] th', (ths) =>
        ths.map((th) => th.textContent),
      );
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(name).toBeTruthy();
      await page.select('#permissions-category', 'Firm Management');
      await page.waitForFunction(() => location.search === '?q=firm&category=Firm+Management');
      expect(await page.$$eval('.access-group th', (ths) => ths.map((th) => th.textContent))).toEqual([
        expect.stringMatching(/^Firm Management \(\d+\)$/),
      ]);
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await page.$eval('#permissions-q', (e) => ((e as HTMLInputElement).value = ''));
      await page.select('#permissions-category', '');
      await page.waitForFunction(() => location.search === '');

      await (await control(page, 'Edit Get All Actions')).click();
      expect(await boxState(page, 'User Read for Get All Actions')).toEqual({
        checked: false,
        disabled: false,
      });
      // Only the row being edited can change.
      expect(await boxState(page, 'User Read for Get All Firms')).toEqual({ checked: true, disabled: true });
      await (await box(page, 'User Read for Get All Actions'))!.click();

      const { held } = await holdRequest(page, '/api/permissions');
      await (await control(page, 'Save Get All Actions')).click();
      const reload = await held;
      expect(reload.method()).toBe('GET');
      await page.waitForFunction(
        (text) => document.querySelector('.access-loading')?.textContent === text,
        {},
        LOADING_PERMISSIONS,
      );
      await screenshot(page, 'role-management-loading', { fullPage: false });
      await reload.continue();
      await settled(page, 'Permissions saved for Get All Actions.');
      expect(await boxState(page, 'User Read for Get All Actions')).toEqual({
        checked: true,
        disabled: true,
      });

      expect(await flags('Get All Actions')).toEqual({
        admin: [false, false, false],
        client: [false, false, false],
        reti: [true, false, false],
        user: [true, false, false],
      });
      expect(await callActions()).toBe(200);
    });

    it('never offers to untick Reti Read on Get Permissions: it stays ticked and disabled, with the reason', async () => {
      const { page } = await openStaffPage('/reti/role-management');
      const before = await flags('Get Permissions');
      await (await control(page, 'Edit Get Permissions')).click();
      await page.waitForFunction(() => document.querySelector('tr.is-editing') !== null);
      expect(await boxState(page, 'Reti Read for Get Permissions')).toEqual({
        checked: true,
        disabled: true,
      });
      const reason = await page.$eval(
        'input[aria-label="Reti Read for Get Permissions"]',
        (e) => document.getElementById(e.getAttribute('aria-describedby') ?? '')?.textContent,
      );
      expect(reason).toBe(SELF_LOCKOUT);
      await (await box(page, 'Reti Read for Get Permissions'))!.click();
      await (await control(page, 'Save Get Permissions')).click();
      await page.waitForSelector('.access-row-outcome .alert-success');
      expect(await textOf(page, '.access-row-outcome')).toBe('Permissions saved for Get Permissions.');
      expect(await flags('Get Permissions')).toEqual(before);
      await screenshot(page, 'role-management-refused', { fullPage: false });
    });

    // The whole catalog (70 actions), loaded again after each change: slow on a busy machine.
    it('adds an action (fields required, duplicates refused), toggles, edits and deletes it', async () => {
      const { page } = await openStaffPage('/reti/actions');
      expect(await textOf(page, 'main h1')).toBe('Actions Management');
      expect(await textOf(page, 'main')).not.toContain(LOADING_ACTIONS);
      await screenshot(page, 'actions');

      await (await control(page, '+ Add New Action')).click();
      await page.waitForSelector(FORM);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
      await (await control(page, 'Add Action', FORM)).click();
      // The server's schema answers; its messages go beside the fields.
      await page.waitForSelector(`${FORM} .field-error`);
      expect(await fieldMessages(page)).toEqual([
        'Action Name is required',
        'Category is required',
        'API Route is required',
        'Description is required',
      ]);
      await screenshot(page, 'actions-form-errors');

      await fill(page, 'Action Name', 'Get Invoices', FORM);
      await fill(page, 'Category', 'Billing', FORM);
      await fill(page, 'API Route', '/api/firms', FORM);
      await fill(page, 'Description', 'List the firm invoices.', FORM);
      expect(await fieldMessages(page)).toEqual([]);
      await (await control(page, 'Add Action', FORM)).click();
      // Refused beside the API Route field.
      await page.waitForSelector(`${FORM} .field-error`);
      expect(await fieldMessages(page)).toEqual([
        'An action for GET /api/firms already exists (Get All Firms).',
      ]);
      expect(await action('Get Invoices')).toBeUndefined();

      await fill(page, 'API Route', '/api/invoices', FORM);
      const [created] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/actions'),
        (await control(page, 'Add Action', FORM)).click(),
      ]);
      expect(JSON.parse(created.postData()!)).toEqual({
        name: 'Get Invoices',
        category: 'Billing',
        route: '/api/invoices',
        method: 'GET',
        description: 'List the firm invoices.',
        isActive: true,
      });
      await settled(page, 'Action added: Get Invoices.');
      expect(await page.$(FORM)).toBeNull();
      expect(await rowText(page, 'Get Invoices')).toBe(
        `Get Invoices Billing /api/invoices GET Active ${today()}`,
      );
      const stored = (await action('Get Invoices'))!;
      expect(stored).toMatchObject({ route: '/api/invoices', method: 'GET', is_active: true });

      // An older Last Modified, to see the toggle set it to today.
      await suite.t.database.db
        .updateTable('actions')
        .set({ updated_at: new Date('2025-01-02T12:00:00Z') })
        .where('id', '=', stored.id)
        .execute();
      await page.reload();
      await islandsHydrated(page);
      expect(await rowText(page, 'Get Invoices')).toBe(
        'Get Invoices Billing /api/invoices GET Active 01/02/2025',
      );
      // The list is fetched again after the change; hold that fetch to see the loading state.
      const { held } = await holdRequest(page, '/api/actions');
      await (await control(page, 'Deactivate Get Invoices')).click();
      const reload = await held;
      expect(reload.method()).toBe('GET');
      await page.waitForFunction(
        (text) => document.querySelector('.access-loading')?.textContent === text,
        {},
        LOADING_ACTIONS,
      );
      await reload.continue();
      await settled(page, 'Get Invoices is now inactive.');
      expect(await rowText(page, 'Get Invoices')).toBe(
        `Get Invoices Billing /api/invoices GET Inactive ${today()}`,
      );
      expect((await action('Get Invoices'))!.is_active).toBe(false);
      await control(page, 'Activate Get Invoices');

      await (await control(page, 'Edit Get Invoices')).click();
      await page.waitForSelector(FORM);
      expect(await textOf(page, `${FORM} h2`)).toBe('Edit Get Invoices');
      expect(await (await field(page, 'API Route', FORM)).evaluate((e) => e.value)).toBe('/api/invoices');
      expect(await (await field(page, 'Active', FORM)).evaluate((e) => e.checked)).toBe(false);
      await fill(page, 'Action Name', 'Create Invoice', FORM);
      await (await field(page, 'HTTP Method', FORM)).select('POST');
      await (await field(page, 'Active', FORM)).click();
      await (await control(page, 'Save Changes', FORM)).click();
      await settled(page, 'Action updated: Create Invoice.');
      expect(await rowText(page, 'Create Invoice')).toBe(
        `Create Invoice Billing /api/invoices POST Active ${today()}`,
      );
      expect(await action('Create Invoice')).toMatchObject({
        id: stored.id,
        method: 'POST',
        is_active: true,
      });

      // Dismissing the confirmation keeps the action; accepting it deletes the action.
      const dialogs: string[] = [];
      page.once('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await (await control(page, 'Delete Create Invoice')).click();
      expect(dialogs).toEqual([CONFIRM]);
      expect(await rowText(page, 'Create Invoice')).toBeDefined();
      expect(await action('Create Invoice')).toBeDefined();

      page.once('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.accept();
      });
      await (await control(page, 'Delete Create Invoice')).click();
      await settled(page, 'Action deleted: Create Invoice.');
      expect(dialogs).toEqual([CONFIRM, CONFIRM]);
      expect(await rowText(page, 'Create Invoice')).toBeUndefined();
      expect(await action('Create Invoice')).toBeUndefined();
    }, 90_000);
  });

  describe('without JavaScript', () => {
    it('edits and saves a permission row through its form, and it is enforced at once', async () => {
      expect(await attorneyStatus('/api/permissions')).toBe(403);
      const { page } = await openStaffPage('/reti/role-management', false);
      const { id } = (await action('Get Permissions'))!;

      await clickAndWait(page, await control(page, 'Edit Get Permissions'));
      expect(pathOf(page)).toBe(`/reti/role-management?edit=${id}#permission-${id}`);
      expect(await boxState(page, 'User Read for Get Permissions')).toEqual({
        checked: false,
        disabled: false,
      });
      expect(await boxState(page, 'User Read for Get All Firms')).toEqual({ checked: true, disabled: true });
      await (await box(page, 'User Read for Get Permissions'))!.click();
      const saved = await clickAndWait(page, await control(page, 'Save Get Permissions'));
      expect(saved?.status()).toBe(200);
      expect(pathOf(page)).toBe('/reti/role-management');
      expect(await textOf(page, '.flash')).toBe('Permissions saved for Get Permissions.');
      expect(await boxState(page, 'User Read for Get Permissions')).toEqual({
        checked: true,
        disabled: true,
      });
      expect(await attorneyStatus('/api/permissions')).toBe(200);

      // The staff flag that would lock staff out is never offered: disabled while editing, and kept on save.
      await clickAndWait(page, await control(page, 'Edit Get Permissions'));
      expect(await boxState(page, 'Reti Read for Get Permissions')).toEqual({
        checked: true,
        disabled: true,
      });
      expect(await boxState(page, 'User Read for Get Permissions')).toEqual({
        checked: true,
        disabled: false,
      });
      const kept = await clickAndWait(page, await control(page, 'Save Get Permissions'));
      expect(kept?.status()).toBe(200);
      expect(await textOf(page, '.flash')).toBe('Permissions saved for Get Permissions.');
      expect(await flags('Get Permissions')).toEqual({
        admin: [false, false, false],
        client: [false, false, false],
        reti: [true, false, false],
        user: [true, false, false],
      });
    });

    it('adds, toggles, edits and deletes an action through the page forms', async () => {
      const { page } = await openStaffPage('/reti/actions', false);
      await clickAndWait(page, await control(page, '+ Add New Action'));
      expect(pathOf(page)).toBe('/reti/actions?new=1#action-form');
      const missing = await clickAndWait(page, await control(page, 'Add Action', FORM));
      expect(missing?.status()).toBe(422);
      expect(await fieldMessages(page)).toEqual([
        'Action Name is required',
        'Category is required',
        'API Route is required',
        'Description is required',
      ]);

      await fill(page, 'Action Name', 'Get Invoices', FORM);
      await fill(page, 'Category', 'Billing', FORM);
      await fill(page, 'API Route', '/api/firms/{firmId}', FORM);
      await fill(page, 'Description', 'List the invoices.', FORM);
      const duplicate = await clickAndWait(page, await control(page, 'Add Action', FORM));
      expect(duplicate?.status()).toBe(409);
      expect(await fieldMessages(page)).toEqual([
        'An action for GET /api/firms/{firmId} already exists (Get Firm).',
      ]);
      expect(await (await field(page, 'Action Name', FORM)).evaluate((e) => e.value)).toBe('Get Invoices');
      await screenshot(page, 'actions-nojs-duplicate');

      await fill(page, 'API Route', '/api/invoices', FORM);
      await (await field(page, 'Active', FORM)).click();
      await clickAndWait(page, await control(page, 'Add Action', FORM));
      expect(pathOf(page)).toBe('/reti/actions');
      expect(await textOf(page, '.flash')).toBe('Action added: Get Invoices.');
      expect(await rowText(page, 'Get Invoices')).toBe(
        `Get Invoices Billing /api/invoices GET Inactive ${today()}`,
      );

      await clickAndWait(page, await control(page, 'Activate Get Invoices'));
      expect(await textOf(page, '.flash')).toBe('Get Invoices is now active.');
      expect(await rowText(page, 'Get Invoices')).toBe(
        `Get Invoices Billing /api/invoices GET Active ${today()}`,
      );

      await clickAndWait(page, await control(page, 'Edit Get Invoices'));
      expect(await textOf(page, `${FORM} h2`)).toBe('Edit Get Invoices');
      await fill(page, 'API Route', '/api/invoices/{id}', FORM);
      await (await field(page, 'HTTP Method', FORM)).select('DELETE');
      await fill(page, 'Action Name', 'Delete Invoice', FORM);
      await clickAndWait(page, await control(page, 'Save Changes', FORM));
      expect(await textOf(page, '.flash')).toBe('Action updated: Delete Invoice.');
      expect(await rowText(page, 'Delete Invoice')).toBe(
        `Delete Invoice Billing /api/invoices/{id} DELETE Active ${today()}`,
      );

      await clickAndWait(page, await control(page, 'Delete Delete Invoice'));
      expect(await textOf(page, '#delete-confirm h2')).toBe(CONFIRM);
      await screenshot(page, 'actions-nojs-confirm', { fullPage: false });
      await clickAndWait(page, await control(page, 'Cancel', '#delete-confirm'));
      expect(await page.$('#delete-confirm')).toBeNull();
      expect(await action('Delete Invoice')).toBeDefined();

      await clickAndWait(page, await control(page, 'Delete Delete Invoice'));
      await clickAndWait(page, await control(page, 'Delete', '#delete-confirm'));
      expect(await textOf(page, '.flash')).toBe('Action deleted: Delete Invoice.');
      expect(await rowText(page, 'Delete Invoice')).toBeUndefined();
      expect(await action('Delete Invoice')).toBeUndefined();
    });
  });
});
