import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer';
import type { CaseRecord } from '../../src/shared/cases';
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_MAX_BYTES,
  type DocumentRecord,
  UPLOAD_DONE,
  UPLOAD_HINT,
  UPLOAD_REFUSALS,
} from '../../src/shared/documents';
import { DEMO_PASSWORD, signIn } from '../helpers/app';
import { renamedExecutable, textPdf, textPng } from '../helpers/files';
import { waitFor } from '../helpers/poll';
import {
  chooseCase,
  chosenCase,
  clickAndWait,
  control,
  e2eSuite,
  fill,
  islandsHydrated,
  pathOf,
  screenshot,
  SCREENSHOTS,
  textOf,
} from './support';

const DOCUMENT_PAGE = /^\/user\/documents\/[0-9a-f-]{36}$/;

const RECEIPT_NOTICE = [
  'U.S. DEPARTMENT OF HOMELAND SECURITY',
  'U.S. Citizenship and Immigration Services',
  'I-797C, Notice of Action',
  'THE UNITED STATES OF AMERICA',
  'Receipt Number: IOE0912345678',
  'Case Type: I-485 - APPLICATION TO REGISTER PERMANENT RESIDENCE OR ADJUST STATUS',
  'Received Date: 02/20/2026',
  'Notice Date: 03/04/2026',
  'Applicant A# 123-456-789',
  'MARIA GARCIA LOPEZ',
  'Notice Type: Receipt Notice',
  'We have received your form and are processing it.',
];

const BIRTH_CERTIFICATE = [
  'ACTA DE NACIMIENTO',
  'Estados Unidos Mexicanos',
  'Registro Civil',
  'En la ciudad de Guadalajara, Jalisco, se registró el nacimiento de:',
  'Nombre: Maria Garcia Lopez',
  'Fecha de nacimiento: 15 de enero de 1990',
  'Lugar de nacimiento: Guadalajara, Jalisco',
  'El Oficial del Registro Civil certifica que los datos son correctos.',
];

const TAX_TRANSCRIPT = [
  'Tax Return Transcript',
  'Request Date: 04-15-2026',
  'Tax Period Requested: December, 2025',
  'Form Number: 1040',
  'ADJUSTED GROSS INCOME: $52,345.00',
  'Taxpayer: MARIA GARCIA LOPEZ',
];

