// `npm run bench`: figures measured in one run on this machine, printed as a table. Nothing is asserted;
// PASS/FAIL only compares a figure with its goal. Throughput is a ratio to a bare Express "hello"
// measured in the same run, so figures from different machines can be compared.
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD, type RunningApp, buildIfStale, signIn, signOut, signedInPage, startApp } from './app';
import { launchBrowser, type PageScripts, scriptsLoadedBy, signInThroughPage } from './browser';
import { measureCaseTransfer, type Timings, TRANSFER_GOALS, TRANSFER_ROWS } from './cases-transfer';
import { DOCUMENT_GOALS, measureDocuments } from './documents';
import { ISOLATION_GOALS, measureIsolation } from './isolation';
import { measureRules, RULES_GOAL_PER_SECOND } from './rules';
import { measureReports, REPORT_GOAL_MS } from './reports';
import { INTAKE_GOALS, measureIntake } from './intake';
import { type Child, ROOT, cleanUp, freePort, makeTempDir, startChild, waitForAnswer } from './children';
import {
  CASE_COUNT,
  CASE_LIST_GOALS,
  type CaseListRun,
  isVacuumed,
  measureCaseListOnPglite,
  measureCaseListOnPostgres,
  meetsGoal,
  reportOf,
} from './cases';
import { LOAD_SETTINGS, measureThroughput, type Throughput } from './load';
import { measurePermissionCheck } from './permission';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, freshSchema, redacted, redisProblem } from './services';

const GOALS = {
  publicRatio: 0.8,
  dashboardRatio: 0.25,
  homeScriptGzipBytes: 5 * 1024,
  permissionCheckMicros: 20,
};
const DASHBOARD = '/admin/dashboard';
const API_LIST = '/api/firms';

/**
 * The bench's parts, in the order they run. `npm run bench -- documents transfer` runs only the parts
 * named (then in this order); with none named it runs them all.
 */
const SECTIONS = [
  'permission',
  'startup',
  'throughput',
  'case-list',
  'transfer',
  'documents',
  'isolation',
  'rules',
  'reports',
  'intake',
] as const;
type Section = (typeof SECTIONS)[number];
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length) {
  console.error(`Unknown bench part: ${unknown.join(', ')}. The parts are: ${SECTIONS.join(', ')}.`);
  process.exit(2);
}
const wanted = (section: Section) => chosen.length === 0 || chosen.includes(section);

type Verdict = 'PASS' | 'FAIL' | 'SKIP' | 'ERROR' | '';
type Row = {
  name: string;
  value: string;
  ratio: string;
  goal: string;
  verdict: Verdict;
  cpu: string;
  note: string;
};
type Cells = Record<keyof Row, string>;

const rows: Row[] = [];
const details: string[] = [];
let hadError = false;

