import type { Page } from 'puppeteer';
import type { CaseRecord } from '../../src/shared/cases';
import { DEMO_PASSWORD, signIn } from '../helpers/app';
import { chooseCase, clickAndWait, control, e2eSuite, fill, pathOf, screenshot, textOf } from './support';

const RFE_FACTS = { noticeType: 'RFE', noticeDate: '2026-11-02', responsePeriodDays: 84, servedByMail: true };

describe('AI Tools in the browser', () => {
  const suite = e2eSuite();

  /** Signed in as the attorney, at `at`. */
  async function signedIn(at: string, javaScript: boolean): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.goto(`${suite.url}/login?next=${encodeURIComponent(at)}`);
    await fill(page, 'User ID', 'attorney', 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe(at);
    return page;
  }

  /** A case of its own, with an RFE's facts entered through the API. */
  async function newCase(clientName: string): Promise<CaseRecord> {
    const admin = await signIn(suite.t.app, 'admin');
    const res = await admin.agent
      .post('/api/cases')
      .set('X-CSRF-Token', admin.token)
      .send({ clientName, caseType: 'family', formType: 'I-130' });
    expect(res.status).toBe(201);
    const facts = await admin.agent
      .put(`/api/cases/${res.body.id}/facts`)
      .set('X-CSRF-Token', admin.token)
      .send(RFE_FACTS);
    expect(facts.status).toBe(200);
    return res.body as CaseRecord;
  }

  /** Sets a field's value as a person picking it would (date inputs and selects alike), by its element ID. */
  const setValue = (page: Page, id: string, value: string) =>
    page.$eval(`#${id}`, (e, v) => ((e as HTMLInputElement).value = v), value);

  for (const javaScript of [false, true]) {
    const mode = javaScript ? 'with JavaScript' : 'without JavaScript';

    it(`${mode}: the four cards lead to the Deadline Tracker, a case's deadlines and the calendar`, async () => {
      const kase = await newCase(`Layla Haddad ${mode}`);
      const page = await signedIn('/user/ai', javaScript);
      expect(await textOf(page, 'main h1')).toBe('AI Tools');
      expect(await page.$$eval('.ai-card h2', (all) => all.map((h) => h.textContent))).toEqual([
        'Document Analysis',
        'Legal Brief Generator',
        'Compliance Checker',
        'Deadline Tracker',
      ]);
      expect(
        await page.$$eval('.ai-card', (all) => all.map((c) => c.querySelectorAll('a.btn').length)),
      ).toEqual([2, 2, 2, 2]);

      await clickAndWait(page, await control(page, 'Track a case’s deadlines'));
      expect(pathOf(page)).toBe('/user/ai/deadlines#track-case');
      await chooseCase(page, '.ai-chooser', kase.caseNumber, kase, javaScript);
      await setValue(page, 'deadlines-as-of', '2026-11-20');
      await clickAndWait(page, await control(page, 'Show its deadlines'));
      // Without JavaScript the picker's search box goes along (empty once a case is chosen from it).
      const search = javaScript ? '' : `caseQuery=${encodeURIComponent(kase.caseNumber)}&`;
      expect(pathOf(page)).toBe(`/user/ai/deadlines?${search}case=${kase.id}&asOf=2026-11-20`);
      const table = await textOf(page, '#answer');
      expect(table).toContain(`Deadlines of ${kase.caseNumber}, as of 11/20/2026`);
      expect(table).toContain('01/28/2027');
      expect(table).toMatch(/CFR/);

      // Calculate from dates: the same deadline from the dates typed in.
      await page.select('#deadlines-facts-noticeType', 'RFE');
      await setValue(page, 'deadlines-facts-noticeDate', '2026-11-02');
      await fill(page, 'Response period (days)', '84', '.ai-facts-form');
      await page.select('#deadlines-facts-servedByMail', 'yes');
      await clickAndWait(page, await control(page, 'Calculate deadlines'));
      expect(await textOf(page, '#answer')).toContain('01/28/2027');
      await fill(page, 'Response period (days)', 'twelve', '.ai-facts-form');
      const refused = await clickAndWait(page, await control(page, 'Calculate deadlines'));
      expect(refused?.status()).toBe(422);
      expect(await textOf(page, '#deadlines-facts-responsePeriodDays-error')).toBe(
        'Response period (days) must be a number',
      );

      // The calendar: subscribe, see the address once, revoke it.
      await clickAndWait(page, await control(page, 'Subscribe', '#calendar'));
      expect(await textOf(page, '#calendar')).toContain('Copy it now: it is shown only this once.');
      const url = await page.$eval('#calendar-url-firm', (e) => (e as HTMLInputElement).value);
      expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      await clickAndWait(page, await control(page, 'Revoke the address', '#calendar'));
      expect(await textOf(page, 'main')).toContain('Your calendar address was revoked');
      expect(await textOf(page, '#calendar')).not.toContain(url);
      await screenshot(page, `ai-deadlines-${javaScript ? 'js' : 'no-js'}`);
    }, 60_000);

    it(`${mode}: a case's facts entered from its page, then checked for compliance`, async () => {
      const kase = await newCase(`Samir Khoury ${mode}`);
      const page = await signedIn(`/user/cases/${kase.id}`, javaScript);
      expect(await textOf(page, '#rules-facts')).toContain('Notice type RFE Entered by Alex Morgan on');
      await clickAndWait(page, await control(page, 'Enter facts', '#rules-facts'));
      expect(pathOf(page)).toBe(`/user/ai/cases/${kase.id}/facts`);
      await fill(page, 'Sponsor household size', '3', 'main form');
      await fill(
        page,
        'Sponsor household total income ($ a year, not adjusted gross income)',
        '48,500',
        'main form',
      );
      await clickAndWait(page, await control(page, 'Save the facts', 'main form'));
      expect(pathOf(page)).toBe(`/user/cases/${kase.id}#rules-facts`);
      expect(await textOf(page, 'main')).toContain(`The facts of case ${kase.caseNumber} were saved.`);
      const section = await textOf(page, '#rules-facts');
      expect(section).toMatch(
        /Sponsor household total income \(\$ a year, not adjusted gross income\) \$48,500 Entered by Jordan Rivera on/,
      );
      await screenshot(page, 'ai-case-page');

      await clickAndWait(page, await control(page, 'Compliance', '#rules-facts'));
      expect(await textOf(page, 'main h1')).toBe('Compliance Checker');
      expect(await textOf(page, '#answer')).toMatch(/\d+ passed · \d+ failed · \d+ warnings? · \d+ unknown/);
      await screenshot(page, `ai-compliance-${javaScript ? 'js' : 'no-js'}`);
    }, 60_000);
  }
});
