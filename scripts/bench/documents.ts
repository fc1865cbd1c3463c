// Documents at the figures: a 50 MB upload through the real server (its resident memory grows by
// ≤ 30 MB, and it goes at ≥ 100 MB/s on loopback); a 20-page text PDF read and analysed in ≤ 2 s and a
// one-page scan read by OCR in ≤ 5 s (both in this process, as the analysis job runs them); and a
// signed-in page's p95 ≤ 100 ms while the server's own analysis reads several pictures by OCR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { analyzeText } from '../../src/documents/analysis/analyze';
import { createOcr } from '../../src/documents/analysis/ocr';
import { extractText } from '../../src/documents/analysis/text';
import { todayIn } from '../../src/shared/dates';
import { DOCUMENT_MAX_BYTES } from '../../src/shared/documents';
import { imageOnlyPdf, textPdf, textPng } from '../../test/helpers/files';
import { type RunningApp, signIn, signedInPage, startApp } from './app';
import { cleanUp, makeTempDir } from './children';

export const DOCUMENT_GOALS = {
  uploadRssGrowthMb: 30,
  uploadMbPerSecond: 100,
  textPdfSeconds: 2,
  ocrSeconds: 5,
  pageP95Ms: 100,
};
/** Pictures the server reads by OCR while the page is asked for. */
const OCR_IMAGES = 4;
const PAGE = '/user/dashboard';

export type DocumentFigures = {
  upload: { rssBeforeMb: number; rssPeakMb: number; rssAtAnswerMb: number; ms: number; mbPerSecond: number };
  textPdf: { pages: number; coldMs: number; warmMs: number; type: string; characters: number };
  ocr: { startMs: number; ms: number; confidence: number; characters: number };
  pageWhileOcr: { requests: number; p50: number; p95: number; max: number; idleP95: number; images: number };
};

/** The server's resident memory (Linux /proc), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

type Session = { cookie: string; token: string };

/** What the production server needs of a signed-in request: its cookie, and the proxy's HTTPS word. */
const headersOf = (session: Session, extra: Record<string, string> = {}) => ({
  cookie: session.cookie,
  'x-forwarded-proto': 'https',
  ...extra,
});

async function getJson<T>(app: RunningApp, session: Session, route: string): Promise<T> {
  const res = await fetch(`${app.baseUrl}/api${route}`, { headers: headersOf(session) });
  if (!res.ok) throw new Error(`GET ${route} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

async function uploadSmall(app: RunningApp, session: Session, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${app.baseUrl}/api/documents/upload`, {
    method: 'POST',
    headers: headersOf(session, { 'x-csrf-token': session.token }),
    body: form,
  });
  const body = (await res.json()) as { id?: string; error?: string };
  if (res.status !== 201 || !body.id)
    throw new Error(`upload of ${name} answered ${res.status}: ${body.error}`);
  return body.id;
}