const row = (r: Partial<Row> & { name: string }): void => {
  rows.push({ value: '', ratio: '', goal: '', verdict: '', cpu: '', note: '', ...r });
};
const skip = (name: string, goal: string, note: string): void => row({ name, goal, verdict: 'SKIP', note });
const failure = (name: string, error: unknown) => {
  hadError = true;
  row({ name, verdict: 'ERROR', note: firstLine(error) });
  details.push(`${name}: ${(error as Error).message ?? String(error)}`);
};
const firstLine = (error: unknown) => ((error as Error).message ?? String(error)).split('\n')[0];

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `Reti Immigration bench: Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}`,
  );
  console.log(
    `autocannon: ${LOAD_SETTINGS.connections} connections, pipelining ${LOAD_SETTINGS.pipelining}, ${LOAD_SETTINGS.warmUpSeconds} s warm-up + ${LOAD_SETTINGS.durationSeconds} s measured, one target at a time`,
  );
  console.log(`load average at start: ${loadAverage()} (other work on this machine skews every figure)\n`);

  if (await buildIfStale()) console.log('dist/ was stale: built it.');

  const redisUrl = process.env.REDIS_URL || DEFAULT_REDIS_URL;
  const redisIssue = await redisProblem(redisUrl);
  const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const dataDir = makeTempDir('reti-bench-');

  if (wanted('permission')) {
    step('permission check (in process)');
    await permissionFigure();
  }

  if (wanted('startup')) {
    step('start-up, PGlite cold');
    await startupFigures(dataDir, databaseUrl);
  }

  if (wanted('throughput')) await throughputSection(dataDir, databaseUrl, redisUrl, redisIssue);

  if (wanted('case-list')) {
    step(`case list at ${CASE_COUNT.toLocaleString('en-US')} cases (in process; seeds each database first)`);
    await caseListFigures(databaseUrl);
  }

  // After the throughput runs, which this heavy work would disturb.
  if (wanted('transfer')) {
    step(`Import Cases and Export Data, ${TRANSFER_ROWS.toLocaleString('en-US')} rows on PGlite`);
    await transferFigures();
  }

  if (wanted('documents')) {
    step('documents: a 50 MB upload, text and OCR analysis, a page while OCR runs');
    await documentFigures();
  }

  if (wanted('isolation')) {
    step("isolation: hostile files read in sandbox workers; one firm's scans beside another's");
    await isolationFigures();
  }

  if (wanted('rules')) {
    step('rules: deadlines and compliance checks evaluated per second');
    const { perSecond, answers } = measureRules();
    row({
      name: 'rules evaluated per second (one core)',
      value: `${Math.round(perSecond).toLocaleString('en-US')}/s`,
      goal: `≥ ${RULES_GOAL_PER_SECOND.toLocaleString('en-US')}/s`,
      verdict: perSecond >= RULES_GOAL_PER_SECOND ? 'PASS' : 'FAIL',
      note: `${answers.toLocaleString('en-US')} answers (deadlines and compliance) for five sets of facts`,
    });
  }
  if (wanted('reports')) {
    step('reports at 100,000 cases (PostgreSQL; seeds its own schema first)');
    await reportFigures(databaseUrl);
  }
  if (wanted('intake')) {
    step('intake: a questionnaire section saved and its page rendered (PostgreSQL)');
    await intakeFigures(databaseUrl);
  }

  printTable();
  if (details.length) console.log(`\n${details.join('\n')}`);
  console.log(
    `\nload average at end: ${loadAverage()}; bench took ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** Figures 1 and 2: the app's throughput as a ratio to a bare Express hello measured before and after. */
async function throughputSection(
  dataDir: string,
  databaseUrl: string,
  redisUrl: string,
  redisIssue: string | undefined,
): Promise<void> {
  step('baseline: bare Express hello');
  const hello = await startHello();
  const helloBefore = await measureThroughput(`${hello.baseUrl}/`, hello.pid);

  const appRows: Array<{ label: string; logLevel: 'silent' | 'info' }> = [
    { label: '', logLevel: 'silent' },
    { label: ', LOG_LEVEL=info', logLevel: 'info' },
  ];
  const measured: Array<{ name: string; result: Throughput; goal?: number }> = [];
  for (const { label, logLevel } of appRows) {
    step(`app throughput${label || ', LOG_LEVEL=silent'}`);
    measured.push(...(await throughputFigures({ label, logLevel, dataDir, redisUrl, redisIssue })));
  }

  step('API list on PostgreSQL');
  measured.push(...(await postgresApiFigure(databaseUrl, redisUrl, redisIssue)));

  const helloAfter = await measureThroughput(`${hello.baseUrl}/`, hello.pid);
  await hello.stop();
  // The mean of a run before and after the app's runs evens out drift in the machine's other load.
  const baseline = (helloBefore.requestsPerSecond + helloAfter.requestsPerSecond) / 2;
  const baselineCpu = mean([helloBefore.cpuMicrosPerRequest, helloAfter.cpuMicrosPerRequest]);
  const throughputRows: Row[] = [
    throughputRow('hello (bare Express 5), before', helloBefore),
    throughputRow('hello (bare Express 5), after', helloAfter),
    ...measured.map(({ name, result, goal }) => {
      const ratio = result.requestsPerSecond / baseline;
      const suspect = result.failures > 0;
      return {
        ...throughputRow(name, result, baselineCpu),
        ratio: ratio.toFixed(2),
        goal: goal === undefined ? '—' : `≥ ${goal.toFixed(2)}`,
        verdict: suspect ? 'ERROR' : goal === undefined ? '' : ratio >= goal ? 'PASS' : 'FAIL',
      } satisfies Row;
    }),
  ];
  // Throughput first in the table: it is the figure people look for.
  rows.unshift(...throughputRows);
}

/** Documents: the 50 MB upload (memory, speed), a 20-page text PDF and a scan analysed, a page while OCR runs. */
async function documentFigures(): Promise<void> {
  const g = DOCUMENT_GOALS;
  const memoryName = 'upload 50 MB: server RSS growth';
  try {
    const f = await measureDocuments();
    const growth = f.upload.rssPeakMb - f.upload.rssBeforeMb;
    row({
      name: memoryName,
      value: `${growth.toFixed(1)} MB`,
      goal: `≤ ${g.uploadRssGrowthMb} MB`,
      verdict: growth <= g.uploadRssGrowthMb ? 'PASS' : 'FAIL',
      note: `RSS ${f.upload.rssBeforeMb.toFixed(0)} → peak ${f.upload.rssPeakMb.toFixed(0)} MB while taking it in; ${f.upload.rssAtAnswerMb.toFixed(0)} MB at the answer`,
    });
    row({
      name: 'upload 50 MB on loopback',
      value: `${f.upload.mbPerSecond.toFixed(0)} MB/s`,
      goal: `≥ ${g.uploadMbPerSecond} MB/s`,
      verdict: f.upload.mbPerSecond >= g.uploadMbPerSecond ? 'PASS' : 'FAIL',
      note: `${f.upload.ms.toFixed(0)} ms from the first byte to the 201 (streamed to disk, SHA-256 on the way)`,
    });
    const pdfSeconds = f.textPdf.warmMs / 1000;
    row({
      name: `analyze a ${f.textPdf.pages}-page text PDF (in process)`,
      value: `${pdfSeconds.toFixed(2)} s`,
      goal: `≤ ${g.textPdfSeconds} s`,
      verdict: pdfSeconds <= g.textPdfSeconds ? 'PASS' : 'FAIL',
      note: `text layer + analysis, ${f.textPdf.characters.toLocaleString('en-US')} characters; first run ${(f.textPdf.coldMs / 1000).toFixed(2)} s (loads pdf.js)`,
    });
    const ocrSeconds = f.ocr.ms / 1000;
    row({
      name: 'OCR a one-page scan (in process)',
      value: `${ocrSeconds.toFixed(2)} s`,
      goal: `≤ ${g.ocrSeconds} s`,
      verdict: ocrSeconds <= g.ocrSeconds ? 'PASS' : 'FAIL',
      note: `an image-only PDF page rendered and read, confidence ${f.ocr.confidence}; OCR start-up ${(f.ocr.startMs / 1000).toFixed(2)} s before it`,
    });
    const p = f.pageWhileOcr;
    row({
      name: 'GET /user/dashboard p95 while OCR runs',
      value: `${p.p95.toFixed(0)} ms`,
      goal: `≤ ${g.pageP95Ms} ms`,
      verdict: p.p95 <= g.pageP95Ms ? 'PASS' : 'FAIL',
      note: `${p.requests} requests one after another while ${p.images} pictures were OCR'd by the server; p50 ${p.p50.toFixed(0)}, max ${p.max.toFixed(0)} ms; p95 ${p.idleP95.toFixed(0)} ms idle`,
    });
  } catch (error) {
    failure(memoryName, error);
  }
}

