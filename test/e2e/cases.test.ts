import type { Page } from 'puppeteer';
import { type CaseRecord, refusedMoveMessage } from '../../src/shared/cases';
import { formatDate } from '../../src/shared/dates';
import { DEMO_PASSWORD, signIn } from '../helpers/app';
import {
  clickAndWait,
  control,
  e2eSuite,
  field,
  fill,
  islandsHydrated,
  pathOf,
  screenshot,
  textOf,
  valueOf,
} from './support';

describe('Cases in the browser', () => {
  const suite = e2eSuite();

  /** Signed in through the /login form, on `path`. */
  async function signedIn(loginId: string, path: string, javaScript = true): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.goto(`${suite.url}/login?next=${encodeURIComponent(path)}`);
    await fill(page, 'User ID', loginId, 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe(path);
    return page;
  }

  const flash = (page: Page) => textOf(page, 'main .flash');

  /** A case made through the API by the administrator. */
  async function newCase(fields: Record<string, unknown>): Promise<CaseRecord> {
    const admin = await signIn(suite.t.app, 'admin');
    const res = await admin.agent
      .post('/api/cases')
      .set('X-CSRF-Token', admin.token)
      .send({ caseType: 'visa', formType: 'I-485', dueDate: '2027-01-15', ...fields });
    expect(res.status).toBe(201);
    return res.body as CaseRecord;
  }

  /** New Case through its form: refused once (the message beside the field), then created; on its page. */
  async function createThroughForm(page: Page, client: string, receipt: string): Promise<string> {
    await clickAndWait(page, await control(page, 'New Case', 'main'));
    expect(await textOf(page, 'main h1')).toBe('New Case');
    await fill(page, 'Client Name', client, 'main form');
    await page.select('#case-caseType', 'family');
    await page.select('#case-formType', 'I-130');
    await fill(page, 'Receipt Number', 'IOE12', 'main form');
    await fill(page, 'Legal Fee', '2,400', 'main form');
    const refused = await clickAndWait(page, await control(page, 'Create Case', 'main form'));
    expect(refused?.status()).toBe(422);
    expect(await textOf(page, '#case-receiptNumber-error')).toBe(
      'Receipt number must be three letters and ten digits, such as IOE0912345678',
    );
    expect(await valueOf(page, 'Client Name', 'main form')).toBe(client);
    await fill(page, 'Receipt Number', receipt, 'main form');
    await clickAndWait(page, await control(page, 'Create Case', 'main form'));

    expect(pathOf(page)).toMatch(/^\/user\/cases\/[0-9a-f-]{36}$/);
    const number = (await textOf(page, 'main h1')).replace('Case ', '');
    expect(await flash(page)).toBe(`Case ${number} was created for ${client}.`);
    expect(await textOf(page, 'main .details')).toContain('Legal Fee $2,400.00');
    return number;
  }

  /**
   * From processing USCIS decides: Process offers the decision among the next steps, which asks for
   * confirmation and the date USCIS decided, then comes back to the list; an approved case has no Process.
   */
  async function decide(page: Page, number: string) {
    const list = pathOf(page);
    await page.select(`select[aria-label="Next step for ${number}"]`, 'approved');
    await clickAndWait(page, await control(page, `Process ${number}`, 'table'));
    expect(pathOf(page)).toMatch(/^\/user\/cases\/[0-9a-f-]{36}\/decide\?to=approved&back=/);
    expect(await textOf(page, 'main h1')).toBe('Record Approval');
    // Today in the firm's time zone, offered and the latest allowed.
    const date = await field(page, 'Date USCIS decided', 'main form');
    const today = await date.evaluate((e) => e.max);
    expect([await date.evaluate((e) => e.value), today]).toEqual([
      today,
      expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
    ]);
    await screenshot(page, 'case-decide');
    await clickAndWait(page, await control(page, 'Record approval', 'main form'));
    expect(pathOf(page)).toBe(list);
    expect(await flash(page)).toBe(`Case ${number} is now approved.`);
    expect(await page.$(`[aria-label="Process ${number}"]`)).toBeNull();
    await clickAndWait(page, await control(page, number, 'table'));
    expect(await textOf(page, '#moves')).toContain('An approved case is final');
    expect(await textOf(page, 'main .details')).toContain(`Decided On ${formatDate(today)}`);
  }

  it('without JavaScript: New Case, its page, then Process from the list and a decision on its page', async () => {
    const client = 'Tomás Ferreira';
    const page = await signedIn('attorney', '/user/cases', false);
    const number = await createThroughForm(page, client, 'IOE0912345602');
    await screenshot(page, 'case-created-nojs');

    await clickAndWait(page, await control(page, '← Back to Cases', 'main'));
    await fill(page, 'Search', client, 'main form[role="search"]');
    await clickAndWait(page, await control(page, 'Search', 'main form[role="search"]'));
    expect(await textOf(page, 'table tbody')).toContain(`${number} ${client} I-130 Pending`);
    await clickAndWait(page, await control(page, `Process ${number}`, 'table'));
    expect(await flash(page)).toBe(`Case ${number} is now processing.`);
    expect(pathOf(page)).toContain('/user/cases?');
    expect(await textOf(page, 'table tbody')).toContain(`${number} ${client} I-130 Processing`);
    await decide(page, number);
  });

  it('with JavaScript: the list searches, sorts and processes in place, without a reload', async () => {
    const client = 'Leilani Kahale';
    const page = await signedIn('attorney', '/user/cases', true);
    const number = await createThroughForm(page, client, 'IOE0912345601');
    await clickAndWait(page, await control(page, '← Back to Cases', 'main'));
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await (await field(page, 'Search', 'main form[role="search"]')).focus();
    await islandsHydrated(page);

    await fill(page, 'Search', client, 'main form[role="search"]');
    // The list is the newest first: the new case is on it before the search, and alone on it after.
    await page.waitForFunction(() => new URLSearchParams(location.search).has('q'));
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    expect(pathOf(page)).toBe(`/user/cases?q=${encodeURIComponent(client).replace(/%20/g, '+')}`);
    expect(await textOf(page, 'table tbody')).toBe(
      `${number} ${client} I-130 Pending None Edit Start processing Put on hold Process`,
    );

    await (await control(page, `Process ${number}`, 'table')).click();
    await page.waitForFunction(() =>
      document.querySelector('.cases-messages')?.textContent?.includes('is now processing'),
    );
    expect(await textOf(page, '.cases-messages')).toBe(`Case ${number} is now processing.`);
    expect(await textOf(page, 'table tbody')).toContain(`${number} ${client} I-130 Processing`);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `Process ${number}`,
    );
    expect(
      await suite.t.database.db
        .selectFrom('cases')
        .select('status')
        .where('case_number', '=', number)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'processing' });

    // A column's order, and the export of the list as it is now.
    await page.click('table thead a[href="/user/cases?q=Leilani+Kahale&sort=client"]');
    await page.waitForFunction(() => location.search.includes('sort=client'));
    expect(await page.$eval('th[aria-sort]', (th) => th.textContent)).toBe('Client▲');
    expect(await (await control(page, 'Export Data', 'main')).evaluate((a) => a.getAttribute('href'))).toBe(
      '/user/cases/export?q=Leilani+Kahale&sort=client',
    );

    // A row gone stale (someone moved the case meanwhile): Process is refused and says why, in place.
    const stale = await newCase({ clientName: client, caseType: 'family', formType: 'I-130' });
    await page.click('table thead a[href="/user/cases?q=Leilani+Kahale&sort=-client"]');
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 2);
    const admin = await signIn(suite.t.app, 'admin');
    await admin.agent
      .patch(`/api/cases/${stale.id}`)
      .set('X-CSRF-Token', admin.token)
      .send({ status: 'processing' });
    await admin.agent
      .patch(`/api/cases/${stale.id}`)
      .set('X-CSRF-Token', admin.token)
      .send({ status: 'approved' });
    await (await control(page, `Process ${stale.caseNumber}`, 'table')).click();
    await page.waitForFunction(() =>
      document.querySelector('.cases-messages')?.textContent?.includes('cannot be moved'),
    );
    expect(await textOf(page, '.cases-messages')).toBe(refusedMoveMessage('approved', 'processing'));
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await screenshot(page, 'cases-in-place');

    await decide(page, number);
  });

  it('no case or client page scrolls sideways on a phone', async () => {
    const record = await newCase({
      clientName: 'Axel Checkwell',
      description: 'For the phone checks',
    });
    const user = await signedIn('attorney', '/user/dashboard', false);
    await user.setViewport({ width: 360, height: 740 });
    for (const path of ['/user/cases', `/user/cases/${record.id}`, `/user/clients/${record.client.id}`]) {
      await user.goto(`${suite.url}${path}`);
      const width = await user.evaluate(() => document.documentElement.scrollWidth);
      expect([path, width]).toEqual([path, 360]);
    }
    await screenshot(user, 'user-client-phone');
  });
});
