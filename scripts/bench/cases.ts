// The case list at 100,000 cases in one firm: the real service's list (both queries and the names), timed
// in process for a mix of searches a firm really makes, on PGlite and on PostgreSQL. The rows are seeded
// with one SQL statement each (generate_series); the plans of the queries are printed for the notes.
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type CaseListQuery, caseListQuery } from '../../src/cases/schema';
import { createCasesService } from '../../src/cases/service';
import { createCasesStore } from '../../src/cases/store';
import { type Database, openDatabase } from '../../src/db/database';
import type { DB } from '../../src/db/schema';
import type { SessionUser } from '../../src/shared/session';
import { prepareDatabase } from '../../src/setup';
import { createUsersService } from '../../src/users/service';
import { cleanUp } from './children';
import { DEFAULT_DATABASE_URL, freshSchema } from './services';

export const CASE_COUNT = 100_000;
const CLIENT_COUNT = 20_000;
const USER_COUNT = 40;
const WARM_UP = 5;
const RUNS = 40;

export const CASE_LIST_GOALS = {
  pglite: { p50: 60 },
  postgres: { p50: 30, p95: 80 },
} as const;

const FIRST = [
  'Amara', 'Bao', 'Carlos', 'Dana', 'Elif', 'Farid', 'Giulia', 'Hana', 'Ivan', 'Jamal', 'Kwame', 'Lucía',
  'Mei', 'Nadia', 'Omar', 'Priya', 'Quang', 'Rosa', 'Sanjay', 'Tatiana', 'Uche', 'Valentina', 'Wei',
  'Ximena', 'Yusuf', 'Zainab', 'Ahmed', 'Beatriz', 'Chidi', 'Dmitri', 'Esperanza', 'Fatima', 'Gustavo',
  'Hyun', 'Ingrid', 'José', 'Kateryna', 'Leila', 'Mateo', 'Nkechi',
]; // prettier-ignore
const LAST = [
  'Okafor', 'Nguyen', 'Mendoza', 'Ivanova', 'Yilmaz', 'Haddad', 'Rossi', 'Kim', 'Petrov', 'Hassan',
  'Mensah', 'García', 'Chen', 'Rahman', 'Farouk', 'Raghunathan', 'Tran', 'López', 'Patel', 'Smirnova',
  'Eze', 'Romero', 'Wang', 'Hernández', 'Abdi', 'Bello', 'Kowalski', 'Santos', 'Ali', 'Park', 'Singh',
  'Diallo', 'Morales', 'Popescu', 'Nakamura', 'Osei', 'Castillo', 'Kaur', 'Ibrahim', 'Reyes', 'Volkova',
  'Adeyemi', 'Ortiz', 'Sato', 'Khan', 'Jiménez', 'Boateng', 'Vargas', 'Zhang', 'Moreno', 'Shevchenko',
  'Mohammed', 'Cruz', 'Tanaka', 'Gutiérrez', 'Nwosu', 'Flores', 'Yusuf', 'Alvarez', 'Hoang',
]; // prettier-ignore
const COUNTRIES = [
  'Nigeria',
  'Vietnam',
  'Mexico',
  'India',
  'Ukraine',
  'Philippines',
  'El Salvador',
  'China',
  'Ghana',
  'Brazil',
];
const DESCRIPTIONS = [
  'Spousal petition; marriage certificate received',
  'Work permit while the adjustment is pending',
  'Naturalization interview scheduled at the field office',
  'Asylum declaration drafted; country conditions evidence gathered',
  'Employer petition; labor certification approved',
  'Advance parole for travel to see family',
  'Removal of conditions; joint tax returns requested',
  'Affidavit of support; co-sponsor documents missing',
  'Green card renewal after the card was lost',
  'Request for evidence answered with birth certificate translation',
  'Fiancé petition; proof of meeting in person',
  'Biometrics appointment attended',
]; // prettier-ignore
const RECEIPT_PREFIXES = ['IOE', 'EAC', 'WAC', 'LIN', 'SRC', 'MSC', 'NBC', 'YSC'];

/** A list of words as an SQL array literal (the words are this file's own, quotes doubled anyway). */
const textArray = (words: string[]) =>
  sql.raw(`(ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', ')}]::text[])`);