/** Resolves once no analysis waits or runs in the server (the demo data set's included), or throws. */
async function analysesSettled(app: RunningApp, session: Session, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const [queued, processing] = await Promise.all(
      ['queued', 'processing'].map((s) =>
        getJson<{ total: number }>(app, session, `/documents?status=${s}&pageSize=1`),
      ),
    );
    if (queued.total + processing.total === 0) return;
    if (performance.now() > until)
      throw new Error(
        `documents still waiting for their analysis after ${timeoutMs / 1000} s: ${queued.total} queued, ${processing.total} running`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Streams a file from disk as the multipart field "file" over one socket; samples the server's memory
 * every 5 ms until the whole body is on the socket (after that the analysis of the file, which reads it
 * whole, may begin: that is the analysis's memory, not the upload's).
 */
function streamUpload(app: RunningApp, session: Session, file: string) {
  const boundary = `----reti-${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fifty.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(app.baseUrl);
  const rssBeforeMb = rssMb(app.pid);
  let rssPeakMb = rssBeforeMb;
  let sampling = true;
  const sampler = setInterval(() => sampling && (rssPeakMb = Math.max(rssPeakMb, rssMb(app.pid))), 5);
  const started = performance.now();
  return new Promise<DocumentFigures['upload']>((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: Number(url.port),
        method: 'POST',
        path: '/api/documents/upload',
        headers: {
          ...headersOf(session, { 'x-csrf-token': session.token }),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + fs.statSync(file).size + tail.length),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const ms = performance.now() - started;
          clearInterval(sampler);
          if (res.statusCode !== 201) return reject(new Error(`the 50 MB upload answered ${res.statusCode}`));
          resolve({
            rssBeforeMb,
            rssPeakMb,
            rssAtAnswerMb: rssMb(app.pid),
            ms,
            mbPerSecond: DOCUMENT_MAX_BYTES / 1024 / 1024 / (ms / 1000),
          });
        });
      },
    );
    req.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
    req.on('finish', () => {
      rssPeakMb = Math.max(rssPeakMb, rssMb(app.pid));
      sampling = false;
    });
    req.write(head);
    const source = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    source.on('error', reject);
    source.on('end', () => req.end(tail));
    source.pipe(req, { end: false });
  });
}

/** A file of exactly 50 MB that starts like a PDF, written in 1 MB pieces. */
function fiftyMegabytes(file: string): string {
  const block = Buffer.alloc(1 << 20, '% filler line of a large upload\n');
  Buffer.from('%PDF-1.7\n').copy(block);
  const fd = fs.openSync(file, 'w');
  try {
    for (let written = 0; written < DOCUMENT_MAX_BYTES;)
      written += fs.writeSync(fd, block, 0, Math.min(block.length, DOCUMENT_MAX_BYTES - written));
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/** Times one GET of the page, to its last byte. */
async function timedPage(app: RunningApp, session: Session): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${app.baseUrl}${PAGE}`, { headers: headersOf(session), redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${PAGE} answered ${res.status}`);
  return performance.now() - started;
}

/** The page asked for one request after another while the server OCRs `OCR_IMAGES` pictures. */
async function pageWhileOcr(app: RunningApp, session: Session, dir: string) {
  const idle: number[] = [];
  for (let i = 0; i < 40; i++) idle.push(await timedPage(app, session));
  const ids: string[] = [];
  for (let i = 0; i < OCR_IMAGES; i++) {
    const png = await textPng([
      'U.S. Citizenship and Immigration Services',
      'I-797C, Notice of Action',
      `Receipt Number IOE09${String(12345670 + i)}`,
      'Case Type I-485 Application to Register Permanent Residence',
      'Notice Date 03/09/2026',
    ]);
    fs.writeFileSync(path.join(dir, `notice-${i}.png`), png);
    ids.push(await uploadSmall(app, session, png, `notice-${i}.png`));
  }
  const busy: number[] = [];
  const statusOf = async (id: string) =>
    (await getJson<{ status: string }>(app, session, `/documents/${id}`)).status;
  let pending = ids;
  let lastCheck = 0;
  while (pending.length) {
    busy.push(await timedPage(app, session));
    if (performance.now() - lastCheck > 250) {
      lastCheck = performance.now();
      const statuses = await Promise.all(pending.map(statusOf));
      if (statuses.includes('failed')) throw new Error('an OCR analysis failed');
      pending = pending.filter((_, i) => statuses[i] !== 'done');
    }
  }
  const sorted = [...busy].sort((a, b) => a - b);
  return {
    requests: busy.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1],
    idleP95: percentile(
      [...idle].sort((a, b) => a - b),
      95,
    ),
    images: OCR_IMAGES,
  };
}

/** The server's figures: the 50 MB upload, then the page while OCR runs. */
async function serverFigures(dir: string) {
  const app = await startApp({
    name: 'app (PGlite, documents)',
    dataDir: makeTempDir('reti-documents-'),
    logLevel: 'silent',
  });
  try {
    const cookie = await signIn(app.baseUrl, 'attorney');
    const { csrfToken } = await signedInPage(app.baseUrl, PAGE, cookie);
    const session = { cookie, token: csrfToken };
    await analysesSettled(app, session, 10 * 60_000);
    // A small upload analysed first: the code the upload and the analysis use is loaded before measuring.
    await uploadSmall(app, session, await textPdf(['Warm-up letter']), 'warm-up.pdf');
    await analysesSettled(app, session, 60_000);
    const upload = await streamUpload(app, session, fiftyMegabytes(path.join(dir, 'fifty.pdf')));
    // Its analysis (it is no readable PDF: it fails) must not count as the OCR's load.
    await analysesSettled(app, session, 120_000);
    return { upload, pageWhileOcr: await pageWhileOcr(app, session, dir) };
  } finally {
    await app.stop();
  }
}

/** The analysis in this process: a 20-page text PDF, then a one-page scan by OCR. */
async function analysisFigures(dir: string) {
  const today = todayIn('America/New_York');
  const pages = Array.from({ length: 20 }, (_, p) =>
    Array.from(
      { length: 40 },
      (_, line) =>
        `Page ${p + 1}, line ${line + 1}: Employment verification letter for Maria Elena Garcia, Software Engineer since 03/02/2021, salary $98,500.`,
    ),
  );
  const textFile = path.join(dir, 'twenty-pages.pdf');
  fs.writeFileSync(textFile, await textPdf(pages));
  const ocr = createOcr();
  try {
    const analyse = async (file: string, kind: 'pdf') => {
      const started = performance.now();
      const extracted = await extractText({ path: file, kind }, ocr);
      const analysis = analyzeText(extracted, { today });
      return { ms: performance.now() - started, extracted, analysis };
    };
    const cold = await analyse(textFile, 'pdf');
    const warm = await analyse(textFile, 'pdf');
    const textPdfFigures = {
      pages: warm.extracted.pages,
      coldMs: cold.ms,
      warmMs: warm.ms,
      type: warm.analysis.type,
      characters: warm.extracted.text.length,
    };

    // OCR's worker starts once per process; its start-up is its own figure.
    const startStarted = performance.now();
    await ocr.recognize(await textPng(['Warm-up']));
    const startMs = performance.now() - startStarted;
    const scanFile = path.join(dir, 'scan.pdf');
    fs.writeFileSync(
      scanFile,
      await imageOnlyPdf([
        'Department of Homeland Security',
        'U.S. Citizenship and Immigration Services',
        'I-797C, Notice of Action',
        'Receipt Number IOE0912345678',
        'Case Type I-130 Petition for Alien Relative',
        'Received Date 03/02/2026   Notice Date 03/09/2026',
        'Petitioner AMARA OKAFOR   Beneficiary CHIDI OKAFOR',
        'This notice confirms that USCIS received your petition.',
      ]),
    );
    const scan = await analyse(scanFile, 'pdf');
    if (scan.extracted.method !== 'ocr')
      throw new Error(`the scan was read by ${scan.extracted.method}, not OCR`);
    return {
      textPdf: textPdfFigures,
      ocr: {
        startMs,
        ms: scan.ms,
        confidence: scan.extracted.ocrConfidence ?? 0,
        characters: scan.extracted.text.length,
      },
    };
  } finally {
    await ocr.close();
  }
}

export async function measureDocuments(): Promise<DocumentFigures> {
  const dir = makeTempDir('reti-documents-files-');
  const server = await serverFigures(dir);
  const analysis = await analysisFigures(dir);
  return { upload: server.upload, pageWhileOcr: server.pageWhileOcr, ...analysis };
}

// `tsx scripts/bench/documents.ts`: these figures alone (`npm run bench` runs them with the rest).
if (require.main === module) {
  measureDocuments()
    .then((figures) => console.log(figures))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => cleanUp());
}
