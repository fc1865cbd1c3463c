// Import Cases and Export Data at the size: a 100,000-row CSV imported through the real server on
// PGlite (goal ≤ 60 s), then those 100,000 cases exported while the server's resident memory is sampled
// (goal: it grows by ≤ 50 MB, since the export is streamed in batches and never held whole).
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { type RunningApp, signIn, signedInPage, startApp } from './app';
import { cleanUp, makeTempDir } from './children';

export const TRANSFER_GOALS = { importSeconds: 60, exportRssGrowthMb: 50 };
export const TRANSFER_ROWS = 100_000;

type TransferFigures = {
  /** The server's resident memory before the import, and its peak during it. */
  rssIdleMb: number;
  rssImportPeakMb: number;
  importMs: number;
  imported: number;
  fileBytes: number;
  exportMs: number;
  exportedRows: number;
  exportBytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
};

const FORMS = ['I-130', 'I-485', 'I-765', 'N-400', 'I-589', 'I-140', 'I-751', 'I-90'];
const TYPES = ['family', 'family', 'visa', 'citizenship', 'asylum', 'visa', 'family', 'visa'];
const STATUSES = ['pending', 'processing', 'on-hold', 'approved', 'rejected'];
const GIVEN = ['Ana', 'Ben', 'Chen', 'Dara', 'Emeka', 'Fatima', 'Giorgi', 'Hana', 'Ivan', 'Jae'];

/** A file as a firm moving from another system might bring: 20,000 clients, most columns filled. */
function transferCsv(rows: number): string {
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

/** Both figures on one fresh PGlite server (the demo firm, its administrator). */
export async function measureCaseTransfer(rows = TRANSFER_ROWS): Promise<TransferFigures> {
  const app = await startApp({
    name: 'app (PGlite, import/export)',
    dataDir: makeTempDir('reti-transfer-'),
    logLevel: 'silent',
  });
  try {
    const cookie = await signIn(app.baseUrl, 'admin');
    const { csrfToken } = await signedInPage(app.baseUrl, '/admin/cases/import', cookie);
    const csv = transferCsv(rows);
    const rssIdleMb = rssMb(app.pid);
    const imported = await peakRss(app.pid, () => importFile(app, cookie, csrfToken, csv));
    // A small export first, so the code and the database's caches are warm before memory is sampled.
    await fetch(`${app.baseUrl}/api/cases/export?q=zzzz`, { headers: { cookie } }).then((r) =>
      r.arrayBuffer(),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssBeforeMb = rssMb(app.pid);
    const exported = await peakRss(app.pid, () => exportAll(app, cookie));
    return {
      rssIdleMb,
      rssImportPeakMb: imported.peak,
      importMs: imported.ms,
      imported: imported.imported,
      fileBytes: Buffer.byteLength(csv),
      exportMs: exported.ms,
      exportedRows: exported.rows,
      exportBytes: exported.bytes,
      rssBeforeMb,
      rssPeakMb: exported.peak,
    };
  } finally {
    await app.stop();
  }
}

// `tsx scripts/bench/cases-transfer.ts [rows]`: these two figures alone (`npm run bench` runs them with the rest).
if (require.main === module) {
  measureCaseTransfer(Number(process.argv[2]) || TRANSFER_ROWS)
    .then((figures) => console.log(figures))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => cleanUp());
}