/** Each hostile file: the other firm's dashboard while it is read, and the memory it took; then fairness. */
async function isolationFigures(): Promise<void> {
  const name = "another firm's dashboard p95 while hostile files are read";
  try {
    const f = await measureIsolation();
    for (const file of f.files)
      row({
        name: `dashboard p95, other firm, while: ${file.name}`,
        value: `${file.p95.toFixed(0)} ms`,
        goal: `≤ ${ISOLATION_GOALS.otherFirmP95Ms} ms`,
        verdict: file.p95 <= ISOLATION_GOALS.otherFirmP95Ms ? 'PASS' : 'FAIL',
        note: `${file.bytes < 1 << 20 ? `${Math.ceil(file.bytes / 1024)} KB` : megabytes(file.bytes)} ×3, ${file.outcome.slice(0, 60)}… in ${file.seconds.toFixed(1)} s; ${file.requests} requests, max ${file.max.toFixed(0)} ms (p95 ${file.idleP95.toFixed(0)} just before); worker RSS peak ${file.workerRssPeakMb.toFixed(0)} MB; web RSS ${file.webRssBeforeMb.toFixed(0)} → ${file.webRssPeakMb.toFixed(0)} MB`,
      });
    row({
      name: `another firm's one scan behind ${f.fairness.scans} scans of one firm`,
      value: `${f.fairness.waitSeconds.toFixed(1)} s`,
      goal: '—',
      note: `from its upload to its analysis done; the ${f.fairness.scans} scans took ${f.fairness.backlogSeconds.toFixed(1)} s in all`,
    });
  } catch (error) {
    failure(name, error);
  }
}

