import type { Page } from 'puppeteer';
import type { CaseRecord } from '../../src/shared/cases';
import { DEMO_PASSWORD, signIn } from '../helpers/app';
import {
  axeViolations,
  clickAndWait,
  control,
  e2eSuite,
  fill,
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

  it.each([
    ['off', false],
    ['on', true],
  ])(
    'with JavaScript %s: New Case, its page, then Process from the list and a decision on its page',
    async (_, javaScript) => {
      const client = javaScript ? 'Leilani Kahale' : 'Tomás Ferreira';
      const page = await signedIn('attorney', '/user/cases', javaScript);
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
      await fill(page, 'Receipt Number', javaScript ? 'IOE0912345601' : 'IOE0912345602', 'main form');
      await clickAndWait(page, await control(page, 'Create Case', 'main form'));

      expect(pathOf(page)).toMatch(/^\/user\/cases\/[0-9a-f-]{36}$/);
      const number = (await textOf(page, 'main h1')).replace('Case ', '');
      expect(await flash(page)).toBe(`Case ${number} was created for ${client}.`);
      expect(await textOf(page, 'main .details')).toContain('Legal Fee $2,400.00');
      await screenshot(page, `case-created-js-${javaScript}`);

      await clickAndWait(page, await control(page, '← Back to Cases', 'main'));
      await fill(page, 'Search', client, 'main form[role="search"]');
      await clickAndWait(page, await control(page, 'Search', 'main form[role="search"]'));
      expect(await textOf(page, 'table tbody')).toContain(`${number} ${client} I-130 Pending`);
      await clickAndWait(page, await control(page, `Process ${number}`, 'table'));
      expect(await flash(page)).toBe(`Case ${number} is now processing.`);
      expect(pathOf(page)).toContain('/user/cases?');
      expect(await textOf(page, 'table tbody')).toContain(`${number} ${client} I-130 Processing`);

      // From processing USCIS decides: Process leads to the case's moves.
      await clickAndWait(page, await control(page, `Process ${number}`, 'table'));
      expect(pathOf(page)).toMatch(/#moves$/);
      await clickAndWait(page, await control(page, 'Record approval', '#moves'));
      expect(await flash(page)).toBe(`Case ${number} is now approved.`);
      expect(await textOf(page, '#moves')).toContain('An approved case is final');
    },
  );

  /** Pages as served without JavaScript: the product's scripts refused, axe put in by the test. */
  async function pageForAxe(loginId: string, path: string): Promise<Page> {
    const page = await signedIn(loginId, path);
    await page.setRequestInterception(true);
    page.on('request', (r) => void (r.resourceType() === 'script' ? r.abort() : r.continue()));
    return page;
  }

  it('has no axe violations on any case or client page, and none scrolls sideways on a phone', async () => {
    const record = await newCase({
      clientName: 'Axel Checkwell',
      description: 'For the accessibility checks',
    });
    const admin = await pageForAxe('admin', '/admin/cases');
    const check = async (page: Page, path: string, shot: string) => {
      if (path) await page.goto(`${suite.url}${path}`);
      expect([shot, await axeViolations(page)]).toEqual([shot, []]);
      await screenshot(page, shot);
    };
    await check(admin, '', 'admin-cases');
    await fill(admin, 'Client Name', '  ', '#create-case form');
    await admin.select('#create-caseType', 'visa');
    await admin.select('#create-formType', 'I-485');
    await clickAndWait(admin, await control(admin, 'Create Case', '#create-case form'));
    expect(await textOf(admin, '#create-clientName-error')).toBe('Client name is required');
    await check(admin, '', 'admin-cases-refused');
    await check(admin, `/admin/cases/${record.id}`, 'admin-case');
    await check(admin, `/admin/cases/${record.id}/delete`, 'admin-case-delete');
    await check(admin, `/admin/clients/${record.client.id}`, 'admin-client');
    await check(admin, `/admin/clients/${record.client.id}/delete`, 'admin-client-delete');

    const user = await pageForAxe('attorney', '/user/dashboard');
    await check(user, '', 'user-dashboard');
    await check(user, '/user/cases', 'user-cases');
    await check(user, '/user/cases/new', 'user-case-new');
    await check(user, `/user/cases/${record.id}/edit`, 'user-case-edit');

    await user.setViewport({ width: 360, height: 740 });
    for (const path of ['/user/cases', `/user/cases/${record.id}`, `/user/clients/${record.client.id}`]) {
      await user.goto(`${suite.url}${path}`);
      const width = await user.evaluate(() => document.documentElement.scrollWidth);
      expect([path, width]).toEqual([path, 360]);
    }
    await screenshot(user, 'user-client-phone');
  }, 150_000);
});
