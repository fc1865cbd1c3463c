import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { ElementHandle, Page } from 'puppeteer';
import { FORM_SPECS } from '../../src/forms/specs';
import type { CaseRecord, ClientRecord } from '../../src/shared/cases';
import { DEMO_PASSWORD, signIn } from '../helpers/app';
import { chooseCase, chosenCase, clickAndWait, control, e2eSuite, fill, pathOf, textOf } from './support';

describe('Forms in the browser', () => {
  const suite = e2eSuite();
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-e2e-'));
  });
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

  /** A naturalization case of its own, its client with or without an A-number. */
  async function newCase(lastName: string, aNumber: string | null): Promise<CaseRecord> {
    const attorney = await signIn(suite.t.app, 'attorney');
    const post = (route: string, body: object) =>
      attorney.agent.post(`/api${route}`).set('X-CSRF-Token', attorney.token).send(body);
    const client = (
      await post('/clients', {
        firstName: 'Olena',
        lastName,
        email: 'olena@example.net',
        phone: '(555) 010-2000',
        dateOfBirth: '1985-07-09',
        countryOfCitizenship: 'Ukraine',
        aNumber,
        address: '40 Elm Street, Yonkers, NY 10701',
      })
    ).body as ClientRecord;
    const res = await post('/cases', { clientId: client.id, caseType: 'citizenship', formType: 'N-400' });
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
      const refused = await clickAndWait(page, (await page.$('main form button.btn-primary'))!);
      expect(refused?.status()).toBe(422);
      const shown = await textOf(page, 'main');
      expect(shown).toContain('1 problem to correct');
      expect(shown).toContain(
        "Alien Registration Number (A-Number) is empty: the client's record has no A-number. Add it on the client's page.",
      );
      expect(await chosenCase(page, '.uscis-generate-page')).toBe(lacking.id);

      await choose(page, complete, javaScript);
      await clickAndWait(page, (await page.$('button[name="intent"]'))!);
      expect(await textOf(page, 'main')).toContain(
        'The forms have no problems: the packet is ready to generate.',
      );

      const [packet] = await Promise.all([
        page.waitForResponse(
          (r) => r.url().endsWith('/user/forms/generate') && r.request().method() === 'POST',
        ),
        page.click('main form button.btn-primary'),
      ]);
      expect(packet.status()).toBe(200);
      expect(packet.headers()['content-type']).toBe('application/pdf');
      expect(packet.headers()['content-disposition']).toContain(`Forms packet ${complete.caseNumber}`);
    }, 120_000);

  it("a form's page shows its specification and takes an official edition (PDF only, by content)", async () => {
    const page = await signedIn('/user/forms/N-400', true);
    expect(await textOf(page, 'main')).toContain('form1[0].#subform[0].P2_Line1_FamilyName[0]');

    const notPdf = path.join(dir, 'n-400.pdf');
    fs.writeFileSync(notPdf, 'not a PDF at all');
    await page.type('#edition-date', '01202025');
    await ((await page.$('#edition-file')) as ElementHandle<HTMLInputElement>).uploadFile(notPdf);
    const refused = await clickAndWait(page, (await control(page, 'Upload edition', 'main'))!);
    expect(refused?.status()).toBe(415);
    expect(await textOf(page, 'main')).toContain(
      'The official edition must be a PDF: this file is not one (its content decides, not its name).',
    );
    expect(await page.$eval('#edition-date', (i) => (i as HTMLInputElement).value)).toBe('2025-01-20');

    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const sheet = doc.addPage();
    FORM_SPECS['N-400'].fields.forEach((f, i) =>
      doc
        .getForm()
        .createTextField(f.pdfName)
        .addToPage(sheet, { x: 40, y: 740 - 22 * i, width: 300, height: 18, font }),
    );
    const official = path.join(dir, 'n-400-official.pdf');
    fs.writeFileSync(official, await doc.save());
    await ((await page.$('#edition-file')) as ElementHandle<HTMLInputElement>).uploadFile(official);
    await clickAndWait(page, (await control(page, 'Upload edition', 'main'))!);
    expect(pathOf(page)).toBe('/user/forms/N-400');
    const text = await textOf(page, 'main');
    expect(text).toContain('The official edition of Form N-400 is kept: packets fill it from now on.');
    expect(text).toContain('n-400-official.pdf, edition 01/20/2025, 11 fields');
  }, 120_000);
});