/** The time the enforcing middleware adds to one API request, over the seeded catalog. */
async function permissionFigure(): Promise<void> {
  const name = 'permission check per API request';
  try {
    const figure = await measurePermissionCheck();
    row({
      name,
      value: `${figure.microsPerCheck.toFixed(2)} µs`,
      goal: `< ${GOALS.permissionCheckMicros} µs`,
      verdict: figure.microsPerCheck < GOALS.permissionCheckMicros ? 'PASS' : 'FAIL',
      note: `${figure.checks} checks over ${figure.actions} cataloged actions × 4 callers, no I/O`,
    });
  } catch (error) {
    failure(name, error);
  }
}

/**
 * Importing a 100,000-row CSV (seconds) and another firm's dashboard meanwhile, the case list afterwards,
 * exporting those cases (the server's memory growth), and the other firm's dashboard during two exports.
 */
async function transferFigures(): Promise<void> {
  const rowsText = TRANSFER_ROWS.toLocaleString('en-US');
  const importName = `import a ${rowsText}-row CSV (PGlite)`;
  const g = TRANSFER_GOALS;
  try {
    const f = await measureCaseTransfer();
    const seconds = f.importMs / 1000;
    const growth = f.rssPeakMb - f.rssBeforeMb;
    const complete = f.imported === TRANSFER_ROWS && f.exportedRows >= TRANSFER_ROWS;
    const verdict = (ok: boolean): Verdict => (!complete ? 'ERROR' : ok ? 'PASS' : 'FAIL');
    const during = (t: Timings) =>
      `${t.requests} requests one after another; p50 ${t.p50.toFixed(0)}, max ${t.max.toFixed(0)} ms; p95 ${f.dashboardIdle.p95.toFixed(0)} ms idle`;
    row({
      name: importName,
      value: `${seconds.toFixed(1)} s`,
      goal: `≤ ${g.importSeconds} s`,
      verdict: verdict(seconds <= g.importSeconds),
      note: `${f.imported} imported from a ${megabytes(f.fileBytes)} file while the demo documents were analyzed; server RSS ${f.rssIdleMb.toFixed(0)} MB, peak ${f.rssImportPeakMb.toFixed(0)} MB`,
    });
    row({
      name: "another firm's dashboard p95 during the import",
      value: `${f.dashboardDuringImport.p95.toFixed(0)} ms`,
      goal: `≤ ${g.dashboardP95Ms} ms`,
      verdict: verdict(f.dashboardDuringImport.p95 <= g.dashboardP95Ms),
      note: during(f.dashboardDuringImport),
    });
    row({
      name: `case list p50 after the import (PGlite, HTTP)`,
      value: `${f.caseListAfter.p50.toFixed(1)} ms`,
      goal: `≤ ${g.caseListP50Ms} ms`,
      verdict: verdict(f.caseListAfter.p50 <= g.caseListP50Ms),
      note: `GET /api/cases, first page of the firm's ${rowsText} + demo cases; p95 ${f.caseListAfter.p95.toFixed(1)} ms`,
    });
    row({
      name: `export ${rowsText} cases: server RSS growth`,
      value: `${growth.toFixed(1)} MB`,
      goal: `≤ ${g.exportRssGrowthMb} MB`,
      verdict: verdict(growth <= g.exportRssGrowthMb),
      note: `${f.exportedRows} rows, ${megabytes(f.exportBytes)} in ${(f.exportMs / 1000).toFixed(1)} s; RSS ${f.rssBeforeMb.toFixed(0)} → ${f.rssPeakMb.toFixed(0)} MB`,
    });
    row({
      name: "another firm's dashboard p95 during two exports",
      value: `${f.dashboardDuringExports.p95.toFixed(0)} ms`,
      goal: `≤ ${g.dashboardP95Ms} ms`,
      verdict: verdict(f.dashboardDuringExports.p95 <= g.dashboardP95Ms),
      note: `both ${rowsText}-case exports at once took ${(f.twoExportsMs / 1000).toFixed(1)} s; ${during(f.dashboardDuringExports)}`,
    });
  } catch (error) {
    failure(importName, error);
  }
}

