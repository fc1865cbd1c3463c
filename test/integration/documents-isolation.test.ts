import { performance } from 'node:perf_hooks';
import { PDFDocument } from '@cantoo/pdf-lib';
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import type { DocumentRecord } from '../../src/shared/documents';
import {
  DEMO_LOGINS,
  secondFirm,
  signIn,
  type SignedIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { bigPagePdf, docxBomb, fieldBombPdf, manyPagesPdf, pictureBombPdf, pngBomb } from '../helpers/bombs';
import { analysed, upload } from '../helpers/documents';
import { imageOnlyPdf, textPdf } from '../helpers/files';
import { LETTER_PAGE } from '../helpers/papers';
import { waitFor } from '../helpers/poll';
import { childProcesses } from '../helpers/process';

/**
 * The analysis bombs, uploaded through the API by one firm while another firm uses its dashboard:
 * each is refused by a cap before any heavy work, in a sandbox worker, and ends failed at its first attempt
 * with its reason in words. Without the caps and the sandbox, they took the test's process to gigabytes or
 * held its event loop for minutes.
 */
const BOMBS: Array<{ name: string; file: () => Promise<Buffer> | Buffer; filename: string; reason: string }> =
  [
    {
      name: 'a 180 KB DOCX whose document.xml unpacks to 50 MB',
      file: () => docxBomb(50),
      filename: 'letter.docx',
      reason:
        'This .docx file unpacks to more than 10 MB of text and markup; Word documents of up to 10 MB are read. Save it as a PDF and upload that.',
    },
    {
      name: 'a 280 KB PNG of 16000 × 16000 pixels',
      file: () => pngBomb(16_000),
      filename: 'scan.png',
      reason:
        'This picture is 16,000 × 16,000 pixels (256 megapixels); pictures of up to 64 megapixels are read. Scale it down or scan it again at 300 dpi, and upload that.',
    },
    {
      name: 'a 3 MB PDF of 20,000 pages',
      file: () => manyPagesPdf(20_000),
      filename: 'exhibits.pdf',
      reason:
        'This PDF has 20,000 pages; at most 2,000 are read. Split it into files of up to 2,000 pages and upload those.',
    },
    {
      name: 'a 657-byte PDF whose page is 5000 points wide',
      file: () => bigPagePdf(5000),
      filename: 'poster.pdf',
      reason:
        'Page 1 of this PDF is 5,000 × 5,000 points (69.4 × 69.4 inches); pages up to 4,500 points (62.5 inches) on a side are read. Save it at a paper size and upload that.',
    },
    {
      name: 'a 100 KB PDF whose scanned page is a 10000 × 10000-pixel picture',
      file: () => pictureBombPdf(10_000),
      filename: 'scanned.pdf',
      reason:
        'This PDF holds a picture of 10,000 × 10,000 pixels (100 megapixels); pictures of up to 64 megapixels are read. Scan it again at 300 dpi and upload that.',
    },
  ];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

describe('hostile files are read in sandbox workers, under caps, never in the web process', () => {
  let t: TestApp;
  /** The demo firm's attorney, using the dashboard; the other firm's user uploads the files. */
  let bystander: SignedIn;
  let uploader: SignedIn;

  beforeAll(async () => {
    t = await startTestApp();
    bystander = await signIn(t.app, DEMO_LOGINS.user);
    uploader = await signIn(t.app, (await secondFirm(t)).user);
  });
  afterAll(async () => t?.close());

  const jobOf = (documentId: string) =>
    t.database.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where(sql<string>`payload->>'documentId'`, '=', documentId)
      .executeTakeFirstOrThrow();

  /** Asks for the other firm's dashboard, one request after another, until `until` settles. */
  async function dashboardWhile<T>(until: Promise<T>): Promise<{ result: T; ms: number[] }> {
    let settled = false;
    const ms: number[] = [];
    const watched = until.finally(() => (settled = true));
    while (!settled) {
      const started = performance.now();
      const res = await bystander.agent.get('/user/dashboard');
      expect(res.status).toBe(200);
      ms.push(performance.now() - started);
    }
    return { result: await watched, ms };
  }

  test.each(BOMBS)('$name ends failed at once with its reason, never retried', async (bomb) => {
    const res = await upload(uploader, await bomb.file(), bomb.filename);
    expect(res.status).toBe(201);
    const started = performance.now();
    const { result: record, ms } = await dashboardWhile(analysed(uploader, res.body.id, 30_000));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${bomb.name}: failed in ${seconds.toFixed(1)} s; the other firm's dashboard answered ${ms.length} times, p95 ${percentile(ms, 95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`,
    );
    expect(record).toMatchObject({ status: 'failed', error: bomb.reason });
    expect(seconds).toBeLessThan(15);
    expect(await jobOf(record.id)).toEqual({ status: 'failed', attempts: 1, last_error: bomb.reason });
    // The web process kept answering the other firm throughout.
    expect(Math.max(...ms)).toBeLessThan(2_000);
    // Its page says why.
    const page = await uploader.agent.get(`/user/documents/${record.id}`);
    expect(visibleText(page.text)).toContain(`The analysis failed: ${bomb.reason}`);
  });

  test("a firm's uploaded form edition that is a field bomb is read in the sandbox and refused with its reason", async () => {
    const admin = await signIn(t.app, (await secondFirm(t)).admin);
    const started = performance.now();
    const { result: res, ms } = await dashboardWhile(
      admin.agent
        .post('/api/forms/G-1145/editions')
        .set('X-CSRF-Token', admin.token)
        .attach('file', fieldBombPdf('Form G-1145 Edition 09/26/14', 8_000), {
          filename: 'g-1145.pdf',
          contentType: 'application/pdf',
        })
        .then((r) => r),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `form-field bomb: refused in ${seconds.toFixed(1)} s; the other firm's dashboard answered ${ms.length} times, p95 ${percentile(ms, 95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`,
    );
    expect([res.status, res.body.error]).toEqual([
      422,
      "This PDF has 8,000 form fields; USCIS's forms have at most a few thousand. Download the form again from uscis.gov.",
    ]);
    expect(Math.max(...ms)).toBeLessThan(2_000);
    // Nothing was kept: the firm still files the form it had.
    const editions = await admin.agent.get('/api/forms/G-1145/editions');
    expect([editions.status, editions.body]).toEqual([200, []]);
    // Read in a sandbox worker at its lower priority: seconds at rest, more beside other test files.
  }, 120_000);

  test('an evidence package places no picture over the cap: its exhibit says why, and the rest is built', async () => {
    const cases = await bystander.agent.get('/api/cases?pageSize=1');
    const caseId: string = cases.body.items[0].id;
    const letter = await upload(bystander, await textPdf(['Employment verification letter']), 'letter.pdf', {
      caseId,
    });
    const bomb = await upload(bystander, await pngBomb(16_000), 'photo.png', { caseId });
    const res = await bystander.agent
      .post('/api/documents/evidence-package')
      .set('X-CSRF-Token', bystander.token)
      .send({ caseId, documentIds: [letter.body.id, bomb.body.id] })
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.body as Buffer)), {
      mergePages: true,
    });
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain('Employment verification letter');
    expect(words).toContain('Exhibit B could not be included');
    expect(words).toContain(
      'The picture is 16,000 × 16,000 pixels (256 megapixels); a package places pictures of up to 64 megapixels. Scale it down, upload that and build the package again.',
    );
  });

  test('a document whose worker is killed mid-analysis fails after that one death, saying so', async () => {
    // Ten scanned pages: OCR keeps its worker busy for seconds.
    const page = await PDFDocument.load(await imageOnlyPdf(LETTER_PAGE));
    const scans = await PDFDocument.create();
    for (const copied of await scans.copyPages(page, Array(10).fill(0))) scans.addPage(copied);
    const res = await upload(uploader, Buffer.from(await scans.save()), 'scans.pdf');
    expect(res.status).toBe(201);
    const id: string = res.body.id;
    await waitFor(
      async () => (await uploader.agent.get(`/api/documents/${id}`)).body.status === 'processing',
    );
    // Its worker is well into the pages by now.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const workers = childProcesses(process.pid, 'analysis-worker.js');
    expect(workers.length).toBeGreaterThan(0);
    workers.forEach((pid) => process.kill(pid, 'SIGKILL'));

    const record: DocumentRecord = await analysed(uploader, id, 30_000);
    const reason =
      'Reading this file was stopped because its reader stopped unexpectedly (signal SIGKILL); it is not tried again. Save it again, or as a PDF, and upload that.';
    expect(record).toMatchObject({ status: 'failed', error: reason });
    expect(await jobOf(id)).toEqual({ status: 'failed', attempts: 1, last_error: reason });

    // The next file gets a fresh worker.
    const next = await upload(uploader, await textPdf(['Employment verification letter']), 'next.pdf');
    expect(await analysed(uploader, next.body.id)).toMatchObject({ status: 'done' });
  });

  test("a document whose analysis was cut short by the server's own death fails at once, saying how to retry", async () => {
    const res = await upload(uploader, await textPdf(['Employment verification letter']), 'cut.pdf');
    await analysed(uploader, res.body.id);
    // As a process that claimed the job and died would leave it: running, its lease run out.
    await t.database.db
      .updateTable('documents')
      .set({ status: 'processing' })
      .where('id', '=', res.body.id)
      .execute();
    await t.database.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 1,
        locked_by: 'a-dead-process',
        locked_until: new Date(Date.now() - 1000),
      })
      .where(sql<string>`payload->>'documentId'`, '=', res.body.id)
      .execute();
    const record = await analysed(uploader, res.body.id, 15_000);
    const reason =
      'The server stopped while it was reading this file, so it is not tried again by itself: choose Analyze again to read it again.';
    expect(record).toMatchObject({ status: 'failed', error: reason });
    expect(await jobOf(res.body.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});
