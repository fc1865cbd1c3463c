// Hostile files and a busy firm, through the real server: the analysis bombs (a DOCX unpacking to
// 50 MB, PNGs of 16000² and 30000² pixels, a 20,000-page PDF, a 5000-point page, a PDF holding a
// 10000²-pixel picture) and a 48 MP photo within the caps, each uploaded by one firm while another firm's
// dashboard is asked for one request after another (goal: p95 ≤ 200 ms), with the peak resident memory of
// the web process and of the sandbox workers that read the file; then another firm's one scan behind 20
// scans of one firm (the fair claim).
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createCanvas } from '@napi-rs/canvas';
import { openDatabase } from '../../src/db/database';
import { createSettingsService } from '../../src/settings/service';
import { DEFAULT_SECURITY } from '../../src/shared/settings';
import { createUsersService } from '../../src/users/service';
import { bigPagePdf, docxBomb, manyPagesPdf, pictureBombPdf, pngBomb } from '../../test/helpers/bombs';
import { textPng } from '../../test/helpers/files';
import { childProcesses } from '../../test/helpers/process';
import { DEMO_PASSWORD, type RunningApp, signIn, signedInPage, startApp } from './app';
import { cleanUp, makeTempDir } from './children';

export const ISOLATION_GOALS = { otherFirmP95Ms: 200 };
/** Copies of each file uploaded at once, so that the other firm's page is asked for while they are read. */
const COPIES = 3;
const FAIR_SCANS = 20;
const PAGE = '/user/dashboard';
const OTHER_FIRM_LOGIN = 'bench.other';

type Session = { cookie: string; token: string };
export type FileFigure = {
  name: string;
  bytes: number;
  outcome: string;
  seconds: number;
  requests: number;
  p50: number;
  p95: number;
  max: number;
  /** The page's p95 over 20 requests just before the file was uploaded: the machine's load then. */
  idleP95: number;
  webRssBeforeMb: number;
  webRssPeakMb: number;
  workerRssPeakMb: number;
};
export type IsolationFigures = {
  files: FileFigure[];
  fairness: { waitSeconds: number; backlogSeconds: number; scans: number };
};

const headersOf = (session: Session, extra: Record<string, string> = {}) => ({
  cookie: session.cookie,
  'x-forwarded-proto': 'https',
  ...extra,
});

/** The p-th percentile of values (nearest rank). */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0; // it ended
  }
}