/** A questionnaire's largest section saved, and its fill page, p50 and p95 through the server. */
async function intakeFigures(databaseUrl: string): Promise<void> {
  const g = INTAKE_GOALS;
  try {
    const f = await measureIntake(databaseUrl);
    row({
      name: 'questionnaire answers saved (one section)',
      value: `p95 ${f.save.p95.toFixed(0)} ms`,
      goal: `≤ ${g.answerP95Ms} ms`,
      verdict: f.save.p95 <= g.answerP95Ms ? 'PASS' : 'FAIL',
      note: `p50 ${f.save.p50.toFixed(0)} ms; N-400 section ${f.section}, ${f.answers} answers per request`,
    });
    row({
      name: 'questionnaire fill page (one section)',
      value: `p95 ${f.page.p95.toFixed(0)} ms`,
      goal: `≤ ${g.pageP95Ms} ms`,
      verdict: f.page.p95 <= g.pageP95Ms ? 'PASS' : 'FAIL',
      note: `p50 ${f.page.p50.toFixed(0)} ms`,
    });
    row({
      name: 'portal: a client saves a section',
      value: `p95 ${f.portal.save.p95.toFixed(0)} ms`,
      goal: `≤ ${g.answerP95Ms} ms`,
      verdict: f.portal.save.p95 <= g.answerP95Ms ? 'PASS' : 'FAIL',
      note: `p50 ${f.portal.save.p50.toFixed(0)} ms; family section ${f.portal.section}, ${f.portal.answers} answers per request`,
    });
    row({
      name: 'portal: the questionnaire page',
      value: `p95 ${f.portal.page.p95.toFixed(0)} ms`,
      goal: `≤ ${g.pageP95Ms} ms`,
      verdict: f.portal.page.p95 <= g.pageP95Ms ? 'PASS' : 'FAIL',
      note: `p50 ${f.portal.page.p50.toFixed(0)} ms`,
    });
  } catch (error) {
    if (/not reachable/.test(firstLine(error)))
      skip('questionnaire answers', `≤ ${g.answerP95Ms} ms`, firstLine(error));
    else failure('questionnaire answers', error);
  }
}

/** Each report over last year at 100,000 cases on PostgreSQL, and the case summary's PDF. */
async function reportFigures(databaseUrl: string): Promise<void> {
  try {
    const f = await measureReports(databaseUrl);
    for (const [type, ms] of Object.entries(f.ms))
      row({
        name: `report ${type}, last year (PostgreSQL)`,
        value: `${ms.toFixed(0)} ms`,
        goal: type === 'case-summary' ? `≤ ${REPORT_GOAL_MS} ms` : '',
        verdict: type === 'case-summary' ? (ms <= REPORT_GOAL_MS ? 'PASS' : 'FAIL') : '',
        note: `median of 3; the firm has ${f.cases.toLocaleString('en-US')} cases`,
      });
    row({
      name: 'report PDF, case summary',
      value: `${f.pdf.ms.toFixed(0)} ms`,
      note: `${(f.pdf.bytes / 1024).toFixed(1)} KB, ${f.pdf.pages} pages`,
    });
  } catch (error) {
    if (/not reachable/.test(firstLine(error)))
      skip('reports at 100k (PostgreSQL)', `≤ ${REPORT_GOAL_MS} ms`, firstLine(error));
    else failure('reports at 100k (PostgreSQL)', error);
  }
}

