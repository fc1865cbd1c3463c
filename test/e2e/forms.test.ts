import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer';
import { FORM_MAPS } from '../../src/forms/maps';
import type { CaseRecord } from '../../src/shared/cases';
import { DEMO_PASSWORD, signIn } from '../helpers/app';
import { fullPerson, uscisLikePdf } from '../helpers/forms';
import { chooseCase, chosenCase, clickAndWait, control, e2eSuite, fill, pathOf, textOf } from './support';

describe('Forms in the browser', () => {
  const suite = e2eSuite();
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-e2e-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function signedIn(at: string, javaScript: boolean, login = 'attorney'): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.goto(`${suite.url}/login?next=${encodeURIComponent(at)}`);
    await fill(page, 'User ID', login, 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe(at);
    return page;
  }

  /** A naturalization case of its own: its applicant (the beneficiary) with or without an A-number. */
  async function newCase(familyName: string, aNumber: string | null): Promise<CaseRecord> {
    const attorney = await signIn(suite.t.app, 'attorney');
    const post = (route: string, body: object) =>
      attorney.agent.post(`/api${route}`).set('X-CSRF-Token', attorney.token).send(body);
    const person = (await post('/people', fullPerson(familyName, 'Olena', { aNumber }))).body as {
      id: string;
    };
    const res = await post('/cases', { clientId: person.id, caseType: 'citizenship', formType: 'N-400' });
    expect(res.status).toBe(201);
    return res.body as CaseRecord;
  }

  const choose = (page: Page, kase: CaseRecord, javaScript: boolean) =>
    chooseCase(page, '.uscis-generate-page', kase.caseNumber, kase, javaScript);

  for (const javaScript of [false, true])
    it(`JavaScript ${javaScript ? 'on' : 'off'}: a group's Generate Forms asks for the case, shows the problems, then downloads the packet`, async () => {
      const lacking = await newCase(`Kovalenko${javaScript ? 'J' : 'N'}`, null);
      const complete = await newCase(
        `Шевченко${javaScript ? 'J' : 'N'}`,
        javaScript ? 'A987654321' : 'A987654322',
      );
      const page = await signedIn('/user/forms', javaScript);
      expect(await textOf(page, 'main')).toContain('Naturalization');
      expect(await page.$$eval('main a.btn-primary', (a) => a.map((e) => e.textContent))).toEqual([
        'Generate Forms',
        'Generate Forms',
        'Generate Forms',
      ]);

      await clickAndWait(page, (await page.$('a[aria-label="Generate Forms: Naturalization"]'))!);
      expect(pathOf(page)).toBe('/user/forms/generate?group=naturalization');

      await choose(page, lacking, javaScript);
      await clickAndWait(page, (await page.$('button[name="intent"]'))!);
      // A long list of missing answers comes folded: open the N-400's (no script needed).
      await page.click('[aria-labelledby="check-N-400"] details summary');
      const checked = await textOf(page, 'main');
      expect(checked).toContain('Form N-400 (edition 01/20/25): not ready');
      expect(checked).toContain('Form G-1145 (edition 09/26/14): not ready');
      expect(checked).toContain(
        'Part 1, Item A-Number: A-Number — ask the beneficiary: Alien Registration Number (A-Number) (if any)',
      );
      expect(checked).toContain(
        'Part 9, Item 1: Ever claimed to be a U.S. citizen? — ask the beneficiary: Have you EVER claimed to be a U.S. citizen (in writing or any other way)?',
      );
      expect(await chosenCase(page, '.uscis-generate-page')).toBe(lacking.id);

      await choose(page, complete, javaScript);
      const refused = await clickAndWait(page, (await page.$('main form button.btn-primary'))!);
      expect(refused?.status()).toBe(422);
      expect(await textOf(page, 'main')).toContain('The forms are not ready to file');

      await page.click('#generate-draft');
      const [packet] = await Promise.all([
        page.waitForResponse(
          (r) => r.url().endsWith('/user/forms/generate') && r.request().method() === 'POST',
        ),
        page.click('main form button.btn-primary'),
      ]);
      expect(packet.status()).toBe(200);
      expect(packet.headers()['content-type']).toBe('application/pdf');
      expect(packet.headers()['content-disposition']).toContain(`Forms packet ${complete.caseNumber}`);
      expect(packet.headers()['content-disposition']).toContain('DRAFT');
    }, 120_000);

  it("a form's page shows its edition and map; a newer edition is uploaded, checked by content", async () => {
    const page = await signedIn('/user/forms/N-400', true);
    await page.click('details.form-map summary');
    const shown = await textOf(page, 'main');
    expect(shown).toContain(
      'Edition 01/20/25 (the official PDF shipped with the product), 14 pages, 440 fields',
    );
    expect(shown).toContain('form1[0].#subform[0].P2_Line1_FamilyName[0]');

    const notPdf = path.join(dir, 'n-400.pdf');
    fs.writeFileSync(notPdf, 'not a PDF at all');
    await ((await page.$('#edition-file')) as ElementHandle<HTMLInputElement>).uploadFile(notPdf);
    const refused = await clickAndWait(page, (await control(page, 'Upload edition', 'main'))!);
    expect(refused?.status()).toBe(415);
    expect(await textOf(page, 'main')).toContain(
      'The official edition must be a PDF: this file is not one (its content decides, not its name).',
    );

    const names = FORM_MAPS.get('N-400')!.fields.map((f) => f.pdf);
    const official = path.join(dir, 'n-400-official.pdf');
    fs.writeFileSync(
      official,
      await uscisLikePdf('Form N-400 Edition 09/18/26', [...new Set(names)].slice(1)),
    );
    await ((await page.$('#edition-file')) as ElementHandle<HTMLInputElement>).uploadFile(official);
    await clickAndWait(page, (await control(page, 'Upload edition', 'main'))!);
    expect(pathOf(page)).toBe('/user/forms/N-400');
    const text = await textOf(page, 'main');
    expect(text).toContain(
      'The official edition of Form N-400 (09/18/2026) is kept: packets fill it from now on.',
    );
    expect(text).toMatch(/\d+ mapped fields are not in it/);
    expect(text).toContain("Edition 09/18/26 (the firm's uploaded edition)");
  }, 120_000);
});
