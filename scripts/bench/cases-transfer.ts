// Import Cases and Export Data at the size, through the real server on embedded PGlite while the
// demo firm's documents are being analyzed: a 100,000-row CSV imported (goal ≤ 60 s) while another firm's
// dashboard is asked for one request after another (goal p95 ≤ 500 ms); the case list afterwards (goal
// p50 ≤ 60 ms); those 100,000 cases exported while the server's resident memory is sampled (goal: it
// grows by ≤ 50 MB), then twice at once while the other firm's dashboard is asked for again.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../../src/db/database';
import { createSettingsService } from '../../src/settings/service';
import { prepareDatabase } from '../../src/setup';
import { DEFAULT_SECURITY } from '../../src/shared/settings';
import { createUsersService } from '../../src/users/service';
import { DEMO_PASSWORD, type RunningApp, signIn, signedInPage, startApp } from './app';
import { cleanUp, makeTempDir } from './children';

export const TRANSFER_GOALS = {
  importSeconds: 60,
  dashboardP95Ms: 500,
  caseListP50Ms: 60,
  exportRssGrowthMb: 50,
};
export const TRANSFER_ROWS = 100_000;

/** The other firm's page, asked for while the demo firm imports and exports. */
const OTHER_DASHBOARD = '/user/dashboard';
/** The demo firm's case list after the import, as its page asks the API for it. */
const CASE_LIST = '/api/cases?page=1&pageSize=25';

/** Times of requests made one after another: how many, and their p50, p95 and worst (ms). */
export type Timings = { requests: number; p50: number; p95: number; max: number };

type TransferFigures = {
  /** The server's resident memory before the import, and its peak during it. */
  rssIdleMb: number;
  rssImportPeakMb: number;
  importMs: number;
  imported: number;
  fileBytes: number;
  /** The other firm's dashboard at rest, during the import, and during two exports at once. */
  dashboardIdle: Timings;
  dashboardDuringImport: Timings;
  dashboardDuringExports: Timings;
  caseListAfter: Timings;
  exportMs: number;
  exportedRows: number;
  exportBytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  /** Both exports' time when run at once. */
  twoExportsMs: number;
};

const FORMS = ['I-130', 'I-485', 'I-765', 'N-400', 'I-589', 'I-140', 'I-751', 'I-90'];
const TYPES = ['family', 'family', 'visa', 'citizenship', 'asylum', 'visa', 'family', 'visa'];
const STATUSES = ['pending', 'processing', 'on-hold', 'approved', 'rejected'];
const GIVEN = ['Ana', 'Ben', 'Chen', 'Dara', 'Emeka', 'Fatima', 'Giorgi', 'Hana', 'Ivan', 'Jae'];

