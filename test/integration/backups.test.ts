import crypto from 'node:crypto';
import type { RequestListener } from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import request from 'supertest';
import { version as APP_VERSION } from '../../package.json';
import { readArchive } from '../../src/backups/archive';
import { createBackupRunner } from '../../src/backups/runner';
import { BACKUP_RUNNING, createBackupsService } from '../../src/backups/service';
import { type Database, openDatabase } from '../../src/db/database';
import { BACKUP_CONTENTS } from '../../src/features';
import { documentsDirOf, localDocumentStorage } from '../../src/documents/storage';
import { createFirmsService } from '../../src/firms/service';
import { readManifest } from '../../src/http/assets';
import { createLogger } from '../../src/logger';
import type { BackupPage } from '../../src/shared/backups';
import { formatDateTime } from '../../src/shared/dates';
import { BackupsPanel } from '../../src/backups/pages/backups-panel';
import { RenderContext } from '../../views/context';
import { createSealer } from '../../src/secrets';
import { createSettingsService } from '../../src/settings/service';
import { createUsersService } from '../../src/users/service';
import {
  BACKENDS,
  csrfFrom,
  DEMO_PASSWORD,
  demoFirmId,
  REDIS_URL,
  secondFirm,
  signIn,
  startTestApp,
  type TestApp,
  visibleText,
} from '../helpers/app';
import { waitFor } from '../helpers/poll';
import { countingQueries } from '../helpers/query-count';

const mainText = (html: string) => visibleText(/<main[\s\S]*<\/main>/.exec(html)![0]);
const ARCHIVE_NAME = /^demo-immigration-law-\d{4}-\d{2}-\d{2}-\d{4}\.reti-backup$/;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const SMTP_PASSWORD = 'smtp-Secret-Pass-123';
const INTERRUPTED = 'Interrupted: the app process stopped before the backup was finished.';

/** Every file of a sealed archive, by name, in the archive's order. */
async function readSealedArchive(file: string, settingsKey: Buffer): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  await readArchive(fs.createReadStream(file), settingsKey, async (name, stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    files[name] = Buffer.concat(chunks);
  });
  return files;
}