/** A second firm, with a user who signs in with the bench's password, written while the server is stopped. */
async function addOtherFirm(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    const { id } = await database.db
      .insertInto('firms')
      .values({
        name: 'Bench Other Firm',
        contact_person: 'Sam Ortiz',
        contact_role: 'Founder',
        email: 'office@bench-other.example',
        phone: '+1 (555) 010-4000',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await createUsersService(database.db).create(
      {
        firmId: id,
        loginId: OTHER_FIRM_LOGIN,
        firstName: 'Sam',
        email: 'sam@bench-other.example',
        role: 'user',
        password: DEMO_PASSWORD,
      },
      'basic',
    );
    await createSettingsService({ db: database.db }).saveSecurity({ id: user.id }, id, {
      ...DEFAULT_SECURITY,
      twoFactorAdmins: false,
    });
  } finally {
    await database.close();
  }
}

async function session(app: RunningApp, login: string): Promise<Session> {
  const cookie = await signIn(app.baseUrl, login);
  return { cookie, token: (await signedInPage(app.baseUrl, PAGE, cookie)).csrfToken };
}

async function upload(app: RunningApp, as: Session, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${app.baseUrl}/api/documents/upload`, {
    method: 'POST',
    headers: headersOf(as, { 'x-csrf-token': as.token }),
    body: form,
  });
  const body = (await res.json()) as { id?: string; error?: string };
  if (res.status !== 201 || !body.id)
    throw new Error(`upload of ${name} answered ${res.status}: ${body.error}`);
  return body.id;
}

async function documentOf(app: RunningApp, as: Session, id: string) {
  const res = await fetch(`${app.baseUrl}/api/documents/${id}`, { headers: headersOf(as) });
  return (await res.json()) as { status: string; error: string | null };
}

async function settled(app: RunningApp, as: Session, ids: string[], timeoutMs: number) {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const records = await Promise.all(ids.map((id) => documentOf(app, as, id)));
    if (records.every((r) => r.status === 'done' || r.status === 'failed')) return records;
    if (performance.now() > until) throw new Error(`documents not analyzed after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until no document of the demo firm waits for its analysis (its 89 demo documents first). */
async function idle(app: RunningApp, as: Session): Promise<void> {
  const until = performance.now() + 15 * 60_000;
  for (;;) {
    const counts = await Promise.all(
      ['queued', 'processing'].map(async (status) => {
        const res = await fetch(`${app.baseUrl}/api/documents?status=${status}&pageSize=1`, {
          headers: headersOf(as),
        });
        return ((await res.json()) as { total: number }).total;
      }),
    );
    if (counts[0] + counts[1] === 0) return;
    if (performance.now() > until)
      throw new Error('the demo documents were still being analyzed after 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function timedPage(app: RunningApp, as: Session): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${app.baseUrl}${PAGE}`, { headers: headersOf(as), redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${PAGE} answered ${res.status}`);
  return performance.now() - started;
}

/** `COPIES` copies of a file uploaded by one firm, read while the other firm's dashboard is asked for. */
async function measureFile(
  app: RunningApp,
  uploader: Session,
  bystander: Session,
  file: { name: string; filename: string; bytes: Buffer },
): Promise<FileFigure> {
  const idleMs: number[] = [];
  for (let i = 0; i < 20; i++) idleMs.push(await timedPage(app, bystander));
  const webRssBeforeMb = rssMb(app.pid);
  let webRssPeakMb = webRssBeforeMb;
  let workerRssPeakMb = 0;
  // The workers are looked for in /proc now and then (a scan of every process costs this bench a core's
  // share); their memory is read every 20 ms.
  let workers = childProcesses(app.pid, 'analysis-worker.js');
  const finder = setInterval(() => (workers = childProcesses(app.pid, 'analysis-worker.js')), 250);
  const sampler = setInterval(() => {
    webRssPeakMb = Math.max(webRssPeakMb, rssMb(app.pid));
    for (const pid of workers) workerRssPeakMb = Math.max(workerRssPeakMb, rssMb(pid));
  }, 20);
  const started = performance.now();
  try {
    const ids: string[] = [];
    for (let i = 0; i < COPIES; i++) ids.push(await upload(app, uploader, file.bytes, file.filename));
    // The page one request after another; between two of them, now and then, whether the files are read
    // (never at the same time as a page, which would only measure the bench's own requests).
    const ms: number[] = [];
    let records: Awaited<ReturnType<typeof documentOf>>[] = [];
    let checkedAt = 0;
    const until = performance.now() + 10 * 60_000;
    while (!records.length || records.some((r) => r.status !== 'done' && r.status !== 'failed')) {
      ms.push(await timedPage(app, bystander));
      if (performance.now() - checkedAt < 250) continue;
      if (performance.now() > until) throw new Error(`${file.name}: not analyzed after 10 minutes`);
      checkedAt = performance.now();
      records = [];
      for (const id of ids) records.push(await documentOf(app, uploader, id));
    }
    return {
      name: file.name,
      bytes: file.bytes.length,
      outcome: records[0].status === 'failed' ? `failed: ${records[0].error}` : records[0].status,
      seconds: (performance.now() - started) / 1000,
      requests: ms.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      max: Math.max(...ms),
      idleP95: percentile(idleMs, 95),
      webRssBeforeMb,
      webRssPeakMb,
      workerRssPeakMb,
    };
  } finally {
    clearInterval(finder);
    clearInterval(sampler);
  }
}

/** A 48 MP phone photo of a letter (8064 × 6048), within the caps: read by OCR after scaling it down. */
function phonePhoto(): Buffer {
  const canvas = createCanvas(8064, 6048);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 8064, 6048);
  context.fillStyle = '#111111';
  context.font = '160px sans-serif';
  for (let line = 0; line < 24; line++)
    context.fillText(
      `Employment verification letter, line ${line + 1} of the letter.`,
      300,
      400 + line * 220,
    );
  return canvas.toBuffer('image/jpeg', 90);
}

/** The other firm's one scan, uploaded just after one firm's 20: how long it waits for its analysis. */
async function fairness(app: RunningApp, busy: Session, other: Session) {
  const scan = (n: number) =>
    textPng([
      'U.S. Citizenship and Immigration Services',
      'I-797C, Notice of Action',
      `Receipt Number IOE09${String(12345600 + n)}`,
      'Notice Date 03/09/2026',
    ]);
  const scans = await Promise.all(Array.from({ length: FAIR_SCANS }, (_, i) => scan(i)));
  const single = await scan(FAIR_SCANS);
  // All 20 at once, as a person dropping a folder of scans on the upload area sends them.
  const started = performance.now();
  const backlog = await Promise.all(scans.map((bytes, i) => upload(app, busy, bytes, `notice-${i}.png`)));
  const uploadedAt = performance.now();
  const id = await upload(app, other, single, 'notice.png');
  await settled(app, other, [id], 10 * 60_000);
  const waitSeconds = (performance.now() - uploadedAt) / 1000;
  await settled(app, busy, backlog, 10 * 60_000);
  return { waitSeconds, backlogSeconds: (performance.now() - started) / 1000, scans: FAIR_SCANS };
}

export async function measureIsolation(): Promise<IsolationFigures> {
  const dataDir = makeTempDir('reti-isolation-');
  const options = { name: 'app (PGlite, isolation)', dataDir, logLevel: 'silent' as const };
  // The first start migrates and seeds; the other firm is added while the server is stopped.
  await (await startApp(options)).stop();
  await addOtherFirm(dataDir);
  const app = await startApp(options);
  try {
    const demo = await session(app, 'attorney');
    const other = await session(app, OTHER_FIRM_LOGIN);
    await idle(app, demo);
    const files = [
      { name: 'DOCX, document.xml unpacking to 50 MB', filename: 'letter.docx', bytes: docxBomb(50) },
      { name: 'PNG, 16000 × 16000 pixels', filename: 'scan.png', bytes: await pngBomb(16_000) },
      { name: 'PNG, 30000 × 30000 pixels', filename: 'scan.png', bytes: await pngBomb(30_000) },
      { name: 'PDF of 20,000 pages', filename: 'exhibits.pdf', bytes: manyPagesPdf(20_000) },
      { name: 'PDF with a 5000-point page', filename: 'poster.pdf', bytes: bigPagePdf(5000) },
      {
        name: 'PDF holding a 10000²-pixel picture',
        filename: 'scanned.pdf',
        bytes: await pictureBombPdf(10_000),
      },
      { name: '48 MP phone photo (within the caps)', filename: 'photo.jpg', bytes: phonePhoto() },
    ];
    const figures: FileFigure[] = [];
    for (const file of files) figures.push(await measureFile(app, other, demo, file));
    return { files: figures, fairness: await fairness(app, other, demo) };
  } finally {
    await app.stop();
  }
}

// `tsx scripts/bench/isolation.ts`: these figures alone (`npm run bench -- isolation` prints them as rows).
if (require.main === module) {
  measureIsolation()
    .then((figures) => console.log(JSON.stringify(figures, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => cleanUp());
}