describe('Documents in the browser', () => {
  const suite = e2eSuite();
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'documents-e2e-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A file on disk for the browser's file input. */
  function file(name: string, data: Buffer | Uint8Array): string {
    const at = path.join(dir, name);
    fs.writeFileSync(at, data);
    return at;
  }

  async function signedIn(loginId: string, at: string, javaScript = true): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.goto(`${suite.url}/login?next=${encodeURIComponent(at)}`);
    await fill(page, 'User ID', loginId, 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe(at);
    return page;
  }

  /** A case of its own for each test, opened by the administrator through the API, with no receipt number. */
  async function newCase(clientName: string): Promise<CaseRecord> {
    const admin = await signIn(suite.t.app, 'admin');
    const res = await admin.agent
      .post('/api/cases')
      .set('X-CSRF-Token', admin.token)
      .send({ clientName, caseType: 'family', formType: 'I-485', dueDate: '2027-01-15' });
    expect(res.status).toBe(201);
    return res.body as CaseRecord;
  }

  const documentRow = (name: string) =>
    suite.t.database.db
      .selectFrom('documents')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();

  /** With SCREENSHOTS=1, screenshots for people to look at, at a desktop's and a phone's width. */
  async function shoot(page: Page, name: string) {
    if (!SCREENSHOTS) return;
    for (const width of [1366, 390]) {
      await page.setViewport({ width, height: 900 });
      await screenshot(page, `${name}-${width}`);
    }
    await page.setViewport({ width: 1280, height: 900 });
  }

  /** The upload item of one file, as a person reads it. */
  const itemText = (page: Page, name: string) =>
    page.$$eval(
      '.upload-item',
      (items, wanted) =>
        items
          .find((i) => i.querySelector('.upload-name')?.textContent === wanted)
          ?.textContent?.replace(/\s+/g, ' ') ?? '',
      name,
    );

  /** Each file's bar: its accessible name and how far it has come. */
  const bars = (page: Page) =>
    page.$$eval('.upload-item progress', (all) =>
      all.map((p) => ({
        name: document.getElementById(p.getAttribute('aria-labelledby') ?? '')?.textContent,
        full: (p as HTMLProgressElement).value === (p as HTMLProgressElement).max,
      })),
    );

  it('with JavaScript: two files at once, each with its own bar, then analysed; a renamed executable is refused', async () => {
    const kase = await newCase('Maria Garcia Lopez');
    const page = await signedIn('attorney', '/user/documents');
    expect(await textOf(page, 'main h1')).toBe('Documents');
    expect(await textOf(page, '.upload-drop')).toContain(UPLOAD_HINT);
    await islandsHydrated(page);

    await chooseCase(page, '.upload-form', kase.caseNumber, kase, true);
    await page.select('select[name="category"]', 'correspondence');
    const exe = renamedExecutable();
    const input = await page.waitForSelector('input.upload-input[multiple]');
    await input!.uploadFile(
      file('receipt-notice.pdf', await textPdf(RECEIPT_NOTICE)),
      file('tax-transcript.png', await textPng(TAX_TRANSCRIPT)),
      file(exe.name, exe.data),
    );

    await page.waitForFunction(() => document.querySelectorAll('.upload-item').length === 3);
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLProgressElement>('.upload-item progress')].filter(
          (p) => p.value === p.max,
        ).length === 2,
    );
    expect(await bars(page)).toEqual([
      { name: 'receipt-notice.pdf', full: true },
      { name: 'tax-transcript.png', full: true },
    ]);
    await page.waitForSelector('.upload-refused');
    expect(await itemText(page, exe.name)).toContain(UPLOAD_REFUSALS.badType);

    // Done only once the analysis has really finished, each file on its own.
    await page.waitForFunction(() => document.querySelectorAll('.upload-done').length === 2, {
      timeout: 60_000,
    });
    expect(await itemText(page, 'receipt-notice.pdf')).toContain(
      `${UPLOAD_DONE} Recognized as: I-797C Receipt Notice.`,
    );
    expect(await itemText(page, 'tax-transcript.png')).toContain(UPLOAD_DONE);
    expect((await documentRow('receipt-notice.pdf')).status).toBe('done');

    await clickAndWait(page, await control(page, 'Open receipt-notice.pdf', '.upload-list'));
    expect(pathOf(page)).toMatch(DOCUMENT_PAGE);
    expect(await textOf(page, 'main h1')).toBe('receipt-notice.pdf');
    expect(await textOf(page, '#document-type + *')).toContain('I-797C Receipt Notice');
    expect(await textOf(page, 'main')).toContain('IOE0912345678');
    await shoot(page, 'document-page');

    // Download: the file as it came, an attachment that is never sniffed into something else.
    const download = await (
      await control(page, 'Download', 'main .page-actions')
    ).evaluate(async (a) => {
      const res = await fetch((a as HTMLAnchorElement).href);
      return [res.status, res.headers.get('content-disposition'), res.headers.get('x-content-type-options')];
    });
    expect(download).toEqual([200, 'attachment; filename=receipt-notice.pdf', 'nosniff']);

    // The receipt number found goes to the case, which had none, through the case's own form.
    await clickAndWait(
      page,
      await control(page, `Add receipt number IOE0912345678 to case ${kase.caseNumber}`, 'main'),
    );
    expect(await textOf(page, 'main .flash')).toBe(`Case ${kase.caseNumber} was updated.`);
    expect(await textOf(page, 'main .details')).toContain('Receipt Number IOE0912345678');
  }, 120_000);

  it('without JavaScript: the plain form lands on the document page, which shows the analysis once done', async () => {
    const kase = await newCase('Maria Garcia Lopez');
    const page = await signedIn('attorney', '/user/documents', false);
    expect(await page.$('.upload-form[method="post"][enctype="multipart/form-data"]')).not.toBeNull();
    await chooseCase(page, '.upload-form', kase.caseNumber, kase, false);
    await page.select('select[name="category"]', 'evidence');

    // A program renamed to .pdf: refused by its content, said on the page, the choices kept.
    const exe = renamedExecutable();
    await (await page.$('input.upload-input'))!.uploadFile(file(exe.name, exe.data));
    const refused = await clickAndWait(page, await control(page, 'Upload', 'main form'));
    expect(refused?.status()).toBe(415);
    expect(await textOf(page, '.document-upload .alert-error')).toBe(UPLOAD_REFUSALS.badType);
    expect(await chosenCase(page, '.upload-form')).toBe(kase.id);
    expect(await page.$eval('select[name="category"]', (s) => (s as HTMLSelectElement).value)).toBe(
      'evidence',
    );

    // A picture: read by OCR, which takes seconds, so the page it lands on finds the analysis under way.
    const input = await page.$('input.upload-input');
    await input!.uploadFile(file('acta-de-nacimiento.png', await textPng(BIRTH_CERTIFICATE)));

    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST') statuses.push(r.status());
    });
    await clickAndWait(page, await control(page, 'Upload', 'main form'));
    expect(statuses).toEqual([303]);
    expect(pathOf(page)).toMatch(DOCUMENT_PAGE);
    expect(await textOf(page, 'main h1')).toBe('acta-de-nacimiento.png');
    expect(await page.$$('script')).toEqual([]);

    // Until the analysis is done the page says so, with a plain link to itself.
    expect(await textOf(page, '.document-state')).toContain('Analysis in progress');
    const refresh = await control(page, 'Refresh', '.document-state');
    expect(await refresh.evaluate((a) => a.getAttribute('href'))).toBe(pathOf(page));
    // A person refreshing now and then: the page itself never changes without a reload.
    const at = page.url();
    await waitFor(async () => {
      await page.goto(at);
      return (await textOf(page, '.document-state')).includes('Analyzed');
    }, 60_000);
    expect(await textOf(page, '.document-type')).toContain('Birth Certificate');
    expect(await textOf(page, '.document-findings')).toContain('8 CFR 103.2(b)(3)');

    // Analyze again: queued once more, said on the same page.
    await clickAndWait(page, await control(page, 'Analyze again', 'main .page-actions'));
    expect(pathOf(page)).toMatch(DOCUMENT_PAGE);
    expect(await textOf(page, 'main .flash')).toBe('The document is queued to be analyzed again.');
    await waitFor(async () => {
      await page.goto(at);
      return (await textOf(page, '.document-state')).includes('Analyzed');
    }, 60_000);

    // Delete: a confirmation page that says what goes, then the list with the outcome.
    await clickAndWait(page, await control(page, 'Delete', 'main .page-actions'));
    expect(await textOf(page, 'main h1')).toBe('Delete acta-de-nacimiento.png?');
    await clickAndWait(page, await control(page, 'Delete', 'main form'));
    expect(pathOf(page)).toBe('/user/documents');
    expect(await textOf(page, 'main .flash')).toBe('acta-de-nacimiento.png was deleted.');
  }, 120_000);

  it('the cards count each kind and open the list filtered to it; the evidence package is a PDF', async () => {
    const kase = await newCase('Maria Garcia Lopez');
    const user = await signIn(suite.t.app, 'attorney');
    const upload = async (name: string, data: Buffer, category: string) => {
      const res = await user.agent
        .post('/api/documents/upload')
        .set('X-CSRF-Token', user.token)
        .field('caseId', kase.id)
        .field('category', category)
        .attach('file', data, name);
      expect(res.status).toBe(201);
      return res.body as DocumentRecord;
    };
    const page = await signedIn('attorney', '/user/documents');
    const count = async (title: string) =>
      Number(
        (await textOf(page, `.document-card[aria-labelledby="${title}"] .stat-value`)).replace(/,/g, ''),
      );
    const before = await count('card-legal-brief');
    await upload('brief.pdf', await textPdf(['Brief in support of the petition']), 'legal-brief');
    const notice = await upload('notice.pdf', await textPdf(RECEIPT_NOTICE), 'correspondence');
    await page.reload();
    expect(await count('card-legal-brief')).toBe(before + 1);
    expect(await textOf(page, '.document-card[aria-labelledby="card-uscis-form"]')).toContain(
      'I-130 I-485 I-765 I-864 N-400',
    );

    const briefs = before + 1 === 1 ? '1 document' : `${before + 1} documents`;
    await clickAndWait(page, await control(page, `${briefs} in ${DOCUMENT_CATEGORIES['legal-brief']}`));
    expect(pathOf(page)).toBe('/user/documents?category=legal-brief');
    expect(await textOf(page, 'table tbody')).toContain('brief.pdf');
    expect(await textOf(page, 'table tbody')).not.toContain('notice.pdf');

    // Delete asks first, saying what goes with the file.
    await page.goto(`${suite.url}/user/documents/${notice.id}/delete`);
    expect(await textOf(page, 'main h1')).toBe('Delete notice.pdf?');
    expect(await textOf(page, 'main p')).toContain('This cannot be undone.');

    await page.goto(`${suite.url}/user/documents/evidence`);
    expect(await textOf(page, 'main h1')).toBe('Evidence Package');
    await chooseCase(page, '.evidence-case', kase.caseNumber, kase, true);
    await clickAndWait(page, await control(page, 'Show its documents', 'main'));
    expect(pathOf(page)).toBe(`/user/documents/evidence?case=${kase.id}`);
    const ticked = await page.$$eval('input[name="documentIds"]', (all) =>
      all.map((i) => [(i as HTMLInputElement).value, (i as HTMLInputElement).checked]),
    );
    expect(ticked.map(([, on]) => on)).toEqual([true, true]);
    expect(ticked.map(([id]) => id)[1]).toBe(notice.id);
    // The form as the browser posts it (a download is no page to land on).
    const answer = await page.$eval('form.evidence-documents', async (form) => {
      const body = new URLSearchParams(new FormData(form as HTMLFormElement) as unknown as string[][]);
      const res = await fetch((form as HTMLFormElement).action, { method: 'POST', body });
      const bytes = new Uint8Array(await res.arrayBuffer());
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        disposition: res.headers.get('content-disposition'),
        start: String.fromCharCode(...bytes.slice(0, 5)),
      };
    });
    expect(answer).toEqual({
      status: 200,
      type: 'application/pdf',
      disposition: expect.stringContaining('attachment'),
      start: '%PDF-',
    });
  }, 120_000);

  it('a file over 50MB is refused with the server’s words, in its own item', async () => {
    const page = await signedIn('attorney', '/user/documents');
    await islandsHydrated(page);
    const big = path.join(dir, 'too-big.pdf');
    fs.writeFileSync(big, Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x20));
    fs.writeSync(fs.openSync(big, 'r+'), '%PDF-1.7\n', 0);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/documents/upload'));
    const input = await page.waitForSelector('input.upload-input[multiple]');
    await input!.uploadFile(big);
    expect((await answered).status()).toBe(413);
    await page.waitForSelector('.upload-refused', { timeout: 30_000 });
    expect(await itemText(page, 'too-big.pdf')).toContain(UPLOAD_REFUSALS.tooLarge);
    expect(
      await suite.t.database.db.selectFrom('documents').where('name', '=', 'too-big.pdf').execute(),
    ).toEqual([]);
  }, 60_000);

  it('keyboard only: the upload control is reached with Tab and opens the file chooser', async () => {
    const page = await signedIn('attorney', '/user/documents');
    await islandsHydrated(page);
    await page.focus('select[name="category"]');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('upload-input');
    expect(
      await page.evaluate(() => (document.activeElement as HTMLInputElement).labels?.[0]?.textContent),
    ).toBe('Drag and drop files here, or click to choose');
    // puppeteer#6040: the key press can overtake the message that turns on the chooser's interception, so a
    // round trip through the page goes between them; the wait is long for a loaded CI machine.
    const chosen = page.waitForFileChooser({ timeout: 30_000 });
    await page.evaluate(() => document.activeElement?.className);
    await page.keyboard.press('Space');
    const chooser = await chosen;
    expect(chooser.isMultiple()).toBe(true);
    await chooser.accept([file('keyboard.pdf', await textPdf(['A letter chosen with the keyboard']))]);
    await page.waitForFunction(() =>
      document.querySelector('.upload-item progress')?.getAttribute('aria-labelledby'),
    );
    expect(await textOf(page, '.upload-item .upload-name')).toBe('keyboard.pdf');
    await page.waitForFunction(() => document.querySelector('.upload-done, .upload-failed') !== null, {
      timeout: 60_000,
    });
    expect(await textOf(page, '.upload-outcome')).toContain(UPLOAD_DONE);
    await shoot(page, 'documents-page');
  }, 120_000);

  it("an administrator reaches a case's documents from the case, on the same screen", async () => {
    const kase = await newCase('Maria Garcia Lopez');
    const page = await signedIn('admin', `/admin/cases/${kase.id}`);
    await clickAndWait(page, await control(page, 'Documents', 'main .page-actions'));
    expect(pathOf(page)).toBe(`/admin/documents?caseId=${kase.id}`);
    expect(await textOf(page, 'main h1')).toBe('Documents');
    expect(await chosenCase(page, '.document-search')).toBe(kase.id);
    expect(await textOf(page, 'table tbody')).toContain('No documents match the search.');
  });
});