describe.each(BACKENDS)('backups (%s)', (backend) => {
  let t: TestApp;
  let firmId: string;
  let dataDir: string;
  let schemaUrl: string | undefined;
  let other: Awaited<ReturnType<typeof secondFirm>>;
  const extraDatabases: Database[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-backups-'));
    t = await startTestApp({
      backend,
      redis: backend === 'postgres' && Boolean(REDIS_URL),
      env: { DATA_DIR: dataDir },
      postgresUrl: (url) => (schemaUrl = url),
    });
    firmId = await demoFirmId(t.database);
    other = await secondFirm(t);
  });
  afterAll(async () => {
    await Promise.all(extraDatabases.map((d) => d.close()));
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => t.database.db;
  const userRow = (loginId: string) =>
    db().selectFrom('users').selectAll().where('login_id', '=', loginId).executeTakeFirstOrThrow();
  const backupsOf = (firm: string) =>
    db().selectFrom('backups').selectAll().where('firm_id', '=', firm).orderBy('started_at').execute();
  const fileOf = (firm: string, id: string) => path.join(dataDir, 'backups', firm, `${id}.tar.gz`);

  /** The daily runner of one app process, over its own connection to the database. */
  function runnerOver(database: Database) {
    const sealer = createSealer(t.config.settingsKey);
    const firmsIn = (handle: Database['db']) =>
      createFirmsService({ db: handle, endSessions: async () => undefined });
    const backups = createBackupsService({
      db: database.db,
      tables: BACKUP_CONTENTS.backedUp,
      dataDir,
      timeZone: t.config.timeZone,
      logger: createLogger('silent'),
      storage: localDocumentStorage(documentsDirOf(t.config)),
      settingsKey: t.config.settingsKey,
      firmsIn,
      settingsIn: (handle) => createSettingsService({ db: handle, sealer }),
    });
    return createBackupRunner({
      backups,
      activeFirmIds: firmsIn(database.db).activeIds,
      logger: createLogger('silent'),
    });
  }

  /** A second app process's connection: the same database (PostgreSQL), or PGlite's one connection. */
  async function secondConnection(): Promise<Database> {
    if (!schemaUrl) return t.database;
    const database = await openDatabase({ url: schemaUrl, dataDir: 'memory://' });
    extraDatabases.push(database);
    return database;
  }

  /** An old backup with a file on disk, as an earlier daily run left it. */
  async function oldBackup(firm: string, daysAgo: number) {
    const id = crypto.randomUUID();
    const key = `backups/${firm}/${id}.tar.gz`;
    const file = path.join(dataDir, key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'an old archive');
    await sql`INSERT INTO backups (id, firm_id, status, trigger, file_key, size_bytes, started_at, finished_at)
      VALUES (${id}, ${firm}, 'done', 'daily', ${key}, 14, now() - make_interval(days => ${daysAgo}),
              now() - make_interval(days => ${daysAgo}))`.execute(db());
    return { id, file };
  }

  describe('Back up now', () => {
    it("writes a sealed archive of every table's rows and every file, without any secret", async () => {
      const sealer = createSealer(t.config.settingsKey);
      const admin = await userRow('admin');
      // A document with its file in storage: both go in the backup.
      const storage = localDocumentStorage(documentsDirOf(t.config));
      const documentId = crypto.randomUUID();
      const fileBytes = Buffer.from('%PDF-1.4 a passport scan, as bytes');
      const storageKey = await storage.write(firmId, documentId, fileBytes);
      await db()
        .insertInto('documents')
        .values({
          id: documentId,
          firm_id: firmId,
          name: 'passport.pdf',
          kind: 'pdf',
          size: fileBytes.length,
          sha256: crypto.createHash('sha256').update(fileBytes).digest('hex'),
          storage_key: storageKey,
          uploaded_by: admin.id,
        })
        .execute();
      // A user who signs in with two-factor sign-in: a sealed TOTP secret and a hashed recovery code.
      const twoFactor = await createUsersService(db()).create(
        {
          firmId,
          loginId: 'tess.shield',
          firstName: 'Tess',
          lastName: 'Shield',
          email: 'tess@demo.example',
          role: 'user',
          password: DEMO_PASSWORD,
        },
        'basic',
      );
      const sealedTotp = sealer.seal(TOTP_SECRET);
      const sealedSmtp = sealer.seal(SMTP_PASSWORD);
      await db()
        .updateTable('users')
        .set({ totp_secret_sealed: sealedTotp, totp_enabled_at: new Date(), totp_last_step: 123 })
        .where('id', '=', twoFactor.id)
        .execute();
      await db()
        .insertInto('recovery_codes')
        .values({ user_id: twoFactor.id, code_hash: 'recovery-code-hash-value', used_at: null })
        .execute();
      const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
      await db()
        .insertInto('firm_settings')
        .values({
          firm_id: firmId,
          smtp_host: 'smtp.demo.example',
          smtp_user: 'mailer',
          smtp_password_sealed: sealedSmtp,
          smtp_from: 'office@demo.example',
          logo,
          logo_type: 'image/svg+xml',
        })
        .onConflict((oc) =>
          oc.column('firm_id').doUpdateSet((eb) => ({
            smtp_host: eb.ref('excluded.smtp_host'),
            smtp_user: eb.ref('excluded.smtp_user'),
            smtp_password_sealed: eb.ref('excluded.smtp_password_sealed'),
            smtp_from: eb.ref('excluded.smtp_from'),
            logo: eb.ref('excluded.logo'),
            logo_type: eb.ref('excluded.logo_type'),
          })),
        )
        .execute();
      const { agent, token } = await signIn(t.app, 'admin');
      const invited = await agent.post(`/api/firms/${firmId}/users`).set('X-CSRF-Token', token).send({
        userId: 'ben.okafor',
        firstName: 'Ben',
        lastName: 'Okafor',
        email: 'ben@demo.example',
        role: 'user',
      });
      expect(invited.status).toBe(201);
      const invitation = await db()
        .selectFrom('invitations')
        .selectAll()
        .where('email', '=', 'ben@demo.example')
        .executeTakeFirstOrThrow();
      const clients = await db().selectFrom('clients').selectAll().where('firm_id', '=', firmId).execute();

      const res = await agent.post('/api/backups').set('X-CSRF-Token', token);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'done', trigger: 'manual', rowCounts: expect.any(Object) });
      expect(res.body.fileName).toMatch(ARCHIVE_NAME);

      const file = fileOf(firmId, res.body.id);
      const bytes = fs.readFileSync(file);
      expect(res.body.sizeBytes).toBe(bytes.length);
      expect(res.body.sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
      // Sealed: a header line that says the format and version, then nothing readable (no gzip, no names).
      const header = JSON.parse(bytes.subarray(0, bytes.indexOf(0x0a)).toString('utf8'));
      expect(header).toMatchObject({
        format: 'reti-immigration-sealed-backup',
        version: 1,
        cipher: 'AES-256-GCM',
        kdf: 'HKDF-SHA256',
      });
      expect(bytes.subarray(0, 2)).not.toEqual(Buffer.from([0x1f, 0x8b]));
      for (const client of clients.slice(0, 20))
        expect(bytes.includes(Buffer.from(client.last_name))).toBe(false);
      expect(bytes.includes(fileBytes)).toBe(false);

      const files = await readSealedArchive(file, t.config.settingsKey);
      const names = Object.keys(files);
      expect(names[0]).toBe('backup.json');
      expect(names.at(-1)).toBe('manifest.json');
      const read = (name: string) => JSON.parse(files[name].toString('utf8'));
      expect(read('backup.json')).toEqual({
        format: 'reti-immigration-firm-backup',
        formatVersion: 2,
        appVersion: APP_VERSION,
        backupId: res.body.id,
        createdAt: res.body.startedAt,
        firm: { id: firmId, name: 'Demo Immigration Law' },
      });
      const rowsOf = (table: string) =>
        names
          .filter((n) => n.startsWith(`rows/${table}/`))
          .flatMap((n) => files[n].toString('utf8').split('\n').filter(Boolean))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      // Every table with the firm's rows, each counted as the database counts them.
      const manifest = read('manifest.json');
      expect(Object.keys(manifest.tables)).toEqual(BACKUP_CONTENTS.backedUp.map((p) => p.table));
      const counted = async (table: string, where: string) =>
        Number(
          (
            await sql<{
              n: number;
            }>`SELECT count(*)::int AS n FROM ${sql.table(table)} t WHERE ${sql.raw(where)}`.execute(db())
          ).rows[0].n,
        );
      const inFirm = `t.firm_id = '${firmId}'`;
      const expected: Record<string, number> = {};
      for (const plan of BACKUP_CONTENTS.backedUp)
        expected[plan.table] =
          plan.table === 'firms'
            ? 1
            : plan.table === 'case_history'
              ? await counted(
                  'case_history',
                  `t.case_id IN (SELECT id FROM cases WHERE firm_id = '${firmId}')`,
                )
              : plan.table === 'calendar_feeds'
                ? await counted(
                    'calendar_feeds',
                    `t.user_id IN (SELECT id FROM users WHERE firm_id = '${firmId}')`,
                  )
                : plan.table === 'audit_log'
                  ? // Less the backup's own audit row, written once it was made.
                    await counted('audit_log', `${inFirm} AND t.entity_id <> '${res.body.id}'`)
                  : await counted(plan.table, inFirm);
      expect(manifest.tables).toEqual(expected);
      expect(expected.cases).toBeGreaterThan(100);
      expect(expected.case_history).toBeGreaterThan(100);
      for (const table of Object.keys(expected))
        expect([table, rowsOf(table).length]).toEqual([table, expected[table]]);
      expect(res.body.rowCounts).toEqual(expected);
      // The document's file, with its SHA-256 in the manifest.
      expect(files[`files/documents/${documentId}`]).toEqual(fileBytes);
      expect(manifest.files).toEqual([
        {
          table: 'documents',
          id: documentId,
          size: fileBytes.length,
          sha256: crypto.createHash('sha256').update(fileBytes).digest('hex'),
        },
      ]);
      // Rows as the database holds them: the logo's bytes, each case's history, the payments ledger.
      const [settingsRow] = rowsOf('firm_settings');
      expect(settingsRow).toMatchObject({ smtp_host: 'smtp.demo.example', logo_type: 'image/svg+xml' });
      expect(settingsRow.logo).toBe(`\\x${logo.toString('hex')}`);
      expect(rowsOf('users').map((u) => u.login_id)).toEqual(
        expect.arrayContaining(['admin', 'attorney', 'ben.okafor', 'tess.shield']),
      );
      expect(rowsOf('invitations')).toContainEqual(
        expect.objectContaining({ id: invitation.id, email: 'ben@demo.example', created_by: admin.id }),
      );
      expect(
        rowsOf('audit_log').find((a) => a.action === 'user.created' && a.entity_id === invited.body.id),
      ).toMatchObject({ actor_name: 'Alex Morgan', after: { userId: 'ben.okafor' } });

      // No password hash, TOTP secret, recovery code, SMTP password or invitation token, sealed or not.
      const everything = Object.values(files)
        .map((b) => b.toString('utf8'))
        .join('\n');
      for (const secret of [
        admin.password_hash,
        twoFactor.password_hash,
        '$argon2',
        'password_hash',
        'passwordHash',
        'totp',
        TOTP_SECRET,
        sealedTotp,
        'recovery-code-hash-value',
        SMTP_PASSWORD,
        sealedSmtp,
        invitation.token_hash,
        'token_hash',
        'tokenHash',
      ])
        expect([secret, everything.includes(secret)]).toEqual([secret, false]);

      const [row] = await db().selectFrom('backups').selectAll().where('id', '=', res.body.id).execute();
      expect(row).toMatchObject({
        status: 'done',
        trigger: 'manual',
        created_by: admin.id,
        file_key: `backups/${firmId}/${res.body.id}.tar.gz`,
        size_bytes: bytes.length,
        sha256: res.body.sha256,
        lease_until: null,
      });
      const audit = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'backup.created')
        .where('entity_id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({
        actor_user_id: admin.id,
        firm_id: firmId,
        after: {
          trigger: 'manual',
          fileName: res.body.fileName,
          sizeBytes: bytes.length,
          sha256: res.body.sha256,
          files: 1,
        },
      });

      const list = await agent.get('/api/backups');
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({
        total: 1,
        page: 1,
        pageSize: 20,
        retentionDays: 30,
        restoreAwaitingCheck: false,
      });
      expect(list.body.backups[0]).toEqual(res.body);
    });

    it('works as a page form without JavaScript: 303 to Settings, Backup, with a flash', async () => {
      const { agent } = await signIn(t.app, 'admin');
      const page = await agent.get('/admin/dashboard');
      const posted = await agent
        .post('/admin/backups')
        .type('form')
        .send({ _csrf: csrfFrom(page.text) });
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe('/admin/settings/backup');
      const [newest] = (await backupsOf(firmId)).reverse();
      expect(newest).toMatchObject({ status: 'done', trigger: 'manual' });
      const next = mainText((await agent.get('/admin/dashboard')).text);
      expect(next).toMatch(
        /Backup made: demo-immigration-law-\d{4}-\d{2}-\d{2}-\d{4}\.reti-backup \(\d+(\.\d)? KB\)\./,
      );
      expect(next).toContain('Alex Morgan made a backup');
      expect(next).toContain('Backup Fresh Last backup just now.');
      // GET of the form's path goes to where the backups are listed.
      expect((await agent.get('/admin/backups')).headers.location).toBe('/admin/settings/backup');
    });

    it('refuses a second backup while one is running, and redoes one whose process stopped', async () => {
      const { agent, token } = await signIn(t.app, 'admin');
      const { id: running } = await db()
        .insertInto('backups')
        .values({
          firm_id: firmId,
          trigger: 'daily',
          row_counts: null,
          lease_until: new Date(Date.now() + 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const refused = await agent.post('/api/backups').set('X-CSRF-Token', token);
      expect([refused.status, refused.body.error]).toEqual([409, BACKUP_RUNNING]);
      const page = await agent.get('/admin/dashboard');
      const posted = await agent
        .post('/admin/backups')
        .type('form')
        .send({ _csrf: csrfFrom(page.text) });
      expect([posted.status, posted.headers.location]).toEqual([303, '/admin/settings/backup']);
      expect(mainText((await agent.get('/admin/dashboard')).text)).toContain(BACKUP_RUNNING);

      // Its lease ran out: the process making it stopped. The next one is made, the stopped one failed.
      fs.writeFileSync(`${fileOf(firmId, running)}.part`, 'half an archive');
      await db()
        .updateTable('backups')
        .set({ lease_until: new Date(Date.now() - 1000) })
        .where('id', '=', running)
        .execute();
      const made = await agent.post('/api/backups').set('X-CSRF-Token', token);
      expect(made.status).toBe(201);
      expect(
        await db()
          .selectFrom('backups')
          .select(['status', 'last_error'])
          .where('id', '=', running)
          .executeTakeFirst(),
      ).toEqual({ status: 'failed', last_error: INTERRUPTED });
      expect(fs.existsSync(`${fileOf(firmId, running)}.part`)).toBe(false);
    });

    it('fails cleanly when the archive cannot be written: 503, a failed row and its audit row', async () => {
      const { agent, token } = await signIn(t.app, 'admin');
      const folder = path.join(dataDir, 'backups', firmId);
      fs.renameSync(folder, `${folder}.aside`);
      fs.writeFileSync(folder, 'not a folder');
      try {
        const res = await agent.post('/api/backups').set('X-CSRF-Token', token);
        expect([res.status, res.body.error]).toEqual([
          503,
          'The backup could not be made. It is listed as failed; please try again in a few minutes.',
        ]);
      } finally {
        fs.rmSync(folder);
        fs.renameSync(`${folder}.aside`, folder);
      }
      const [newest] = (await backupsOf(firmId)).reverse();
      expect(newest).toMatchObject({
        status: 'failed',
        trigger: 'manual',
        file_key: null,
        lease_until: null,
      });
      expect(
        await db()
          .selectFrom('audit_log')
          .select(['action', 'actor_user_id'])
          .where('entity_id', '=', newest.id)
          .execute(),
      ).toEqual([{ action: 'backup.failed', actor_user_id: (await userRow('admin')).id }]);
      const activity = await agent.get('/api/activity').query({ pageSize: 1 });
      expect(activity.body.activity[0].text).toBe('A backup made by Alex Morgan failed');
    });
  });

  describe('download', () => {
    it('streams the archive as an attachment with its name, never sniffed or cached', async () => {
      const { agent } = await signIn(t.app, 'admin');
      const { backups } = (await agent.get('/api/backups')).body as {
        backups: Array<Record<string, string>>;
      };
      const done = backups.find((b) => b.status === 'done')!;
      const bytes = fs.readFileSync(fileOf(firmId, done.id));
      for (const url of [`/api/backups/${done.id}/download`, `/admin/backups/${done.id}/download`]) {
        const res = await agent.get(url).responseType('blob');
        expect(res.status).toBe(200);
        expect(res.headers).toMatchObject({
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename="${done.fileName}"`,
          'content-length': String(bytes.length),
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, no-store',
        });
        expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
      }
      // The panel on the Settings page links each done backup to the page download.
      expect(done.fileName).toMatch(ARCHIVE_NAME);
    });

    it("answers 404 for another firm's backup, an unknown one, one not done, or a file gone", async () => {
      const demo = (await backupsOf(firmId)).filter((b) => b.status === 'done');
      const failed = (await backupsOf(firmId)).find((b) => b.status === 'failed')!;
      const second = await signIn(t.app, other.admin);
      for (const url of [`/api/backups/${demo[0].id}/download`, `/admin/backups/${demo[0].id}/download`]) {
        const res = await second.agent.get(url);
        expect(res.status).toBe(404);
      }
      expect((await second.agent.get(`/api/backups/${demo[0].id}/download`)).body.error).toBe(
        'Backup not found.',
      );
      expect(mainText((await second.agent.get(`/admin/backups/${demo[0].id}/download`)).text)).toContain(
        'Backup not found.',
      );
      // Their own list holds only their own backups.
      const made = await second.agent.post('/api/backups').set('X-CSRF-Token', second.token);
      expect(made.status).toBe(201);
      const theirs = await second.agent.get('/api/backups');
      expect(theirs.body.backups.map((b: { id: string }) => b.id)).toEqual([made.body.id]);
      expect(made.body.fileName).toMatch(
        /^second-street-immigration-\d+-\d{4}-\d{2}-\d{2}-\d{4}\.reti-backup$/,
      );

      const { agent } = await signIn(t.app, 'admin');
      for (const id of ['not-an-id', crypto.randomUUID(), failed.id, made.body.id]) {
        const res = await agent.get(`/api/backups/${id}/download`);
        expect([id, res.status, res.body.error]).toEqual([id, 404, 'Backup not found.']);
      }
      fs.renameSync(fileOf(firmId, demo[0].id), `${fileOf(firmId, demo[0].id)}.moved`);
      expect((await agent.get(`/api/backups/${demo[0].id}/download`)).status).toBe(404);
      fs.renameSync(`${fileOf(firmId, demo[0].id)}.moved`, fileOf(firmId, demo[0].id));
    });

    it('gives the Settings page a panel: Back up now, and each backup with its download', async () => {
      const { agent } = await signIn(t.app, 'admin');
      const list = (await agent.get('/api/backups').query({ pageSize: 2 })).body as BackupPage;
      expect(list.total).toBeGreaterThan(2);
      /** The panel as the Settings page renders it. */
      const panel = (backUpNowRefusal?: string) =>
        renderToStaticMarkup(
          createElement(
            RenderContext.Provider,
            {
              value: {
                manifest: readManifest(),
                nonce: '',
                csrfToken: 'the-token',
                path: '/admin/settings/backup',
                language: 'en',
                year: 2026,
                publicUrl: t.config.publicUrl,
                apiBaseUrl: '/api',
                timeZone: t.config.timeZone,
                islands: [],
              },
            },
            createElement(BackupsPanel, { ...list, backUpNowRefusal }),
          ),
        );
      const html = panel();
      expect(html).toContain(
        '<form action="/admin/backups" method="post"><input type="hidden" name="_csrf" value="the-token"/><button type="submit" class="btn btn-primary">Back up now</button>',
      );
      for (const backup of list.backups) {
        expect(visibleText(html)).toContain(formatDateTime(backup.startedAt, t.config.timeZone));
        if (backup.status === 'done')
          expect(html).toContain(`<a href="/admin/backups/${backup.id}/download">${backup.fileName}</a>`);
      }
      expect(visibleText(html)).toContain(`Showing the newest 2 of ${list.total} backups.`);
      expect(visibleText(html)).toContain('Backups older than 30 days are removed automatically');
      const refused = panel('This action is disabled: Create Backup.');
      expect(refused).toContain('disabled="" aria-describedby="backup-now-reason">Back up now</button>');
      expect(visibleText(refused)).toContain('Back up now This action is disabled: Create Backup.');
    });

    it('is for the firm administrator only, and refuses bad paging', async () => {
      const [backup] = await backupsOf(firmId);
      for (const loginId of ['attorney', 'reti']) {
        const { agent, token } = await signIn(t.app, loginId);
        expect((await agent.get('/api/backups')).status).toBe(403);
        expect((await agent.post('/api/backups').set('X-CSRF-Token', token)).status).toBe(403);
        expect((await agent.get(`/api/backups/${backup.id}/download`)).status).toBe(403);
      }
      expect((await request(t.app).get('/api/backups')).status).toBe(401);
      expect((await request(t.app).get(`/api/backups/${backup.id}/download`)).status).toBe(401);
      const visitor = await request(t.app).get(`/admin/backups/${backup.id}/download`);
      expect([visitor.status, visitor.headers.location]).toEqual([
        303,
        `/login?next=${encodeURIComponent(`/admin/backups/${backup.id}/download`)}`,
      ]);
      const { agent } = await signIn(t.app, 'admin');
      for (const [query, message] of [
        [{ page: 0 }, 'page must be a whole number from 1'],
        [{ pageSize: 0 }, 'pageSize must be 1 to 200'],
        [{ pageSize: 201 }, 'pageSize must be 1 to 200'],
      ] as const) {
        const res = await agent.get('/api/backups').query(query);
        expect([res.status, res.body.error]).toEqual([422, message]);
      }
    });
  });

  describe('the daily runner', () => {
    it('backs each active firm up once, even with two processes at once; redoes a run cut short', async () => {
      await db().deleteFrom('backups').execute();
      const active = (
        await db().selectFrom('firms').select('id').where('status', '=', 'active').execute()
      ).map((f) => f.id);
      expect(active.length).toBeGreaterThanOrEqual(2);
      const first = runnerOver(t.database);
      const second = runnerOver(await secondConnection());
      const made = await Promise.all([first.pass(), second.pass()]);
      expect(made[0] + made[1]).toBe(active.length);
      const rows = await db().selectFrom('backups').selectAll().execute();
      expect(rows.map((r) => [r.firm_id, r.status, r.trigger]).sort()).toEqual(
        active.map((id) => [id, 'done', 'daily']).sort(),
      );
      for (const row of rows) expect(fs.existsSync(fileOf(row.firm_id, row.id))).toBe(true);
      const daily = await db()
        .selectFrom('audit_log')
        .select(['actor_user_id', 'firm_id'])
        .where('action', '=', 'backup.created')
        .where(
          'entity_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      expect(daily.map((a) => [a.firm_id, a.actor_user_id]).sort()).toEqual(
        active.map((id) => [id, null]).sort(),
      );

      // Nothing is due a moment later.
      expect(await Promise.all([first.pass(), second.pass()])).toEqual([0, 0]);

      // A run whose process stopped (its lease ran out) is made again by the next pass.
      const demoRow = rows.find((r) => r.firm_id === firmId)!;
      await db()
        .updateTable('backups')
        .set({ status: 'running', finished_at: null, lease_until: new Date(Date.now() - 1000) })
        .where('id', '=', demoRow.id)
        .execute();
      expect(await Promise.all([first.pass(), second.pass()]).then(([a, b]) => a + b)).toBe(1);
      const demo = await backupsOf(firmId);
      expect(demo.map((b) => [b.status, b.last_error])).toEqual([
        ['failed', INTERRUPTED],
        ['done', null],
      ]);
      const { agent } = await signIn(t.app, 'admin');
      const words = (await agent.get('/api/activity').query({ pageSize: 1 })).body.activity[0].text;
      expect(words).toBe('The daily backup was made');
    });

    it('prunes backups (rows and files) past the retention, always keeping the newest good one', async () => {
      await db().deleteFrom('backups').execute();
      const demoOld = [await oldBackup(firmId, 45), await oldBackup(firmId, 35)];
      const demoKept = await oldBackup(firmId, 10);
      // A firm no longer active: no new backups, but its old ones are pruned too.
      const inactive = await secondFirm(t);
      await db().updateTable('firms').set({ status: 'inactive' }).where('id', '=', inactive.id).execute();
      const inactiveOlder = await oldBackup(inactive.id, 50);
      const inactiveNewest = await oldBackup(inactive.id, 40);

      await runnerOver(t.database).pass();
      const demo = await backupsOf(firmId);
      expect(demo.map((b) => b.id).slice(0, 1)).toEqual([demoKept.id]);
      expect(demo).toHaveLength(2);
      expect(demo[1]).toMatchObject({ status: 'done', trigger: 'daily' });
      for (const gone of [...demoOld, inactiveOlder]) expect(fs.existsSync(gone.file)).toBe(false);
      for (const kept of [demoKept, inactiveNewest]) expect(fs.existsSync(kept.file)).toBe(true);
      expect((await backupsOf(inactive.id)).map((b) => b.id)).toEqual([inactiveNewest.id]);

      const pruned = await db()
        .selectFrom('audit_log')
        .select(['firm_id', 'after', 'actor_user_id'])
        .where('action', '=', 'backup.pruned')
        .execute();
      expect(pruned).toEqual(
        expect.arrayContaining([
          { firm_id: firmId, actor_user_id: null, after: { removed: 2, retentionDays: 30 } },
          { firm_id: inactive.id, actor_user_id: null, after: { removed: 1, retentionDays: 30 } },
        ]),
      );
      const { agent } = await signIn(t.app, 'admin');
      const texts = (await agent.get('/api/activity').query({ pageSize: 5 })).body.activity.map(
        (a: { text: string }) => a.text,
      );
      expect(texts).toContain('2 backups older than the 30-day retention were removed');
    });

    it('runs in the background from start() until stop()', async () => {
      await db().deleteFrom('backups').execute();
      const runner = createBackupRunner({
        backups: createBackupsService({
          db: db(),
          tables: BACKUP_CONTENTS.backedUp,
          dataDir,
          timeZone: t.config.timeZone,
          logger: createLogger('silent'),
          storage: localDocumentStorage(documentsDirOf(t.config)),
          settingsKey: t.config.settingsKey,
          firmsIn: (handle) => createFirmsService({ db: handle, endSessions: async () => undefined }),
          settingsIn: (handle) =>
            createSettingsService({ db: handle, sealer: createSealer(t.config.settingsKey) }),
        }),
        activeFirmIds: async () => [firmId],
        logger: createLogger('silent'),
        firstDelayMs: 10,
        everyMs: 60_000,
      });
      await runner.start!();
      await waitFor(async () => (await backupsOf(firmId)).some((b) => b.status === 'done'), 10_000);
      await runner.stop!();
      expect((await backupsOf(firmId)).map((b) => [b.status, b.trigger])).toEqual([['done', 'daily']]);
    });

    it("reads a large firm's rows 2,000 at a time (its snapshot holds PGlite's one connection), into entries of 200", async () => {
      await sql`
        INSERT INTO clients (firm_id, first_name, last_name)
        SELECT ${firmId}::uuid, 'Bulk', 'Client ' || n FROM generate_series(1, 4100) AS n`.execute(db());
      const clients = Number(
        (
          await db()
            .selectFrom('clients')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('firm_id', '=', firmId)
            .executeTakeFirstOrThrow()
        ).n,
      );
      const counted = countingQueries(t.app as unknown as RequestListener);
      const { agent, token } = await signIn(counted.listener as unknown as TestApp['app'], 'admin');
      const res = await agent.post('/api/backups').set('X-CSRF-Token', token);
      expect(res.status).toBe(201);
      const reads = counted.last().statements.filter((s) => /to_jsonb\(t\)[\s\S]*FROM "clients"/.test(s));
      expect(reads).toHaveLength(Math.ceil((clients + 1) / 2000));
      const files = await readSealedArchive(fileOf(firmId, res.body.id), t.config.settingsKey);
      const entries = Object.keys(files).filter((n) => n.startsWith('rows/clients/'));
      expect(entries).toEqual(
        Array.from(
          { length: Math.ceil(clients / 200) },
          (_, i) => `rows/clients/${String(i + 1).padStart(5, '0')}.ndjson`,
        ),
      );
      const lines = entries.map((n) => files[n].toString('utf8').split('\n').filter(Boolean).length);
      expect(Math.max(...lines)).toBe(200);
      expect(lines.reduce((a, b) => a + b)).toBe(clients);
    });
  });
});
