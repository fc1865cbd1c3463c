import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database';
import { describeError } from '../../src/http/errors';
import { demoFirmId, secondFirm, signIn, startTestApp, type TestApp, visibleText } from '../helpers/app';
import { waitFor } from '../helpers/poll';

/**
 * A statement that declares 40,000 typed parameters. PGlite's wire parser reads the count as a 16-bit
 * signed number and, from 32,768 on, stops reading any answer: the embedded database's connection is
 * broken, as a 100,000-row import once broke it (the dashboard's deadlines then sent one parameter per
 * open case).
 */
const BREAKING = sql.raw(
  `SELECT ARRAY[${Array.from({ length: 40_000 }, (_, i) => `$${i + 1}::int`).join(',')}] AS a`,
);
const NOT_ANSWERING = 'The database is not answering. Please try again in a moment.';

describe('the embedded database (PGlite) under a statement that breaks its connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("shows the dashboard of a firm with 33,000 open cases (their deadlines' facts in one statement), and every request after it is answered", async () => {
    const firmId = await demoFirmId(t.database);
    await sql`
      INSERT INTO cases (firm_id, case_number, client_id, case_type, form_type, status)
      SELECT ${firmId}, 'RI-2031-' || g, (SELECT id FROM clients WHERE firm_id = ${firmId} LIMIT 1),
        'family', 'I-130', 'pending'
      FROM generate_series(1, 33000) AS g`.execute(t.database.db);
    const attorney = await signIn(t.app, 'attorney');
    const admin = await signIn(t.app, 'admin');

    const dashboard = await attorney.agent.get('/user/dashboard');
    expect(dashboard.status).toBe(200);
    expect(visibleText(dashboard.text)).toContain('Upcoming deadlines');
    expect((await admin.agent.get('/api/dashboard')).status).toBe(200);
    expect((await attorney.agent.get('/api/cases?pageSize=1')).body.total).toBeGreaterThan(33_000);
  }, 120_000);

  it('reopens a broken connection: the statement fails with 503, then sessions and Back up now work without a restart', async () => {
    const admin = await signIn(t.app, 'admin');
    const broke = await BREAKING.execute(t.database.db).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(describeError(broke)).toEqual({ status: 503, message: NOT_ANSWERING });

    const cases = await admin.agent.get('/api/cases?pageSize=1');
    expect(cases.status).toBe(200);
    expect(cases.body.total).toBeGreaterThan(0);
    const backup = await admin.agent.post('/api/backups').set('X-CSRF-Token', admin.token);
    expect(backup.status).toBe(201);
    expect(backup.body.status).toBe('done');
    // A new sign-in works too: the sessions' table is read and written again.
    expect((await (await signIn(t.app, 'attorney')).agent.get('/api/cases?pageSize=1')).status).toBe(200);
  }, 60_000);
});

describe('long work on the embedded database (PGlite), which has one connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("writes an import in batches of its own: its first cases are saved and another firm's requests answered before it ends", async () => {
    const admin = await signIn(t.app, 'admin');
    const other = await signIn(t.app, (await secondFirm(t)).user);
    const rows = Array.from({ length: 4000 }, (_, i) => `Batchy Client${i},visa,I-130`);
    let ended = 0;
    const importing = admin.agent
      .post('/api/cases/import')
      .set('X-CSRF-Token', admin.token)
      .attach('file', Buffer.from(['Client Name,Case Type,Form Type', ...rows].join('\n')), 'cases.csv')
      .then((res) => {
        ended = Date.now();
        return res;
      });
    const saved = () =>
      t.database.db
        .selectFrom('cases')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('client_name', 'like', 'Batchy %')
        .executeTakeFirstOrThrow();
    await waitFor(async () => Number((await saved()).n) > 0, 60_000);
    const answered = await other.agent.get('/user/dashboard');
    expect(answered.status).toBe(200);
    const at = Date.now();
    const res = await importing;
    expect(res.body).toMatchObject({ imported: 4000, rejected: [] });
    expect(ended).toBeGreaterThan(at);
  }, 120_000);
});

describe('statements awaited one after another on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('let the event loop turn between them: a timer fires, so requests are read meanwhile', async () => {
    const gaps: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 5);
    const started = performance.now();
    let statements = 0;
    try {
      while (performance.now() - started < 1000) {
        await sql`SELECT 1`.execute(t.database.db);
        statements++;
      }
    } finally {
      clearInterval(timer);
    }
    expect(statements).toBeGreaterThan(100);
    // A second of statements that never let the loop turn would leave one gap of a second.
    expect(gaps.length).toBeGreaterThan(10);
    expect(Math.max(...gaps)).toBeLessThan(250);
  });
});

describe('the embedded database in a data folder, reopened after its connection broke', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-embedded-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps what was committed and its lock, and refuses to go on with the transaction the break ended', async () => {
    const reopened: unknown[] = [];
    const database = await openDatabase({ dataDir, onReopen: (cause) => reopened.push(cause) });
    const lock = path.join(dataDir, 'pgdata.lock');
    try {
      const { db } = database;
      await sql`CREATE TABLE notes (text text)`.execute(db);
      await sql`INSERT INTO notes VALUES ('kept')`.execute(db);

      const outcome = db.transaction().execute(async (trx) => {
        await sql`INSERT INTO notes VALUES ('in the transaction')`.execute(trx);
        await BREAKING.execute(trx).catch(() => undefined);
        await sql`INSERT INTO notes VALUES ('after the break')`.execute(trx);
      });
      await expect(outcome).rejects.toThrow(
        'The embedded database was reopened during this transaction, which has ended: nothing of it was saved.',
      );

      expect(reopened).toHaveLength(1);
      expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
      const { rows } = await sql<{ text: string }>`SELECT text FROM notes`.execute(db);
      expect(rows.map((r) => r.text)).toEqual(['kept']);
      await sql`INSERT INTO notes VALUES ('new')`.execute(db);
      expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM notes`.execute(db)).rows[0].n).toBe(2);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('refuses a statement with more parameters than PGlite reads, before it reaches the database', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const many = Array.from({ length: 40_000 }, (_, i) => i);
      await expect(sql`SELECT 1 WHERE 1 IN (${sql.join(many)})`.execute(database.db)).rejects.toThrow(
        'A statement with 40000 parameters: the embedded database reads at most 32767 (pass a list as one array parameter).',
      );
      expect((await sql<{ ok: number }>`SELECT 1 AS ok`.execute(database.db)).rows).toEqual([{ ok: 1 }]);
    } finally {
      await database.close();
    }
  });
});