/** The case list's searches at 100,000 cases, p50 and p95 of the service's time, on PGlite and PostgreSQL. */
async function caseListFigures(databaseUrl: string): Promise<void> {
  const backends = [
    ['PGlite', measureCaseListOnPglite],
    ['PostgreSQL', () => measureCaseListOnPostgres(databaseUrl)],
  ] as const;
  for (const [label, measure] of backends) {
    const name = `case list at 100k (${label})`;
    let runs: CaseListRun[];
    try {
      runs = await measure();
    } catch (error) {
      if (/not reachable/.test(firstLine(error)))
        skip(name, '—', `${firstLine(error)}; set TEST_DATABASE_URL or DATABASE_URL`);
      else failure(name, error);
      continue;
    }
    for (const run of runs) caseListRows(label, run);
  }
}

/** The searches every firm makes, a row each, and the worst of the other orders (all of them as loaded). */
function caseListRows(label: string, run: CaseListRun): void {
  const goal = CASE_LIST_GOALS[run.backend];
  const goalText = 'p95' in goal ? `p50 ≤ ${goal.p50}, p95 ≤ ${goal.p95} ms` : `p50 ≤ ${goal.p50} ms`;
  const shown = isVacuumed(run) ? run.timings.filter((t) => !t.extra) : [];
  const rest = isVacuumed(run) ? run.timings.filter((t) => t.extra) : run.timings;
  const figure = (name: string, t: CaseListRun['timings'][number], note: string) =>
    row({
      name,
      value: `${t.p50.toFixed(1)} ms`,
      goal: goalText,
      verdict: meetsGoal(run.backend, t) ? 'PASS' : 'FAIL',
      note: `p95 ${t.p95.toFixed(1)} ms; ${note}`,
    });
  for (const t of shown) figure(`case list, ${t.label} (${label})`, t, `${t.total} matches`);
  const worst = rest.reduce((a, b) => (b.p50 > a.p50 ? b : a));
  const which = isVacuumed(run) ? 'other column orders' : 'all, as loaded (never vacuumed)';
  figure(`case list, worst of ${which} (${label})`, worst, worst.label);
  details.push('', ...reportOf(run));
}

/** The authenticated API list again, with the data in PostgreSQL as in production (Redis sessions). */
async function postgresApiFigure(
  databaseUrl: string,
  redisUrl: string,
  redisIssue?: string,
): Promise<Array<{ name: string; result: Throughput }>> {
  const name = `GET ${API_LIST} (Redis session, reti, PostgreSQL)`;
  if (redisIssue) {
    skip(name, '—', `${redisIssue}; set REDIS_URL`);
    return [];
  }
  let scoped: { url: string };
  try {
    scoped = await freshSchema(databaseUrl);
  } catch (error) {
    skip(name, '—', `${firstLine(error)}; set TEST_DATABASE_URL or DATABASE_URL`);
    return [];
  }
  let app: RunningApp | undefined;
  try {
    app = await startApp({ name: 'app (PostgreSQL)', databaseUrl: scoped.url, redisUrl, logLevel: 'silent' });
    const staff = await signIn(app.baseUrl, 'reti');
    const result = await measureThroughput(`${app.baseUrl}${API_LIST}`, app.pid, { cookie: staff });
    return [{ name, result }];
  } catch (error) {
    failure(name, error);
    return [];
  } finally {
    await app?.stop();
  }
}

