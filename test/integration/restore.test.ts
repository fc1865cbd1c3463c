import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import request from 'supertest';
import { createRowsStore } from '../../src/backups/rows-store';
import { openStream, SEAL_REFUSALS, sealStream } from '../../src/backups/seal';
import { BACKUP_CONTENTS } from '../../src/features';
import { seedDemoDocuments } from '../../src/documents/demo';
import { documentsDirOf, localDocumentStorage } from '../../src/documents/storage';
import { todayIn } from '../../src/shared/dates';
import { NO_PASSWORD_YET } from '../../src/users/service';
import {
  BACKENDS,
  demoFirmId,
  REDIS_URL,
  type SignedIn,
  signIn,
  startTestApp,
  type TestApp,
} from '../helpers/app';
import { waitFor } from '../helpers/poll';

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describe.each(BACKENDS)('restoring a firm backup (%s)', (backend) => {
  let t: TestApp;
  let firmId: string;
  let staff: SignedIn;
  let admin: SignedIn;
  let work: string;
  const db = () => t.database.db;
  const storage = () => localDocumentStorage(documentsDirOf(t.config));

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-restore-'));
    t = await startTestApp({ backend, redis: backend === 'postgres' && Boolean(REDIS_URL) });
    firmId = await demoFirmId(t.database);
    const attorney = await db()
      .selectFrom('users')
      .select('id')
      .where('login_id', '=', 'attorney')
      .executeTakeFirstOrThrow();
    // The demo firm's documents, with their files in storage; a case's facts and a generated packet too.
    await db()
      .transaction()
      .execute((trx) =>
        seedDemoDocuments(
          trx,
          { id: firmId, today: todayIn('America/New_York'), uploadedBy: attorney.id },
          storage(),
        ),
      );
    const document = await db()
      .selectFrom('documents')
      .select(['id', 'case_id'])
      .where('firm_id', '=', firmId)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('case_facts')
      .values({
        case_id: document.case_id!,
        firm_id: firmId,
        facts: JSON.stringify({ maritalStatus: 'married' }),
        updated_by: attorney.id,
      })
      .execute();
    await db()
      .insertInto('generated_forms')
      .values({
        firm_id: firmId,
        case_id: document.case_id,
        generated_by: attorney.id,
        forms: ['I-130'],
        draft: true,
        document_id: document.id,
      })
      .execute();
    // Filing addresses: one in use, one withdrawn (both name the attorney).
    const address = {
      firm_id: firmId,
      form: 'I-130',
      address: 'USCIS\nP.O. Box 650888\nDallas, TX 75265-0888',
      source_url: 'https://www.uscis.gov/i-130-addresses',
      added_by: attorney.id,
    };
    await db()
      .insertInto('filing_addresses')
      .values([
        { ...address, label: null, effective_from: '2026-01-15' },
        {
          ...address,
          label: 'Petitioner lives in Texas',
          effective_from: '2025-01-15',
          withdrawn_at: new Date(),
          withdrawn_by: attorney.id,
          withdrawn_reason: 'Replaced by USCIS.',
        },
      ])
      .execute();
    staff = await signIn(t.app, 'reti');
    admin = await signIn(t.app, 'admin');
  }, 180_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** "Back up now", downloaded as the firm's administrator gets it. */
  async function backUp(): Promise<{ file: string; sizeBytes: number }> {
    const made = await admin.agent.post('/api/backups').set('X-CSRF-Token', admin.token);
    expect(made.status).toBe(201);
    const download = await admin.agent.get(`/api/backups/${made.body.id}/download`).responseType('blob');
    const file = path.join(work, `${made.body.id}.tar.gz`);
    fs.writeFileSync(file, download.body as Buffer);
    return { file, sizeBytes: made.body.sizeBytes };
  }

  const upload = (file: string) =>
    staff.agent.post('/api/restores').set('X-CSRF-Token', staff.token).attach('file', file);

  /** Uploads an archive and waits for its restore to end; answers what staff see of it. */
  async function restore(file: string) {
    const started = await upload(file);
    expect(started.status).toBe(202);
    expect(started.body.status).toBe('queued');
    let item = started.body;
    await waitFor(async () => {
      item = (await staff.agent.get(`/api/restores/${started.body.id}`)).body;
      return item.status !== 'queued' && item.status !== 'running';
    }, 120_000);
    return item;
  }

  /** The files of a firm's documents and form editions, by SHA-256 of their bytes read from storage. */
  async function fileHashes(firm: string) {
    const rows = [
      ...(await db()
        .selectFrom('documents')
        .select(['storage_key', 'sha256'])
        .where('firm_id', '=', firm)
        .execute()),
      ...(await db()
        .selectFrom('form_editions')
        .select(['storage_key'])
        .where('firm_id', '=', firm)
        .execute()),
    ];
    return Promise.all(
      rows.map(async (r) => ({
        recorded: 'sha256' in r ? r.sha256 : undefined,
        read: sha256(await storage().read(r.storage_key)),
      })),
    );
  }

  it('the drill: backs the demo firm up, restores it into a new firm, same rows and the same files', async () => {
    const began = performance.now();
    const backup = await backUp();
    const backedUp = performance.now();
    const item = await restore(backup.file);
    const seconds = (performance.now() - began) / 1000;
    const backupSeconds = (backedUp - began) / 1000;
    expect(item).toMatchObject({ status: 'restored', checkPassed: true, error: null });
    const restoredId = item.firm.id as string;
    expect(restoredId).not.toBe(firmId);
    expect(item.firm.name).toBe('Demo Immigration Law');

    // Every table: as many rows in the new firm as in the old one.
    const rows = createRowsStore(db());
    for (const plan of BACKUP_CONTENTS.backedUp.filter((p) => p.table !== 'audit_log')) {
      const [before, after] = [await rows.count(plan, firmId), await rows.count(plan, restoredId)];
      expect([plan.table, after]).toEqual([plan.table, before]);
    }
    // The audit log: the old firm's less the backup's own row (made after its snapshot), the new firm's
    // less the restore's own rows (its completion, and the links emailed to its administrators).
    const audits = (firm: string, without: string[]) =>
      db()
        .selectFrom('audit_log')
        .select('action')
        .where('firm_id', '=', firm)
        .where('action', 'not in', without)
        .execute();
    expect((await audits(restoredId, ['restore.completed', 'password_reset.sent'])).length).toBe(
      (await audits(firmId, ['backup.created'])).length,
    );
    const documents = await rows.count(
      BACKUP_CONTENTS.backedUp.find((p) => p.table === 'documents')!,
      restoredId,
    );
    expect(documents).toBeGreaterThanOrEqual(80);
    expect(item.files).toBe(documents);
    // Every file: the same bytes (by SHA-256), each matching the SHA-256 recorded for its document.
    const [old, restored] = [await fileHashes(firmId), await fileHashes(restoredId)];
    expect(restored.map((f) => f.read).sort()).toEqual(old.map((f) => f.read).sort());
    for (const file of restored) expect(file.read).toBe(file.recorded);
    // References stay inside the new firm: every case's client, every document's case, the packet's document.
    const stray = await sql<{ n: number }>`
      SELECT (SELECT count(*) FROM cases c JOIN clients k ON k.id = c.client_id WHERE c.firm_id = ${restoredId} AND k.firm_id <> ${restoredId})
           + (SELECT count(*) FROM documents d JOIN cases c ON c.id = d.case_id WHERE d.firm_id = ${restoredId} AND c.firm_id <> ${restoredId})
           + (SELECT count(*) FROM generated_forms g JOIN documents d ON d.id = g.document_id WHERE g.firm_id = ${restoredId} AND d.firm_id <> ${restoredId})
           AS n`.execute(db());
    expect(Number(stray.rows[0].n)).toBe(0);
    // The firm still exists, so its accounts' sign-in names are taken: the restored ones are renamed, and
    // have no password until their owner chooses one.
    const restoredAdmin = await db()
      .selectFrom('users')
      .selectAll()
      .where('firm_id', '=', restoredId)
      .where('login_id', '=', 'admin-restored')
      .executeTakeFirstOrThrow();
    expect(restoredAdmin.password_hash).toBe(NO_PASSWORD_YET);
    const firm = await db()
      .selectFrom('firms')
      .select('status')
      .where('id', '=', restoredId)
      .executeTakeFirstOrThrow();
    expect(firm.status).toBe('active');
    process.stdout.write(
      `restore drill (${backend}): ${documents} documents, archive ${backup.sizeBytes} bytes, back up + restore ${seconds.toFixed(1)} s (back up ${backupSeconds.toFixed(1)} s)\n`,
    );
  }, 300_000);

  it("lets the restored firm's administrator read the check and confirm it; staff never see its contents", async () => {
    const restores = await staff.agent.get('/api/restores');
    expect(restores.status).toBe(200);
    const done = restores.body.restores.find((r: { status: string }) => r.status === 'restored');
    const restoredId = done.firm.id as string;

    // Staff's answers and page carry no client, case, document or person of the firm.
    const clients = await db()
      .selectFrom('clients')
      .select(['first_name', 'last_name'])
      .where('firm_id', '=', restoredId)
      .execute();
    const cases = await db()
      .selectFrom('cases')
      .select('case_number')
      .where('firm_id', '=', restoredId)
      .execute();
    const documents = await db()
      .selectFrom('documents')
      .select('name')
      .where('firm_id', '=', restoredId)
      .execute();
    const people = await db()
      .selectFrom('users')
      .select(['login_id', 'email', 'last_name'])
      .where('firm_id', '=', restoredId)
      .execute();
    const secrets = [
      ...clients.map((c) => c.last_name),
      ...cases.map((c) => c.case_number),
      ...documents.map((d) => d.name),
      ...people.flatMap((p) => [p.login_id, p.email]),
    ];
    const page = await staff.agent.get('/reti/restores');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Restore a Backup');
    const one = await staff.agent.get(`/api/restores/${done.id}`);
    for (const text of [restores.text, one.text, page.text])
      for (const secret of secrets) expect([secret, text.includes(secret)]).toEqual([secret, false]);
    expect(Object.keys(one.body).sort()).toEqual(
      [
        'checkPassed',
        'createdAt',
        'error',
        'files',
        'finishedAt',
        'firm',
        'id',
        'rows',
        'sizeBytes',
        'status',
      ].sort(),
    );
    // The check is the firm's administrator's alone.
    expect((await staff.agent.get('/api/restore')).status).toBe(403);

    // The restored administrator was emailed a link to choose a password; with it they sign in.
    const mail = await db().selectFrom('outbox').selectAll().where('firm_id', '=', restoredId).execute();
    const email = mail.find((m) => m.text_body.includes('user ID admin-restored'))!;
    expect(email.subject).toBe('Your firm was restored: choose your Reti Immigration password');
    const token = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(email.text_body)![1];
    const reset = await request(t.app)
      .post('/api/auth/password/reset')
      .send({ token, password: 'Restored-Password-9!' });
    expect(reset.status).toBe(200);
    const restoredAdmin = await signIn(t.app, 'admin-restored', 'Restored-Password-9!');

    const check = await restoredAdmin.agent.get('/api/restore');
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ status: 'restored', passed: true, confirmedAt: null });
    expect(check.body.files.matched).toBe(check.body.files.archived);
    expect(check.body.files.mismatched).toEqual([]);
    expect(check.body.tables.map((r: { table: string }) => r.table)).toEqual(
      BACKUP_CONTENTS.backedUp.map((p) => p.table),
    );
    for (const row of check.body.tables) expect(row.restored).toBe(row.archived);
    const settings = await restoredAdmin.agent.get('/admin/settings/backup');
    expect(settings.text).toContain('Check the restore and confirm it');
    const checkPage = await restoredAdmin.agent.get('/admin/restore');
    expect(checkPage.status).toBe(200);
    expect(checkPage.text).toContain('Every table and every file matches the backup.');
    expect(checkPage.text).toContain(
      `${check.body.files.matched} of ${check.body.files.archived} files match their SHA-256 in the backup.`,
    );
    // Confirming (without JavaScript): 303 back to the check, audited; the other accounts get their links.
    const confirmed = await restoredAdmin.agent
      .post('/admin/restore/confirm')
      .type('form')
      .send({ _csrf: restoredAdmin.token });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/admin/restore');
    const after = await restoredAdmin.agent.get('/api/restore');
    expect(after.body.status).toBe('confirmed');
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('firm_id', '=', restoredId)
      .where('action', 'in', ['restore.completed', 'restore.confirmed'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['restore.completed', 'restore.confirmed']);
    const links = await db()
      .selectFrom('outbox')
      .select('text_body')
      .where('firm_id', '=', restoredId)
      .execute();
    expect(links.some((l) => l.text_body.includes('user ID attorney-restored'))).toBe(true);
    const again = await restoredAdmin.agent
      .post('/api/restore/confirm')
      .set('X-CSRF-Token', restoredAdmin.token);
    expect(again.status).toBe(409);
    expect(again.body.error ?? again.body.message).toBe('This restore is already confirmed.');
  }, 120_000);

  it('refuses an archive with one byte changed or cut short, and keeps nothing of it', async () => {
    const { file } = await backUp();
    const bytes = fs.readFileSync(file);
    const firmsBefore = await db().selectFrom('firms').select('id').execute();
    const changed = Buffer.from(bytes);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    const truncated = bytes.subarray(0, bytes.length - 100);
    for (const [name, content] of [
      ['changed', changed],
      ['truncated', truncated],
    ] as const) {
      const tampered = path.join(work, `${name}.tar.gz`);
      fs.writeFileSync(tampered, content);
      const item = await restore(tampered);
      expect([name, item.status, item.error, item.firm]).toEqual([
        name,
        'failed',
        SEAL_REFUSALS.altered,
        null,
      ]);
    }
    const firmsAfter = await db().selectFrom('firms').select('id').execute();
    expect(firmsAfter.length).toBe(firmsBefore.length);
  }, 120_000);

  it('refuses at once an archive sealed under another SETTINGS_KEY, or no archive at all', async () => {
    const { file } = await backUp();
    // The same archive, opened and sealed again under another key.
    const resealed = path.join(work, 'other-key.tar.gz');
    await pipeline(
      fs.createReadStream(file),
      openStream(t.config.settingsKey),
      sealStream(crypto.randomBytes(32)),
      fs.createWriteStream(resealed),
    );
    const other = await upload(resealed);
    expect(other.status).toBe(422);
    expect(other.body.fields?.file ?? other.body.error).toBe(SEAL_REFUSALS.otherKey);
    const plain = path.join(work, 'plain.tar.gz');
    fs.writeFileSync(plain, 'not a backup\n');
    const refused = await upload(plain);
    expect(refused.status).toBe(422);
    expect(refused.body.fields?.file).toBe(SEAL_REFUSALS.notArchive);
    // The page form says so beside the file field.
    const page = await staff.agent
      .post('/reti/restores')
      .field('_csrf', staff.token)
      .attach('file', resealed);
    expect(page.status).toBe(422);
    expect(page.text).toContain(SEAL_REFUSALS.otherKey.replace(/'/g, '&#x27;'));
    // A firm's administrator may not restore.
    const byAdmin = await admin.agent
      .post('/api/restores')
      .set('X-CSRF-Token', admin.token)
      .attach('file', file);
    expect(byAdmin.status).toBe(403);
  }, 120_000);

  it('lists the tables in an order a restore can write: each after every table its foreign keys name', async () => {
    const { rows } = await sql<{ child: string; parent: string }>`
      SELECT DISTINCT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
      FROM pg_constraint c
      WHERE c.contype = 'f' AND c.conrelid <> c.confrelid
        AND c.connamespace = current_schema()::regnamespace`.execute(db());
    const order = BACKUP_CONTENTS.backedUp.map((p) => p.table);
    const plain = (name: string) => name.replace(/^.*\./, '').replace(/"/g, '');
    const misplaced = rows
      .map((r) => ({ child: plain(r.child), parent: plain(r.parent) }))
      .filter((r) => order.includes(r.child) && order.includes(r.parent))
      .filter((r) => order.indexOf(r.parent) > order.indexOf(r.child))
      .map((r) => `${r.child} before ${r.parent}`);
    expect(rows.length).toBeGreaterThan(10);
    expect(misplaced).toEqual([]);
  });

  it("has every table with a firm's rows in a backup list: one added later fails this test", async () => {
    const listed = new Set([
      ...BACKUP_CONTENTS.backedUp.map((p) => p.table),
      ...Object.keys(BACKUP_CONTENTS.leftOut),
    ]);
    const tables = await createRowsStore(db()).firmTables();
    expect(tables).toEqual(
      expect.arrayContaining(['firms', 'users', 'cases', 'case_history', 'calendar_feeds', 'documents']),
    );
    expect(tables.filter((table) => !listed.has(table))).toEqual([]);
    // A new table of the firm's (a firm_id, or a key to such a table) is found, and so would fail.
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`CREATE TABLE forgotten_notes (id uuid PRIMARY KEY, case_id uuid REFERENCES cases (id))`.execute(
          trx,
        );
        expect(await createRowsStore(trx).firmTables()).toContain('forgotten_notes');
        await sql`DROP TABLE forgotten_notes`.execute(trx);
      });
  });
});