/** A file as a firm moving from another system might bring: 20,000 clients, most columns filled. */
export function transferCsv(rows: number): string {
  const lines = [
    'Client Name,Case Type,Form Type,Status,Assigned To,Due Date,Description,Receipt Number,Legal Fee',
  ];
  for (let i = 0; i < rows; i++) {
    const client = `${GIVEN[i % GIVEN.length]} Family${String(i % 20_000).padStart(5, '0')}`;
    const due =
      i % 2 ? `${(i % 12) + 1}/${(i % 28) + 1}/2027` : `2027-${String((i % 12) + 1).padStart(2, '0')}-15`;
    const receipt = i % 3 ? `IOE${String(i).padStart(10, '0')}` : '';
    lines.push(
      [
        client,
        TYPES[i % TYPES.length],
        FORMS[i % FORMS.length],
        STATUSES[i % STATUSES.length],
        i % 2 ? 'attorney' : 'admin',
        due,
        `"Imported matter ${i}, from the old system"`,
        receipt,
        `${1000 + (i % 500)}.00`,
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The server's resident memory (Linux /proc), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/** Samples the server's memory every 10 ms while `work` runs: its peak. */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<T & { peak: number }> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  try {
    return { ...(await work()), peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

function timingsOf(times: number[]): Timings {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted[sorted.length - 1],
  };
}

/** Times one GET to its last byte; anything but 200 fails the bench (a broken server must not look fast). */
async function timedGet(app: RunningApp, cookie: string, route: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${app.baseUrl}${route}`, {
    headers: { cookie, 'x-forwarded-proto': 'https' },
    redirect: 'manual',
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`GET ${route} answered ${res.status}`);
  return performance.now() - started;
}

/** Asks for `route` one request after another until `work` has settled: its outcome, and the times. */
async function whileRunning<T>(
  app: RunningApp,
  cookie: string,
  route: string,
  work: Promise<T>,
): Promise<{ outcome: T; timings: Timings }> {
  let settled = false;
  const done = work.finally(() => (settled = true));
  const times: number[] = [];
  while (!settled) times.push(await timedGet(app, cookie, route));
  return { outcome: await done, timings: timingsOf(times) };
}

async function repeatedly(app: RunningApp, cookie: string, route: string, times: number): Promise<Timings> {
  const taken: number[] = [];
  for (let i = 0; i < times; i++) taken.push(await timedGet(app, cookie, route));
  return timingsOf(taken);
}

/**
 * A data folder with the demo data set and a second firm whose user signs in with the demo password; the
 * server seeds the demo firm's documents when it starts, and analyzes them while the bench runs.
 */
async function preparedFolder(): Promise<{ dataDir: string; otherUser: string }> {
  const dataDir = makeTempDir('reti-transfer-');
  const database = await openDatabase({ dataDir });
  try {
    await prepareDatabase(database, { demoPassword: DEMO_PASSWORD });
    const { id } = await database.db
      .insertInto('firms')
      .values({
        name: 'Other Street Immigration',
        contact_person: 'Sam Ortiz',
        contact_role: 'Founder',
        email: 'office@other-street.example',
        phone: '+1 (555) 010-4000',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const users = createUsersService(database.db);
    const account = { firmId: id, firstName: 'Sam', password: DEMO_PASSWORD };
    const admin = await users.create(
      { ...account, loginId: 'other.admin', email: 'admin@other-street.example', role: 'admin' },
      'basic',
    );
    await users.create(
      { ...account, loginId: 'other.user', email: 'user@other-street.example', role: 'user' },
      'basic',
    );
    await createSettingsService({ db: database.db }).saveSecurity({ id: admin.id }, id, {
      ...DEFAULT_SECURITY,
      twoFactorAdmins: false,
    });
  } finally {
    await database.close();
  }
  return { dataDir, otherUser: 'other.user' };
}

async function importFile(app: RunningApp, cookie: string, token: string, csv: string) {
  const form = new FormData();
  form.set('mode', 'all-or-nothing');
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'cases.csv');
  const started = performance.now();
  const res = await fetch(`${app.baseUrl}/api/cases/import`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': token, 'x-forwarded-proto': 'https' },
    body: form,
  });
  const body = (await res.json()) as { imported?: number; rejected?: unknown[]; error?: string };
  if (res.status !== 200 || body.rejected?.length)
    throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms: performance.now() - started, imported: body.imported ?? 0 };
}

/** Downloads the export as fast as it comes, counting its bytes and lines. */
async function exportAll(app: RunningApp, cookie: string) {
  const started = performance.now();
  const res = await fetch(`${app.baseUrl}/api/cases/export?sort=caseNumber`, {
    headers: { cookie, 'accept-encoding': 'identity' },
  });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  // Each description holds a comma but no line break: one line per case, and the header.
  return { ms: performance.now() - started, bytes, rows: lines - 1 };
}

/** Every figure on one fresh PGlite server (the demo firm's administrator imports and exports). */
export async function measureCaseTransfer(rows = TRANSFER_ROWS): Promise<TransferFigures> {
  const { dataDir, otherUser } = await preparedFolder();
  const app = await startApp({ name: 'app (PGlite, import/export)', dataDir, logLevel: 'silent' });
  try {
    const cookie = await signIn(app.baseUrl, 'admin');
    const other = await signIn(app.baseUrl, otherUser);
    const { csrfToken } = await signedInPage(app.baseUrl, '/admin/cases/import', cookie);
    const csv = transferCsv(rows);
    const dashboardIdle = await repeatedly(app, other, OTHER_DASHBOARD, 40);
    const rssIdleMb = rssMb(app.pid);
    const importing = peakRss(app.pid, () => importFile(app, cookie, csrfToken, csv));
    const { outcome: imported, timings: dashboardDuringImport } = await whileRunning(
      app,
      other,
      OTHER_DASHBOARD,
      importing,
    );
    await repeatedly(app, cookie, CASE_LIST, 5);
    const caseListAfter = await repeatedly(app, cookie, CASE_LIST, 40);
    // A small export first, so the code and the database's caches are warm before memory is sampled.
    await fetch(`${app.baseUrl}/api/cases/export?q=zzzz`, { headers: { cookie } }).then((r) =>
      r.arrayBuffer(),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssBeforeMb = rssMb(app.pid);
    const exported = await peakRss(app.pid, () => exportAll(app, cookie));
    const twoStarted = performance.now();
    const { timings: dashboardDuringExports } = await whileRunning(
      app,
      other,
      OTHER_DASHBOARD,
      Promise.all([exportAll(app, cookie), exportAll(app, cookie)]),
    );
    return {
      rssIdleMb,
      rssImportPeakMb: imported.peak,
      importMs: imported.ms,
      imported: imported.imported,
      fileBytes: Buffer.byteLength(csv),
      dashboardIdle,
      dashboardDuringImport,
      dashboardDuringExports,
      caseListAfter,
      exportMs: exported.ms,
      exportedRows: exported.rows,
      exportBytes: exported.bytes,
      rssBeforeMb,
      rssPeakMb: exported.peak,
      twoExportsMs: performance.now() - twoStarted,
    };
  } finally {
    await app.stop();
  }
}

// `tsx scripts/bench/cases-transfer.ts [rows]`: these figures alone (`npm run bench` runs them with the rest).
if (require.main === module) {
  measureCaseTransfer(Number(process.argv[2]) || TRANSFER_ROWS)
    .then((figures) => console.log(figures))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => cleanUp());
}