/** A firm (also the reports bench's) with its users, CLIENT_COUNT clients and CASE_COUNT cases spread over types, forms, states and dates. */
export async function seedBenchFirm(db: Kysely<DB>): Promise<{ firmId: string; actor: SessionUser }> {
  const firm = await db
    .insertInto('firms')
    .values({
      name: 'Bench Immigration Partners',
      contact_person: 'Bench Admin',
      contact_role: 'Partner',
      email: 'office@bench-immigration.example',
      phone: '+1 (555) 010-7000',
      status: 'active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const firmId = firm.id;
  await sql`
    INSERT INTO users (firm_id, login_id, first_name, last_name, email, role, status, password_hash)
    SELECT ${firmId}, 'bench.user' || i, ${textArray(FIRST)}[1 + i % ${FIRST.length}],
      ${textArray(LAST)}[1 + (i * 7) % ${LAST.length}], 'bench.user' || i || '@bench-immigration.example',
      CASE WHEN i = 0 THEN 'admin' ELSE 'user' END, 'active', 'not-a-hash'
    FROM generate_series(0, ${USER_COUNT}) AS i`.execute(db);
  await sql`
    INSERT INTO clients (firm_id, first_name, last_name, email, phone, date_of_birth, country_of_citizenship, created_at)
    SELECT ${firmId}, ${textArray(FIRST)}[1 + i % ${FIRST.length}],
      ${textArray(LAST)}[1 + (i / ${FIRST.length}) % ${LAST.length}],
      'client' || i || '@mail.example', '+1 555 ' || lpad((i % 10000)::text, 4, '0'),
      date '1950-01-01' + (i * 37) % 20000, ${textArray(COUNTRIES)}[1 + i % ${COUNTRIES.length}],
      now() - make_interval(mins => i)
    FROM generate_series(0, ${CLIENT_COUNT - 1}) AS i`.execute(db);
  // Numbers by year of opening, as the service gives them; statuses 20% pending, 30% processing, 10% on
  // hold, 30% approved, 10% rejected; due dates from four months ago to ten months ahead, 10% without.
  await sql`
    INSERT INTO cases (firm_id, case_number, client_id, case_type, form_type, status, assignee_id, due_date,
      description, receipt_number, priority_date, legal_fee_cents, amount_paid_cents, decided_at, created_at, updated_at)
    WITH c AS (SELECT id, row_number() OVER (ORDER BY created_at DESC, id) - 1 AS n FROM clients WHERE firm_id = ${firmId}),
      u AS (SELECT array_agg(id ORDER BY login_id) AS ids FROM users WHERE firm_id = ${firmId}),
      g AS (
        SELECT *, row_number() OVER (PARTITION BY extract(year FROM opened) ORDER BY g) AS seq
        FROM (SELECT g, now() - make_interval(mins => (${CASE_COUNT} - g) * 21) AS opened,
          CASE WHEN (g * 7) % 20 < 4 THEN 'pending' WHEN (g * 7) % 20 < 10 THEN 'processing'
            WHEN (g * 7) % 20 < 12 THEN 'on-hold' WHEN (g * 7) % 20 < 18 THEN 'approved' ELSE 'rejected' END AS status
          FROM generate_series(1, ${CASE_COUNT}) AS g) AS s)
    SELECT ${firmId},
      'RI-' || extract(year FROM opened) || '-' || CASE WHEN seq < 10000 THEN lpad(seq::text, 4, '0') ELSE seq::text END,
      c.id,
      (ARRAY['visa', 'citizenship', 'asylum', 'family'])[1 + g % 4],
      CASE g % 4
        WHEN 0 THEN (ARRAY['I-129F', 'I-765', 'I-131', 'I-140', 'I-485'])[1 + (g / 4) % 5]
        WHEN 1 THEN (ARRAY['N-400', 'I-90', 'I-751'])[1 + (g / 4) % 3]
        WHEN 2 THEN (ARRAY['I-589', 'I-765'])[1 + (g / 4) % 2]
        ELSE (ARRAY['I-130', 'I-130A', 'I-485', 'I-864'])[1 + (g / 4) % 4] END,
      status,
      CASE WHEN g % 20 = 7 THEN NULL ELSE u.ids[2 + (g * 13) % ${USER_COUNT}] END,
      CASE WHEN g % 10 = 3 THEN NULL ELSE current_date + ((g * 37) % 420 - 120) END,
      ${textArray(DESCRIPTIONS)}[1 + (g * 11) % ${DESCRIPTIONS.length}],
      CASE WHEN status <> 'pending' AND g % 3 <> 0
        THEN ${textArray(RECEIPT_PREFIXES)}[1 + g % 8] || lpad((1000000000 + g::bigint * 9973)::text, 10, '0') END,
      CASE WHEN g % 4 IN (0, 3) AND g % 2 = 0 THEN (opened - interval '30 days')::date END,
      (500 + (g * 17) % 60 * 100) * 100,
      (500 + (g * 17) % 60 * 100) * 25 * (g % 5),
      CASE WHEN status IN ('approved', 'rejected') THEN least(now(), opened + make_interval(days => g % 300)) END,
      opened, least(now(), opened + make_interval(hours => g % 2000))
    FROM g CROSS JOIN u JOIN c ON c.n = (g * 7919) % ${CLIENT_COUNT}`.execute(db);
  await sql`
    INSERT INTO case_counters (firm_id, year, last)
    SELECT firm_id, split_part(case_number, '-', 2)::int, count(*) FROM cases WHERE firm_id = ${firmId}
    GROUP BY 1, 2`.execute(db);
  const user = await db
    .selectFrom('users')
    .select(['id', 'login_id', 'first_name'])
    .where('login_id', '=', 'bench.user1')
    .executeTakeFirstOrThrow();
  return {
    firmId,
    actor: { id: user.id, loginId: user.login_id, firstName: user.first_name, role: 'user', firmId },
  };
}

/** The searches measured: what an attorney and an administrator type and click every day. */
async function queriesOf(
  db: Kysely<DB>,
  firmId: string,
): Promise<Array<{ label: string; query: CaseListQuery; extra: boolean }>> {
  const { receipt_number: receipt } = await db
    .selectFrom('cases')
    .select('receipt_number')
    .where('firm_id', '=', firmId)
    .where('receipt_number', 'is not', null)
    .orderBy('case_number')
    .offset(5000)
    .limit(1)
    .executeTakeFirstOrThrow();
  const mix = (label: string, query: Record<string, string>, extra = false) => ({
    label,
    query: caseListQuery.parse(query),
    extra,
  });
  return [
    mix('first page, newest first', {}),
    mix('q = a client surname', { q: 'okafor' }),
    mix('q = a receipt number', { q: receipt! }),
    mix('status=active, sort=dueDate', { status: 'active', sort: 'dueDate' }),
    mix('type=family, page 3', { type: 'family', page: '3' }),
    mix('assignee=me', { assignee: 'me' }),
    // The table's other column orders, the ones an index could fail to serve.
    mix('sort=type', { sort: 'type' }, true),
    mix('sort=-status', { sort: '-status' }, true),
    mix('sort=-dueDate', { sort: '-dueDate' }, true),
    mix('sort=formType', { sort: 'formType' }, true),
    mix('sort=client', { sort: 'client' }, true),
  ];
}

export type CaseListTiming = {
  label: string;
  /** One of the table's other orders, beyond the searches every firm makes. */
  extra: boolean;
  p50: number;
  p95: number;
  total: number;
  plans: string[];
};
export type CaseListRun = {
  backend: 'pglite' | 'postgres';
  /** The database's state: as loaded, or vacuumed and analyzed as a database in service is. */
  state: string;
  seedSeconds: number;
  timings: CaseListTiming[];
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

/** EXPLAIN ANALYZE of the list's two queries (the page, the total) as the service builds them. */
async function plansOf(
  db: Kysely<DB>,
  cases: ReturnType<typeof createCasesService>,
  actor: SessionUser,
  query: CaseListQuery,
): Promise<string[]> {
  const store = createCasesStore(db);
  const where = cases.whereOf(actor, query);
  const page = store
    .ordered(where, cases.orderOf(query.sort))
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize);
  const count = store.matching(where).select((eb) => eb.fn.countAll<number>().as('n'));
  const plans = [];
  for (const [name, built] of [
    ['page', page],
    ['total', count],
  ] as const) {
    const compiled = built.compile();
    const explained = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, COSTS OFF) ${compiled.sql}`, [...compiled.parameters]),
    );
    plans.push(`  ${name}:`, ...explained.rows.map((r) => `    ${r['QUERY PLAN']}`));
  }
  return plans;
}

/** cases.list timed for each query of the mix, as the app calls it (both queries and the names). */
async function timeMix(db: Kysely<DB>, firmId: string, actor: SessionUser): Promise<CaseListTiming[]> {
  const cases = createCasesService({
    db,
    timeZoneOf: async () => 'America/New_York',
    firmUsers: createUsersService(db).listByFirm,
  });
  const timings: CaseListTiming[] = [];
  for (const { label, query, extra } of await queriesOf(db, firmId)) {
    for (let i = 0; i < WARM_UP; i++) await cases.list(actor, query);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      total = (await cases.list(actor, query)).total;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const plans = await plansOf(db, cases, actor, query);
    timings.push({ label, extra, p50: percentile(times, 0.5), p95: percentile(times, 0.95), total, plans });
  }
  return timings;
}

const VACUUMED = 'vacuumed and analyzed';

/**
 * Seeds a fresh database and times the mix. PGlite runs no autovacuum (it is one process, single-user), so
 * it is timed as loaded first, then after VACUUM ANALYZE; PostgreSQL's autovacuum gets there by itself
 * soon after a load, which VACUUM ANALYZE stands in for. `seeder` writes the rows: on PostgreSQL a
 * connection without the app's 5-second statement limit, which a bulk insert outlasts.
 */
async function measureOn(
  backend: 'pglite' | 'postgres',
  database: Database,
  seeder = database.db,
): Promise<CaseListRun[]> {
  await prepareDatabase(database);
  const seeding = performance.now();
  const { firmId, actor } = await seedBenchFirm(seeder);
  const seedSeconds = (performance.now() - seeding) / 1000;
  const runs: CaseListRun[] = [];
  if (backend === 'pglite')
    runs.push({
      backend,
      state: 'as loaded',
      seedSeconds,
      timings: await timeMix(database.db, firmId, actor),
    });
  await sql`VACUUM ANALYZE`.execute(seeder);
  runs.push({ backend, state: VACUUMED, seedSeconds, timings: await timeMix(database.db, firmId, actor) });
  return runs;
}

/** PGlite in memory: the embedded database a small firm runs on. */
export async function measureCaseListOnPglite(): Promise<CaseListRun[]> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    return await measureOn('pglite', database);
  } finally {
    await database.close();
  }
}

/** PostgreSQL at `url`, in a schema of its own that is dropped when the bench cleans up. */
export async function measureCaseListOnPostgres(url: string): Promise<CaseListRun[]> {
  const scoped = await freshSchema(url);
  const database = await openDatabase({ url: scoped.url, dataDir: '' });
  const seeder = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: scoped.url, max: 1 }) }),
  });
  try {
    return await measureOn('postgres', database, seeder);
  } finally {
    await seeder.destroy();
    await database.close();
  }
}

export const isVacuumed = (run: CaseListRun) => run.state === VACUUMED;

/** Whether a figure meets its backend's goals. */
export function meetsGoal(backend: 'pglite' | 'postgres', timing: CaseListTiming): boolean {
  const goal: { p50: number; p95?: number } = CASE_LIST_GOALS[backend];
  return timing.p50 <= goal.p50 && (goal.p95 === undefined || timing.p95 <= goal.p95);
}

/** A run's figures, one line a query, then the plans of each query's two statements. */
export function reportOf(run: CaseListRun): string[] {
  const name = `${run.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${run.state})`;
  return [
    `Case list at ${CASE_COUNT.toLocaleString('en-US')} cases, ${name}: seeded in ${run.seedSeconds.toFixed(1)} s; ${RUNS} runs a query`,
    ...run.timings.map(
      (t) =>
        `  ${t.label.padEnd(28)} p50 ${t.p50.toFixed(1).padStart(6)} ms  p95 ${t.p95.toFixed(1).padStart(6)} ms  ${String(t.total).padStart(6)} matches  ${meetsGoal(run.backend, t) ? 'PASS' : 'FAIL'}`,
    ),
    ...run.timings.flatMap((t) => [`Plans, ${name}, ${t.label}:`, ...t.plans]),
  ];
}

/** `npx tsx scripts/bench/cases.ts`: this figure alone, with its plans. */
async function main() {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  for (const run of [...(await measureCaseListOnPglite()), ...(await measureCaseListOnPostgres(url))])
    console.log(`\n${reportOf(run).join('\n')}`);
}

if (require.main === module)
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => cleanUp());
