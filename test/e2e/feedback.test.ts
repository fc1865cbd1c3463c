/**
 * Issue 8 items 16 and 20, driven with the keyboard: the outcome of a toggle, save or delete is said
 * beside its row (in a live region), focus stays on (or comes back to) the control used, Edit in Role
 * Management leads Tab into the row's checkboxes, the focus ring contrasts 3:1 (WCAG 1.4.11), and a
 * signed-in person finds the way to their dashboard on '/'.
 */
import type { Page } from 'puppeteer';
import request from 'supertest';
import { csrfFrom, DEMO_PASSWORD, actionIdNamed } from '../helpers/app';
import { clickAndWait, control, e2eSuite, fill, islandsHydrated, pathOf, screenshot } from './support';

/** Signs in through the /login form. */
async function signIn(page: Page, url: string, loginId = 'reti') {
  await page.goto(`${url}/login`);
  await fill(page, 'User ID', loginId, 'main form');
  await fill(page, 'Password', DEMO_PASSWORD, 'main form');
  await clickAndWait(page, await control(page, 'Login', 'main form'));
}

/** What has keyboard focus: its accessible name (or text) and the id of the table row around it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return {
      tag: e?.tagName.toLowerCase(),
      name: e?.getAttribute('aria-label') ?? e?.innerText.trim(),
      row: e?.closest('tr')?.id || undefined,
    };
  });

/**
 * Where a message is, as the person sees it: its vertical distance from the row it is about (0 when
 * it is inside the row's box), whether a live region announces it, and the role it has.
 */
async function messageBeside(page: Page, text: string, rowSelector: string) {
  await page.waitForFunction(
    (t) => [...document.querySelectorAll('main p')].some((p) => p.textContent === t),
    {},
    text,
  );
  return page.evaluate(
    (t, rowSel) => {
      const message = [...document.querySelectorAll<HTMLElement>('main p')].find((p) => p.textContent === t)!;
      const row = document.querySelector(rowSel)!.getBoundingClientRect();
      const box = message.getBoundingClientRect();
      return {
        distance: Math.max(0, box.top - row.bottom, row.top - box.bottom),
        live: message.closest('[aria-live]') !== null || ['status', 'alert'].includes(message.role ?? ''),
        role: message.getAttribute('role') ?? message.closest('[aria-live]')?.getAttribute('aria-live'),
        // Nothing about a row is also said at the top of the table, 700 px away.
        atTop: document.querySelector('.access-outcome')?.textContent ?? '',
      };
    },
    text,
    rowSelector,
  );
}

/** Waits until the island has fetched its rows again after a change. */
const reloaded = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('.access-loading, table[aria-busy="true"]'));

/** Presses Tab until the focused element has this accessible name (at most `limit` times). */
async function tabTo(page: Page, name: string, limit = 40) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).name === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

/** WCAG contrast ratios of the focus indicator of what has focus, against the colours next to it. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    type Rgb = [number, number, number, number];
    const parse = (c: string): Rgb => {
      const n = c.match(/[\d.]+/g)!.map(Number);
      return [n[0], n[1], n[2], n[3] ?? 1];
    };
    const luminance = ([r, g, b]: Rgb) => {
      const lin = (v: number) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: Rgb, b: Rgb) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
    };
    /** The first opaque background at or above the element. */
    const backgroundOf = (start: Element | null): Rgb => {
      for (let e = start; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] === 1) return c;
      }
      return [255, 255, 255, 1];
    };
    const e = document.activeElement!;
    const style = getComputedStyle(e);
    const outline = parse(style.outlineColor);
    // An inner ring drawn by box-shadow fills the gap between the control and its outline.
    const shadow = /^(rgba?\([^)]*\)) 0px 0px 0px (\d+)px/.exec(style.boxShadow);
    const own = parse(style.backgroundColor);
    const around = backgroundOf(e.parentElement);
    const inner = shadow ? parse(shadow[1]) : around;
    return {
      outline: style.outlineColor,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      innerRing: shadow?.[1],
      /** The outline against the page behind it. */
      outlineVsBackground: ratio(outline, around),
      /** The outline against the ring (or the page) inside it. */
      outlineVsInner: ratio(outline, inner),
      /** What surrounds the control against the control's own colour, when it has one. */
      innerVsControl: own[3] === 1 ? ratio(inner, own) : undefined,
    };
  });