/** Figure 4: process start → first answer; and, on the warm PGlite app, figure 3 (JavaScript in the browser). */
async function startupFigures(dataDir: string, databaseUrl: string): Promise<void> {
  const startup = (name: string, app: RunningApp) =>
    row({
      name,
      value: `${app.startupMs.toFixed(0)} ms`,
      goal: '—',
      note: 'spawn → first 2xx of GET /node/ping',
    });

  try {
    const cold = await startApp({ name: 'app (PGlite, cold)', dataDir, logLevel: 'silent' });
    startup('start-up, PGlite cold (migrate + seed)', cold);
    await cold.stop();
  } catch (error) {
    failure('start-up, PGlite cold', error);
  }

  step('start-up, PGlite warm; JavaScript in the browser');
  try {
    const warm = await startApp({ name: 'app (PGlite, warm)', dataDir, logLevel: 'silent' });
    startup('start-up, PGlite warm (same DATA_DIR)', warm);
    await browserFigures(warm);
    await warm.stop();
  } catch (error) {
    failure('start-up, PGlite warm', error);
  }

  step('start-up, PostgreSQL');
  const name = 'start-up, PostgreSQL (fresh schema)';
  let scoped: { url: string; schema: string };
  try {
    scoped = await freshSchema(databaseUrl);
  } catch (error) {
    return skip(name, '—', `${firstLine(error)}; set TEST_DATABASE_URL or DATABASE_URL`);
  }
  try {
    const app = await startApp({ name: 'app (PostgreSQL)', databaseUrl: scoped.url, logLevel: 'silent' });
    startup(name, app);
    details.push(
      `PostgreSQL start-up: ${redacted(databaseUrl)}, schema ${scoped.schema} (dropped afterwards)`,
    );
    await app.stop();
  } catch (error) {
    failure(name, error);
  }
}

/** Figure 3: gzip bytes of every script `/` loads before interaction; a page without islands loads none. */
async function browserFigures(app: RunningApp): Promise<void> {
  const homeName = 'JS loaded by / before interaction (gzip)';
  const plainName = `JS loaded by ${DASHBOARD} (signed in, no islands)`;
  let browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    skip(homeName, '≤ 5 KB', `Chromium did not start: ${firstLine(error)}`);
    return skip(plainName, '= 0 B', 'Chromium did not start');
  }
  // The browser uses "localhost", the app's PUBLIC_URL origin (its same-origin check compares with it).
  const base = app.baseUrl.replace('127.0.0.1', 'localhost');
  try {
    const home = await scriptsLoadedBy(browser, `${base}/`);
    row({
      name: homeName,
      value: bytes(home.gzipBytes),
      goal: '≤ 5 KB',
      verdict: verdict(home, home.gzipBytes <= GOALS.homeScriptGzipBytes),
      note: `${home.files.length} files, ${bytes(home.files.reduce((s, f) => s + f.bytes, 0))} raw`,
    });
    details.push(
      `Scripts loaded by / (gzip / raw):`,
      ...home.files.map((f) => `  ${f.url.replace(base, '')}  ${bytes(f.gzipBytes)} / ${bytes(f.bytes)}`),
    );
    details.push(...home.failedRequests.map((f) => `  FAILED ${f}`));

    const plain = await scriptsLoadedBy(
      browser,
      `${base}${DASHBOARD}`,
      signInThroughPage(base, 'admin', DEMO_PASSWORD),
    );
    const onPage = new URL(plain.finalUrl).pathname === DASHBOARD;
    row({
      name: plainName,
      value: bytes(plain.gzipBytes),
      goal: '= 0 B',
      verdict: onPage ? verdict(plain, plain.gzipBytes === 0) : 'ERROR',
      note: onPage ? `${plain.files.length} files` : `ended on ${plain.finalUrl}: not signed in`,
    });
  } catch (error) {
    failure(homeName, error);
  } finally {
    await browser.close();
  }
}

const verdict = (page: PageScripts, ok: boolean): Verdict =>
  page.failedRequests.length ? 'ERROR' : ok ? 'PASS' : 'FAIL';

