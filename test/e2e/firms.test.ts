import type { Page } from 'puppeteer';
import request from 'supertest';
import { DEMO_PASSWORD } from '../helpers/app';
import { clickAndWait, control, e2eSuite, fill, pathOf, screenshot, textOf, valueOf } from './support';

const DEMO_FIRM = 'Demo Immigration Law';

describe('the staff dashboard and firm pages in the browser', () => {
  const suite = e2eSuite();

  /** Signs in as platform staff through the sign-in page, which works with or without JavaScript. */
  async function signIn(javaScript: boolean): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.goto(`${suite.url}/login?next=${encodeURIComponent('/reti/dashboard')}`);
    await fill(page, 'User ID', 'reti', 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe('/reti/dashboard');
    return page;
  }

  const demoFirmId = async () =>
    (
      await suite.t.database.db
        .selectFrom('firms')
        .select('id')
        .where('name', '=', DEMO_FIRM)
        .executeTakeFirstOrThrow()
    ).id;

  /** Turns Delete Firm on or off through the API as platform staff, as Actions Management does. */
  async function setDeleteFirmActive(isActive: boolean) {
    const agent = request.agent(suite.t.app);
    await agent.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD }).expect(200);
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(
      (await agent.get('/reti/dashboard')).text,
    )![1];
    const actions = (await agent.get('/api/actions')).body as Array<{ id: string; name: string }>;
    const action = actions.find((a) => a.name === 'Delete Firm')!;
    await agent.patch(`/api/actions/${action.id}`).set('X-CSRF-Token', token).send({ isActive }).expect(200);
  }

  describe.each([
    ['with JavaScript', true, 'js'],
    ['without JavaScript', false, 'nojs'],
  ])('%s', (_mode, javaScript, tag) => {
    it('the dashboard counts the firms and lists the demo firm with its icons', async () => {
      const page = await signIn(javaScript);
      const stats = await page.$$eval('.stat-card', (cards) =>
        cards.map((c) => (c as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
      );
      const firms = await suite.t.database.db.selectFrom('firms').select('status').execute();
      expect(stats).toEqual([
        `Total Firms ${firms.length}`,
        `Active Firms ${firms.filter((f) => f.status === 'active').length}`,
        `Pending Firms ${firms.filter((f) => f.status === 'pending').length}`,
      ]);
      const headers = await page.$$eval('table thead th', (ths) => ths.map((th) => th.textContent));
      expect(headers).toEqual([
        'Firm Name',
        'Contact Person',
        'Role',
        'Email',
        'Phone',
        'Status',
        'Onboard Date',
        'Actions',
      ]);
      expect(await textOf(page, 'table caption')).toBe('Firms');
      const row = await textOf(page, 'table tbody tr');
      expect(row).toContain(`${DEMO_FIRM} Alex Morgan Managing Partner office@demo-immigration-law.example`);
      for (const name of [`Edit ${DEMO_FIRM}`, `View ${DEMO_FIRM}`, `Delete ${DEMO_FIRM}`])
        await control(page, name, 'table');
      expect(
        await (await control(page, 'Add New Firm', 'main')).evaluate((a) => a.getAttribute('href')),
      ).toBe('/reti/firm-onboard');
      await screenshot(page, `reti-dashboard-${tag}`);
    });

    it('views the demo firm, edits its phone and sees the new phone on the firm page', async () => {
      const id = await demoFirmId();
      const phone = javaScript ? '+1 (555) 321-0001' : '+1 (555) 321-0002';
      const page = await signIn(javaScript);

      await clickAndWait(page, await control(page, `View ${DEMO_FIRM}`, 'table'));
      expect(pathOf(page)).toBe(`/reti/firms/${id}`);
      expect(await textOf(page, 'h1')).toBe(DEMO_FIRM);
      expect(await textOf(page, '.details')).toContain('Contact Role Managing Partner');
      expect(await textOf(page, '.details')).toContain('Address 100 Liberty Street, New York, NY 10005');
      const users = await page.$$eval('table tbody th', (ths) => ths.map((th) => th.textContent).sort());
      // The demo firm's 42 users (its practice), every one listed.
      const stored = await suite.t.database.db
        .selectFrom('users')
        .select('login_id')
        .where('firm_id', '=', id)
        // Its clients' portal sign-ins are not staff's to see (issue 23).
        .where('role', '<>', 'client')
        .execute();
      expect(users).toEqual(stored.map((u) => u.login_id).sort());
      expect(users).toEqual(expect.arrayContaining(['admin', 'attorney']));
      await screenshot(page, `firm-page-${tag}`);

      await clickAndWait(page, await control(page, 'Edit Firm', 'main'));
      expect(pathOf(page)).toBe(`/reti/firms/${id}/edit`);
      expect(await valueOf(page, 'Firm Name', 'main form')).toBe(DEMO_FIRM);

      await fill(page, 'Phone', 'call me', 'main form');
      const refused = await clickAndWait(page, await control(page, 'Save Changes', 'main form'));
      expect(refused?.status()).toBe(422);
      expect(await textOf(page, '#phone-error')).toBe('Enter a valid phone number');
      expect(await valueOf(page, 'Phone', 'main form')).toBe('call me');
      await screenshot(page, `firm-edit-invalid-${tag}`);

      await fill(page, 'Phone', phone, 'main form');
      await clickAndWait(page, await control(page, 'Save Changes', 'main form'));
      expect(pathOf(page)).toBe(`/reti/firms/${id}`);
      expect(await textOf(page, '.flash')).toBe('Firm updated.');
      expect(await textOf(page, '.details')).toContain(`Phone ${phone}`);
      await screenshot(page, `firm-updated-${tag}`);
    });

    it('shows Delete disabled with the reason while Delete Firm is off, asks before deleting, and deletes once it is on', async () => {
      const name = `Throwaway ${tag} LLP`;
      const { id } = await suite.t.database.db
        .insertInto('firms')
        .values({
          name,
          contact_person: 'Terry Short',
          contact_role: 'Partner',
          email: `${tag}@throwaway.example`,
          phone: '555 010 9999',
          status: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const page = await signIn(javaScript);

      await clickAndWait(page, await control(page, `Delete ${name}`, 'table'));
      expect(pathOf(page)).toBe(`/reti/firms/${id}/delete`);
      const question = `Are you sure you want to delete ${name}? Its users will be removed too.`;
      expect(await textOf(page, 'main')).toContain(question);

      // Disabled, with the reason said, and the way to Actions Management: no button that fails.
      expect(await textOf(page, 'main [role=alert]')).toBe('This action is disabled: Delete Firm.');
      expect(
        await (await control(page, 'Delete', 'main form')).evaluate((b) => (b as HTMLButtonElement).disabled),
      ).toBe(true);
      await control(page, 'Turn it on in Actions Management', 'main');
      await screenshot(page, `firm-delete-disabled-${tag}`);

      await setDeleteFirmActive(true);
      try {
        await page.reload();
        expect(await page.$('main [role=alert]')).toBeNull();
        await clickAndWait(page, await control(page, 'Delete', 'main form'));
        expect(pathOf(page)).toBe('/reti/dashboard');
        expect(await textOf(page, '.flash')).toBe(`${name} was deleted.`);
        expect(await textOf(page, 'table')).not.toContain(name);
      } finally {
        await setDeleteFirmActive(false);
      }
    });
  });

  it('Cancel on the confirmation goes back to the dashboard and deletes nothing', async () => {
    const page = await signIn(true);
    await clickAndWait(page, await control(page, `Delete ${DEMO_FIRM}`, 'table'));
    await clickAndWait(page, await control(page, 'Cancel', 'main'));
    expect(pathOf(page)).toBe('/reti/dashboard');
    expect(await textOf(page, 'table')).toContain(DEMO_FIRM);
  });

  it('on a 360 px phone the dashboard does not scroll sideways; the table scrolls in its own box', async () => {
    const page = await signIn(true);
    await page.setViewport({ width: 360, height: 740 });
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    await screenshot(page, 'reti-dashboard-phone');
  });

  // Last: the firms added here push the demo firm off the first page.
  it('pages a long firms table with links that work without JavaScript', async () => {
    await suite.t.database.db
      .insertInto('firms')
      .values(
        Array.from({ length: 45 }, (_, i) => ({
          name: `Paged Firm ${String(i).padStart(2, '0')}`,
          contact_person: 'Pat Page',
          contact_role: 'Partner',
          email: `paged${i}@firms.example`,
          phone: '555 010 0000',
          status: 'inactive' as const,
        })),
      )
      .execute();
    const total = (await suite.t.database.db.selectFrom('firms').select('id').execute()).length;
    const page = await signIn(false);
    expect(await textOf(page, '.list-summary')).toBe(`Showing 1–20 of ${total} firms`);
    expect(await page.$$eval('table tbody tr', (rows) => rows.length)).toBe(20);
    await screenshot(page, 'reti-dashboard-paged');

    await clickAndWait(page, await control(page, 'Page 2', '.pagination'));
    expect(pathOf(page)).toBe('/reti/dashboard?page=2');
    expect(await textOf(page, '.list-summary')).toBe(`Showing 21–40 of ${total} firms`);
    expect(await page.$eval('.pagination [aria-current="page"]', (a) => a.textContent)).toBe('2');

    await clickAndWait(page, await control(page, 'Next', '.pagination'));
    expect(await textOf(page, '.list-summary')).toBe(`Showing 41–${total} of ${total} firms`);
    expect(await textOf(page, 'table')).toContain(DEMO_FIRM);
  });
});
