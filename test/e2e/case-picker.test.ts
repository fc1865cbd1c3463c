import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer';
import type { CaseRecord } from '../../src/shared/cases';
import { DEMO_PASSWORD, type SignedIn, signIn } from '../helpers/app';
import { textPdf } from '../helpers/files';
import { waitFor } from '../helpers/poll';
import {
  chooseCase,
  chosenCase,
  clickAndWait,
  control,
  e2eSuite,
  fill,
  islandHydrated,
  pathOf,
  screenshot,
  textOf,
} from './support';

/**
 * Every page that picks a case, in a firm with more open cases than any list of the newest would show: the
 * oldest one, long overdue, is found by its client's name and chosen, with and without JavaScript.
 */
describe('the case picker', () => {
  const suite = e2eSuite();
  let attorney: SignedIn;
  let overdue: CaseRecord;
  let dir: string;

  const api = (route: string) => `/api${route}`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'case-picker-e2e-'));
    attorney = await signIn(suite.t.app, 'attorney');
    const open = (body: object) =>
      attorney.agent.post(api('/cases')).set('X-CSRF-Token', attorney.token).send(body);
    // Opened first, due long ago: the newest 100 open cases leave it out.
    const first = await open({
      clientName: 'Wilhelmina Oldcastle',
      caseType: 'family',
      formType: 'I-130',
      dueDate: '2026-02-02',
    });
    expect(first.status).toBe(201);
    overdue = first.body as CaseRecord;
    for (let i = 0; i < 105; i++) {
      const res = await open({
        clientName: `Filler Client${i}`,
        caseType: 'visa',
        formType: 'I-129F',
        dueDate: '2027-06-01',
      });
      expect(res.status).toBe(201);
    }
    const listed = await attorney.agent.get(api('/cases?status=open&pageSize=1'));
    expect(listed.body.total).toBeGreaterThan(100);
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function signedIn(at: string, javaScript: boolean): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.goto(`${suite.url}/login?next=${encodeURIComponent(at)}`);
    await fill(page, 'User ID', 'attorney', 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe(at);
    return page;
  }

  const documentsOf = async (caseId: string, category?: string) =>
    (
      await attorney.agent.get(
        api(`/documents?caseId=${caseId}${category ? `&category=${category}` : ''}&pageSize=100`),
      )
    ).body.total as number;

  const find = (page: Page, scope: string, javaScript: boolean) =>
    chooseCase(page, scope, 'Oldcastle', overdue, javaScript);

  for (const javaScript of [false, true]) {
    const how = `JavaScript ${javaScript ? 'on' : 'off'}`;

    it(`${how}: the search finds the overdue case and says so; the chosen case is kept`, async () => {
      const page = await signedIn('/user/documents/evidence', javaScript);
      await find(page, '.evidence-case', javaScript);
      if (!javaScript) {
        // The cases found, marked overdue, with how many matched.
        expect(await textOf(page, '.evidence-case .case-picker')).toContain('1 case matches “Oldcastle”.');
        const options = await page.$$eval('.evidence-case select option', (all) =>
          all.map((o) => o.textContent),
        );
        expect(options).toEqual([
          'Choose a case',
          `${overdue.caseNumber} · Wilhelmina Oldcastle · overdue since 02/02/2026`,
        ]);
      } else {
        expect(
          await page.$eval('.evidence-case [role="combobox"]', (e) => (e as HTMLInputElement).value),
        ).toBe(`${overdue.caseNumber} · Wilhelmina Oldcastle · overdue since 02/02/2026`);
      }
      await screenshot(page, `case-picker-evidence-${javaScript ? 'js' : 'nojs'}`);
      await clickAndWait(page, await control(page, 'Show its documents', 'main'));
      expect(pathOf(page)).toContain(`case=${overdue.id}`);
      expect(await textOf(page, 'main')).toMatch(
        new RegExp(`(Case|Documents of) ${overdue.caseNumber} · Wilhelmina Oldcastle`),
      );
      expect(await chosenCase(page, '.evidence-case')).toBe(overdue.id);
    });

    it(`${how}: a document is uploaded to the overdue case`, async () => {
      const page = await signedIn('/user/documents', javaScript);
      const before = await documentsOf(overdue.id);
      await find(page, '.upload-form', javaScript);
      const pdf = path.join(dir, `notice-${javaScript ? 'js' : 'nojs'}.pdf`);
      fs.writeFileSync(pdf, await textPdf(['Receipt notice for Wilhelmina Oldcastle']));
      const input = await page.$('input.upload-input');
      if (javaScript) await input!.uploadFile(pdf);
      else {
        await input!.uploadFile(pdf);
        await clickAndWait(page, await control(page, 'Upload', 'main form'));
      }
      await waitFor(async () => (await documentsOf(overdue.id)) === before + 1, 15_000);
    });

    it(`${how}: Forms keeps the overdue case chosen when it checks the forms`, async () => {
      const page = await signedIn('/user/forms/generate?group=family-based', javaScript);
      await find(page, '.uscis-generate-page', javaScript);
      await clickAndWait(page, await control(page, 'Check the forms', 'main'));
      expect(await chosenCase(page, '.uscis-generate-page')).toBe(overdue.id);
      expect(await textOf(page, '.uscis-generate-page .case-picker')).toContain(overdue.caseNumber);
    });

    for (const [tool, submit, title] of [
      ['deadlines', 'Show its deadlines', 'Deadlines of'],
      ['compliance', 'Check the case', 'Checks of'],
    ] as const)
      it(`${how}: the ${tool} tool answers for the overdue case`, async () => {
        const page = await signedIn(`/user/ai/${tool}`, javaScript);
        await find(page, '.ai-chooser', javaScript);
        await clickAndWait(page, await control(page, submit, 'main'));
        expect(await textOf(page, '#answer')).toContain(`${title} ${overdue.caseNumber}`);
      });

    it(`${how}: a brief is generated for the overdue case`, async () => {
      const page = await signedIn('/user/ai/brief', javaScript);
      const before = await documentsOf(overdue.id, 'legal-brief');
      await find(page, '.brief-page', javaScript);
      await page.select('#brief-template', 'cover-letter');
      // The draft shows with its review sheet, for the case chosen.
      await clickAndWait(page, await control(page, 'Prepare the draft', 'main'));
      expect(await textOf(page, '.review-sheet')).toContain('Missing before it can be sent');
      // The answer is the letter itself (a download); it and its review sheet are kept with the case.
      await (await control(page, 'Generate', 'main')).click();
      await waitFor(async () => (await documentsOf(overdue.id, 'legal-brief')) === before + 2, 15_000);
    });
  }

  it('live, the list is a keyboard-operable listbox: arrows move, Escape closes, no match is said', async () => {
    const page = await signedIn('/user/documents/evidence', true);
    const box = '.evidence-case [role="combobox"]';
    await islandHydrated(page, '.evidence-case .case-picker');
    await page.waitForSelector(box);
    const said = (text: string) =>
      page.waitForFunction(
        (s, t) =>
          document
            .getElementById(document.querySelector(s)!.getAttribute('aria-describedby')!)
            ?.textContent?.includes(t),
        {},
        box,
        text,
      );
    // Which option is active: its place among the listed options, its text, and aria-selected.
    const active = () =>
      page.$eval(box, (e) => {
        const option = document.getElementById(e.getAttribute('aria-activedescendant') ?? '');
        const options = [
          ...document.getElementById(e.getAttribute('aria-controls')!)!.querySelectorAll('[role="option"]'),
        ];
        return option && [options.indexOf(option), option.textContent, option.getAttribute('aria-selected')];
      });
    await page.focus(box);
    await page.keyboard.type('Client10');
    await said('6 cases match “Client10”.');
    expect(await page.$eval(box, (e) => e.getAttribute('aria-expanded'))).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toEqual([1, expect.stringMatching(/ · Filler Client10\d?$/), 'true']);
    await page.keyboard.press('Escape');
    expect(await page.$eval(box, (e) => e.getAttribute('aria-expanded'))).toBe('false');
    await page.$eval(box, (e) => (e as HTMLInputElement).select());
    await page.keyboard.type('Nobody Matches This');
    await said('No case matches “Nobody Matches This”.');
  });
});