describe('feedback where the person is (issue 8 items 16 and 20)', () => {
  const suite = e2eSuite();

  async function openStaffPage(path: string) {
    const opened = await suite.open();
    await signIn(opened.page, suite.url);
    await opened.page.goto(`${suite.url}${path}`);
    await islandsHydrated(opened.page);
    return opened;
  }

  const actionId = (name: string) => actionIdNamed(suite.t.database, name);

  /** Adds an action through the API, as another staff member would. */
  async function addAction(name: string, route: string) {
    const agent = request.agent(suite.t.app);
    await agent.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD });
    const token = csrfFrom((await agent.get('/reti/actions')).text);
    const res = await agent.post('/api/actions').set('X-CSRF-Token', token).send({
      name,
      category: 'Zz Tests',
      route,
      method: 'GET',
      description: 'A test action.',
      isActive: true,
    });
    expect(res.status).toBe(201);
    return (res.body as { id: string }).id;
  }

  describe('Actions Management', () => {
    it('toggling with the keyboard keeps focus on the toggle and says the outcome under the row', async () => {
      const id = await addAction('Get Zz Reports', '/api/zz-reports');
      const { page } = await openStaffPage('/reti/actions');
      const row = `#action-${id}`;
      // The row is far below the top of the table: a message up there would be out of sight.
      const { top } = await page.$eval(row, (tr) => tr.getBoundingClientRect().toJSON() as DOMRect);
      const tableTop = await page.$eval('.access-table', (t) => t.getBoundingClientRect().top);
      expect(top - tableTop).toBeGreaterThan(700);

      await (await control(page, 'Deactivate Get Zz Reports')).focus();
      await page.keyboard.press('Enter');
      const off = await messageBeside(page, 'Get Zz Reports is now inactive.', row);
      await reloaded(page);
      expect(off).toMatchObject({ live: true, atTop: '' });
      expect(off.distance).toBeLessThan(150);
      expect(await focused(page)).toEqual({
        tag: 'button',
        name: 'Activate Get Zz Reports',
        row: `action-${id}`,
      });
      expect(await page.$eval(row, (tr) => tr.textContent)).toContain('Inactive');
      await screenshot(page, 'feedback-actions-toggled', { fullPage: false });

      // Again with the space bar: the same control, the new outcome, still in place.
      await page.keyboard.press(' ');
      const on = await messageBeside(page, 'Get Zz Reports is now active.', row);
      await reloaded(page);
      expect(on.distance).toBeLessThan(150);
      expect(await focused(page)).toEqual({
        tag: 'button',
        name: 'Deactivate Get Zz Reports',
        row: `action-${id}`,
      });
      expect(
        await page.$$eval('main p', (ps) => ps.filter((p) => p.textContent?.startsWith('Get Zz')).length),
      ).toBe(1);
    });

    it('keeps focus on a toggle that changes from a confirming link to a form button', async () => {
      const id = await actionId('Contact Sales');
      const { page } = await openStaffPage('/reti/actions');
      const row = `#action-${id}`;
      page.on('dialog', (dialog) => void dialog.accept());
      await (await control(page, 'Deactivate Contact Sales')).focus();
      expect((await focused(page)).tag).toBe('a');
      await page.keyboard.press('Enter');
      const off = await messageBeside(page, 'Contact Sales is now inactive.', row);
      await reloaded(page);
      expect(off.distance).toBeLessThan(150);
      // The link is now a form's button: a new element, and focus was moved onto it.
      expect(await focused(page)).toEqual({
        tag: 'button',
        name: 'Activate Contact Sales',
        row: `action-${id}`,
      });
      await page.keyboard.press('Enter');
      await messageBeside(page, 'Contact Sales is now active.', row);
      await reloaded(page);
      expect(await focused(page)).toEqual({
        tag: 'a',
        name: 'Deactivate Contact Sales',
        row: `action-${id}`,
      });
    });

    it('saving an edited action says so under its row and brings focus back to its Edit button', async () => {
      const id = await addAction('Get Zz Invoices', '/api/zz-invoices');
      const { page } = await openStaffPage('/reti/actions');
      const row = `#action-${id}`;
      await (await control(page, 'Edit Get Zz Invoices')).focus();
      await page.keyboard.press('Enter');
      await page.waitForSelector('#action-form');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
      await page.keyboard.press('End');
      await page.keyboard.type(' v2');
      await tabTo(page, 'Save Changes');
      await page.keyboard.press('Enter');
      const saved = await messageBeside(page, 'Action updated: Get Zz Invoices v2.', row);
      await reloaded(page);
      expect(saved).toMatchObject({ live: true, atTop: '' });
      expect(saved.distance).toBeLessThan(150);
      expect(await focused(page)).toEqual({ tag: 'a', name: 'Edit Get Zz Invoices v2', row: `action-${id}` });
      await screenshot(page, 'feedback-actions-saved', { fullPage: false });
    });

    it('deleting says so where the row was and puts focus on that message', async () => {
      const id = await addAction('Get Zz Old', '/api/zz-old');
      const { page } = await openStaffPage('/reti/actions');
      const before = await page.$eval(`#action-${id}`, (tr) => {
        const prev = tr.previousElementSibling!;
        return { prev: prev.id, index: [...tr.parentElement!.children].indexOf(tr) };
      });
      page.on('dialog', (dialog) => void dialog.accept());
      await (await control(page, 'Delete Get Zz Old')).focus();
      await page.keyboard.press('Enter');
      const deleted = await messageBeside(page, 'Action deleted: Get Zz Old.', `#${before.prev}`);
      await reloaded(page);
      expect(await page.$(`#action-${id}`)).toBeNull();
      expect(deleted).toMatchObject({ live: true, atTop: '' });
      expect(deleted.distance).toBeLessThan(150);
      // The message takes the row's place in the table, and has focus (so Tab goes on from there).
      const at = await page.evaluate(() => {
        const e = document.activeElement!;
        const tr = e.closest('tr')!;
        return { text: e.textContent, index: [...tr.parentElement!.children].indexOf(tr) };
      });
      expect(at).toEqual({ text: 'Action deleted: Get Zz Old.', index: before.index });
      await screenshot(page, 'feedback-actions-deleted', { fullPage: false });
    });
  });

  describe('Role Management', () => {
    it('Edit leads Tab into the row; Save says so beside the row and keeps focus in it', async () => {
      const id = await actionId('Delete Firm');
      const row = `#permission-${id}`;
      const { page } = await openStaffPage('/reti/role-management');
      await (await control(page, 'Edit Delete Firm')).focus();
      await page.keyboard.press('Enter');
      // Focus moves to the row's first checkbox, now enabled; Tab goes on through the row's checkboxes.
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement).type === 'checkbox');
      expect(await focused(page)).toEqual({
        tag: 'input',
        name: 'User Read for Delete Firm',
        row: `permission-${id}`,
      });
      await page.keyboard.press('Tab');
      expect(await focused(page)).toEqual({
        tag: 'input',
        name: 'User Write for Delete Firm',
        row: `permission-${id}`,
      });
      await page.keyboard.press(' ');
      expect(
        await page.$eval(
          'input[aria-label="User Write for Delete Firm"]',
          (e) => (e as HTMLInputElement).checked,
        ),
      ).toBe(true);
      await screenshot(page, 'feedback-roles-editing', { fullPage: false });

      await tabTo(page, 'Save Delete Firm');
      await page.keyboard.press('Enter');
      const saved = await messageBeside(page, 'Permissions saved for Delete Firm.', row);
      await reloaded(page);
      expect(saved).toMatchObject({ live: true, atTop: '' });
      expect(saved.distance).toBeLessThan(150);
      // Save is off once the row is read-only again: focus goes to the row's Edit, not to <body>.
      expect(await focused(page)).toEqual({ tag: 'a', name: 'Edit Delete Firm', row: `permission-${id}` });
      await screenshot(page, 'feedback-roles-saved', { fullPage: false });
    });

    it('a save that fails is said beside the row, which stays in edit mode, and focus stays on Save', async () => {
      const id = await actionId('Update Firm');
      const row = `#permission-${id}`;
      const { page } = await openStaffPage('/reti/role-management');
      await (await control(page, 'Edit Update Firm')).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement).type === 'checkbox');
      await page.keyboard.press(' ');
      await tabTo(page, 'Save Update Firm');
      // The connection drops: the request never gets an answer.
      await page.setOfflineMode(true);
      await page.keyboard.press('Enter');
      const failed = await messageBeside(
        page,
        'Update Firm was not saved. The server could not be reached. Check your connection and try again.',
        row,
      );
      expect(failed).toMatchObject({ role: 'alert', atTop: '' });
      expect(failed.distance).toBeLessThan(150);
      expect(await focused(page)).toEqual({
        tag: 'button',
        name: 'Save Update Firm',
        row: `permission-${id}`,
      });
      expect(
        await page.$eval('input[aria-label="User Read for Update Firm"]', (e) => {
          const box = e as HTMLInputElement;
          return { checked: box.checked, disabled: box.disabled };
        }),
      ).toEqual({ checked: true, disabled: false });
      await screenshot(page, 'feedback-roles-failed', { fullPage: false });

      // Back online, Enter again on the same Save.
      await page.setOfflineMode(false);
      await page.keyboard.press('Enter');
      await messageBeside(page, 'Permissions saved for Update Firm.', row);
      await reloaded(page);
      expect(await focused(page)).toEqual({ tag: 'a', name: 'Edit Update Firm', row: `permission-${id}` });
    });
  });

  it('the focus ring contrasts at least 3:1 with the page and with the primary buttons (WCAG 1.4.11)', async () => {
    const { page } = await openStaffPage('/reti/actions');
    const rings: Record<string, Awaited<ReturnType<typeof focusRing>>> = {};
    // A primary (blue) button, reached with Tab.
    await tabTo(page, '+ Add New Action');
    rings.primary = await focusRing(page);
    // An icon button inside the white table (after every row above it: the catalog grows with the product).
    await tabTo(page, 'Edit Get All Firms', 400);
    rings.icon = await focusRing(page);
    await screenshot(page, 'feedback-focus-ring', { fullPage: false });
    // A text field of the form.
    await page.keyboard.press('Enter');
    await page.waitForSelector('#action-form');
    rings.field = await focusRing(page);
    // A link on the grey page background.
    const home = await openStaffPage('/reti/dashboard');
    await tabTo(home.page, 'Skip to main content', 3).catch(() => undefined);
    await tabTo(home.page, 'Role Management');
    rings.link = await focusRing(home.page);
    console.log(`focus ring contrast: ${JSON.stringify(rings, null, 1)}`);

    for (const ring of Object.values(rings)) {
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(ring.outlineVsBackground).toBeGreaterThanOrEqual(3);
      expect(ring.outlineVsInner).toBeGreaterThanOrEqual(3);
    }
    // On the blue button the ring must stand apart from the button's own colour too.
    expect(rings.primary.innerVsControl).toBeGreaterThanOrEqual(3);
  });

  it("a signed-in person on '/' reaches their dashboard from the hero", async () => {
    const { page } = await suite.open();
    await signIn(page, suite.url, 'admin');
    await page.goto(`${suite.url}/`);
    expect(await page.$('.site-header')).toBeNull();
    await tabTo(page, 'Go to your dashboard', 10);
    expect(await page.evaluate(() => document.activeElement!.closest('.hero') !== null)).toBe(true);
    await screenshot(page, 'feedback-home-signed-in', { fullPage: false });
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(pathOf(page)).toBe('/admin/dashboard');

    // Someone anonymous, after that, gets the page without it.
    const anonymous = await suite.open();
    await anonymous.page.goto(`${suite.url}/`);
    expect(await anonymous.page.$$eval('a', (as) => as.map((a) => a.textContent))).not.toContain(
      'Go to your dashboard',
    );
  });
});