/** Figures 1 and 2 on one app process: anonymous /public, then the signed-in dashboard with Redis sessions. */
async function throughputFigures(options: {
  label: string;
  logLevel: 'silent' | 'info';
  dataDir: string;
  redisUrl: string;
  redisIssue?: string;
}): Promise<Array<{ name: string; result: Throughput; goal?: number }>> {
  const publicName = `GET /public (anonymous)${options.label}`;
  const dashboardName = `GET ${DASHBOARD} (Redis session)${options.label}`;
  const apiListName = `GET ${API_LIST} (Redis session, reti)${options.label}`;
  const results: Array<{ name: string; result: Throughput; goal?: number }> = [];
  let app: RunningApp;
  try {
    app = await startApp({
      name: `app (${options.logLevel})`,
      dataDir: options.dataDir,
      redisUrl: options.redisIssue ? undefined : options.redisUrl,
      logLevel: options.logLevel,
    });
  } catch (error) {
    failure(publicName, error);
    return results;
  }
  try {
    results.push({
      name: publicName,
      result: await measureThroughput(`${app.baseUrl}/public`, app.pid),
      goal: GOALS.publicRatio,
    });
    if (options.redisIssue) {
      skip(dashboardName, `≥ ${GOALS.dashboardRatio.toFixed(2)}`, `${options.redisIssue}; set REDIS_URL`);
      return results;
    }
    const cookie = await signIn(app.baseUrl);
    const { csrfToken } = await signedInPage(app.baseUrl, DASHBOARD, cookie);
    results.push({
      name: dashboardName,
      result: await measureThroughput(`${app.baseUrl}${DASHBOARD}`, app.pid, { cookie }),
      goal: GOALS.dashboardRatio,
    });
    await signOut(app.baseUrl, cookie, csrfToken);

    const staff = await signIn(app.baseUrl, 'reti');
    const staffPage = await signedInPage(app.baseUrl, '/reti/dashboard', staff);
    results.push({
      name: apiListName,
      result: await measureThroughput(`${app.baseUrl}${API_LIST}`, app.pid, { cookie: staff }),
    });
    await signOut(app.baseUrl, staff, staffPage.csrfToken);
  } catch (error) {
    failure(dashboardName, error);
  } finally {
    await app.stop();
  }
  return results;
}

async function startHello(): Promise<Child> {
  const child = startChild({
    name: 'hello',
    args: ['--import', 'tsx', path.join(ROOT, 'scripts', 'bench', 'hello.ts')],
    env: { NODE_ENV: 'production' },
    port: await freePort(),
  });
  await waitForAnswer(child, '/');
  return child;
}

/** `baselineCpu` adds the hello's CPU per request divided by this one's: the ratio an otherwise idle machine would approach. */
function throughputRow(name: string, result: Throughput, baselineCpu?: number): Row {
  const cpu = result.cpuMicrosPerRequest;
  const cpuRatio = cpu && baselineCpu ? `; CPU ratio ${(baselineCpu / cpu).toFixed(2)}` : '';
  return {
    name,
    value: `${Math.round(result.requestsPerSecond)} req/s`,
    ratio: '',
    goal: '',
    verdict: '',
    cpu: cpu === undefined ? '' : `${Math.round(cpu)} µs`,
    note: `p99 ${result.latencyP99Ms} ms${cpuRatio}${result.failures ? `; NOT ALL 2xx: ${result.statusCounts}` : ''}`,
  };
}

const mean = (values: Array<number | undefined>) =>
  values.every((v) => v !== undefined)
    ? values.reduce<number>((sum, v) => sum + (v ?? 0), 0) / values.length
    : undefined;

function printTable(): void {
  const header: Cells = {
    name: 'figure',
    value: 'value',
    ratio: 'ratio',
    goal: 'goal',
    verdict: 'result',
    cpu: 'CPU/req',
    note: 'note',
  };
  const keys = ['name', 'value', 'ratio', 'goal', 'verdict', 'cpu'] as const;
  const width = Object.fromEntries(
    keys.map((k) => [k, Math.max(...[header, ...rows].map((r) => r[k].length))]),
  ) as Record<(typeof keys)[number], number>;
  const line = (r: Cells) =>
    [
      r.name.padEnd(width.name),
      r.value.padStart(width.value),
      r.ratio.padStart(width.ratio),
      r.goal.padEnd(width.goal),
      r.verdict.padEnd(width.verdict),
      r.cpu.padStart(width.cpu),
      r.note,
    ]
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}\n${'-'.repeat(line(header).length + 20)}`);
  for (const r of rows) console.log(line(r));
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const bytes = (n: number) => (n < 1024 ? `${n} B` : `${(n / 1024).toFixed(2)} KB`);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const step = (what: string) => console.log(`… ${what}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping child processes and cleaning up…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main()
  .catch((error: unknown) => {
    hadError = true;
    console.error(error);
  })
  .finally(async () => {
    await cleanUp();
    process.exit(hadError ? 1 : 0);
  });
