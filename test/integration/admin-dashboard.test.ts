import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import request from 'supertest';
import { createAuditService } from '../../src/audit/service';
import { DEMO_ACCOUNTS } from '../../src/demo/accounts';
import type { ServiceStatus } from '../../src/shared/admin';
import { formatDateTime } from '../../src/shared/dates';
import { DEFAULT_SECURITY } from '../../src/shared/settings';
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

const mainText = (html: string) => visibleText(/<main[\s\S]*<\/main>/.exec(html)![0]);
const ADMIN_NAME = `${DEMO_ACCOUNTS.admin.firstName} ${DEMO_ACCOUNTS.admin.lastName}`;

/** The badge of one service in GET {API}/dashboard. */
async function badge(agent: request.Agent, key: ServiceStatus['key']): Promise<ServiceStatus> {
  const res = await agent.get('/api/dashboard');
  expect(res.status).toBe(200);
  return (res.body.services as ServiceStatus[]).find((s) => s.key === key)!;
}

describe.each(BACKENDS)("the administrator's dashboard and cleanup (%s)", (backend) => {
  let t: TestApp;
  let firmId: string;
  let other: Awaited<ReturnType<typeof secondFirm>>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-admin-'));
    t = await startTestApp({
      backend,
      redis: backend === 'postgres' && Boolean(REDIS_URL),
      env: { DATA_DIR: dataDir },
    });
    firmId = await demoFirmId(t.database);
    other = await secondFirm(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => t.database.db;
  const adminOf = async (loginId: string) =>
    await db().selectFrom('users').selectAll().where('login_id', '=', loginId).executeTakeFirstOrThrow();
  const activeCount = async (id: string) =>
    Number(
      (
        await db()
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('firm_id', '=', id)
          // The firm's own people: its clients' portal sign-ins are no users of the firm.
          .where('role', '<>', 'client')
          .where('status', '=', 'active')
          .executeTakeFirstOrThrow()
      ).n,
    );

  const caseCount = async (id: string) =>
    Number(
      (
        await db()
          .selectFrom('cases')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('firm_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('stat cards and action buttons', () => {
    it("counts the firm's active users, cases, documents and uses of the AI tools from its rows", async () => {
      const { agent, token } = await signIn(t.app, 'admin');
      const before = await activeCount(firmId);
      const cases = await caseCount(firmId);
      // The demo firm's practice gives SPEC's sample figures from real rows.
      expect([before, cases]).toEqual([42, 156]);
      let res = await agent.get('/api/dashboard');
      expect(res.status).toBe(200);
      expect(res.body.stats).toEqual([
        { key: 'activeUsers', label: 'Active Users', value: before },
        { key: 'cases', label: 'Total Cases', value: cases },
        { key: 'documents', label: 'Documents', value: 0 },
        // The demo firm's 24 past uses (SPEC §9).
        { key: 'aiTools', label: 'AI Tools Used', value: 24 },
      ]);

      // An invited user is pending: not counted until active.
      const invited = await agent.post(`/api/firms/${firmId}/users`).set('X-CSRF-Token', token).send({
        userId: 'casey.pending',
        firstName: 'Casey',
        lastName: 'Pending',
        email: 'casey@demo.example',
        role: 'user',
      });
      expect(invited.status).toBe(201);
      expect((await agent.get('/api/dashboard')).body.stats[0].value).toBe(before);

      await createUsersService(db()).create(
        {
          firmId,
          loginId: 'dana.active',
          firstName: 'Dana',
          lastName: 'Active',
          email: 'dana@demo.example',
          role: 'user',
          password: DEMO_PASSWORD,
        },
        'basic',
      );
      res = await agent.get('/api/dashboard');
      expect(res.body.stats[0].value).toBe(before + 1);
      expect(before + 1).toBe(await activeCount(firmId));

      const page = await agent.get('/admin/dashboard');
      expect(page.status).toBe(200);
      expect(/<title>([^<]+)<\/title>/.exec(page.text)![1]).toBe('Dashboard | Reti Immigration');
      expect(mainText(page.text)).toContain(
        `Dashboard Active Users ${before + 1} Total Cases ${cases} Documents 0 AI Tools Used 24`,
      );
      // Another firm counts its own users only.
      const second = await signIn(t.app, other.admin);
      expect((await second.agent.get('/api/dashboard')).body.stats[0].value).toBe(
        await activeCount(other.id),
      );
      expect(await activeCount(other.id)).not.toBe(before + 1);
    });

    it('links the four action buttons to User Management, Reports, Settings (Security) and Data Cleanup', async () => {
      const { agent } = await signIn(t.app, 'admin');
      const page = (await agent.get('/admin/dashboard')).text;
      const nav = /<nav class="admin-shortcuts" aria-label="Administration">([\s\S]*?)<\/nav>/.exec(page)![1];
      const links = [...nav.matchAll(/href="([^"]+)"[^>]*>[\s\S]*?<\/svg>([^<]+)<\/a>/g)].map((m) => [
        m[1],
        m[2],
      ]);
      expect(links).toEqual([
        ['/admin/users', 'Manage Users'],
        ['/admin/reports', 'System Analytics'],
        ['/admin/settings/security', 'Security Settings'],
        ['/admin/cleanup', 'Data Cleanup'],
      ]);
    });
  });

  describe('recent activity', () => {
    it('reads the firm’s audit log in words, newest first, after real actions', async () => {
      const { agent, token } = await signIn(t.app, 'admin');
      const admin = await adminOf('admin');
      const { name, contactPerson, contactRole, email, address, industry } = (
        await agent.get(`/api/firms/${firmId}`)
      ).body;
      const updated = await agent
        .put(`/api/firms/${firmId}`)
        .set('X-CSRF-Token', token)
        .send({ name, contactPerson, contactRole, email, address, industry, phone: '+1 (555) 010-2999' });
      expect(updated.status).toBe(200);
      const added = await agent.post(`/api/firms/${firmId}/users`).set('X-CSRF-Token', token).send({
        userId: 'ben.okafor',
        firstName: 'Ben',
        lastName: 'Okafor',
        email: 'ben@demo.example',
        role: 'user',
      });
      expect(added.status).toBe(201);
      // User Management and Settings, through their own API.
      const attorney = await adminOf('attorney');
      for (const status of ['suspended', 'active']) {
        const changed = await agent
          .patch(`/api/users/${attorney.id}`)
          .set('X-CSRF-Token', token)
          .send({ status });
        expect(changed.status).toBe(200);
      }
      const saved = await agent
        .put('/api/settings/security')
        .set('X-CSRF-Token', token)
        .send({
          ...DEFAULT_SECURITY,
          twoFactorAdmins: false,
          sessionTimeoutMinutes: 60,
        });
      expect(saved.status).toBe(200);
      // An action the words do not know yet.
      await createAuditService(db()).record({
        actorUserId: admin.id,
        action: 'user.teleported',
        entity: 'user',
        entityId: admin.id,
      });

      const res = await agent.get('/api/activity').query({ pageSize: 5 });
      expect(res.status).toBe(200);
      expect(res.body.activity.map((a: { text: string }) => a.text)).toEqual([
        `${ADMIN_NAME} made a change (user.teleported)`,
        `${ADMIN_NAME} changed the security settings`,
        `${ADMIN_NAME} reactivated Jordan Rivera`,
        `${ADMIN_NAME} suspended Jordan Rivera`,
        `${ADMIN_NAME} emailed an invitation to ben@demo.example`,
      ]);
      expect(res.body).toMatchObject({ page: 1, pageSize: 5 });
      const rows = await db()
        .selectFrom('audit_log')
        .select(['id', 'created_at'])
        .where('firm_id', '=', firmId)
        .orderBy('created_at', 'desc')
        .orderBy('seq', 'desc')
        .execute();
      expect(res.body.total).toBe(rows.length);
      expect(res.body.activity.map((a: { id: string }) => a.id)).toEqual(rows.slice(0, 5).map((r) => r.id));
      expect(res.body.activity[0].at).toBe(rows[0].created_at.toISOString());

      // Older entries on page 2 (5 per page).
      const second = await agent.get('/api/activity').query({ page: 2, pageSize: 5 });
      expect(second.body.activity.slice(0, 2).map((a: { text: string }) => a.text)).toEqual([
        `${ADMIN_NAME} added Ben Okafor`,
        `${ADMIN_NAME} updated the details of Demo Immigration Law`,
      ]);
      expect(second.body.activity.map((a: { id: string }) => a.id)).toEqual(
        rows.slice(5, 10).map((r) => r.id),
      );

      // The page: the newest entries with their US times, then links to older pages.
      const page = await agent.get('/admin/dashboard');
      const text = mainText(page.text);
      expect(text).toContain(
        `Recent Activity ${ADMIN_NAME} made a change (user.teleported) ${formatDateTime(rows[0].created_at, t.config.timeZone)} ${ADMIN_NAME} changed the security settings`,
      );
      expect(page.text).toContain('<nav class="pagination" aria-label="Pages of the recent activity">');
      expect(page.text).toContain('href="/admin/dashboard?activity=2"');
      const older = await agent.get('/admin/dashboard?activity=2');
      expect(older.status).toBe(200);
      const lastPage = Math.ceil(rows.length / 10);
      expect((await agent.get(`/admin/dashboard?activity=${lastPage + 1}`)).status).toBe(404);
    });

    it("keeps the actor's name after the user is removed", async () => {
      const users = createUsersService(db());
      const gone = await users.create(
        {
          firmId,
          loginId: 'erin.leaving',
          firstName: 'Erin',
          lastName: 'Leaving',
          email: 'erin@demo.example',
          role: 'admin',
          password: DEMO_PASSWORD,
        },
        'basic',
      );
      const ben = await adminOf('ben.okafor');
      await createAuditService(db()).record({
        actorUserId: gone.id,
        action: 'user.approved',
        entity: 'user',
        entityId: ben.id,
        // No names in the entry: the user's name is looked up.
        after: { status: 'active' },
      });
      await db().deleteFrom('users').where('id', '=', gone.id).execute();
      const { agent } = await signIn(t.app, 'admin');
      const res = await agent.get('/api/activity').query({ pageSize: 1 });
      expect(res.body.activity[0].text).toBe('Erin Leaving approved Ben Okafor');
    });

    it('refuses a bad page: 422 from the API, 400 on the page', async () => {
      const { agent } = await signIn(t.app, 'admin');
      for (const [query, message] of [
        [{ page: 0 }, 'page must be a whole number from 1'],
        [{ page: 'two' }, 'page must be a whole number from 1'],
        [{ pageSize: 0 }, 'pageSize must be 1 to 100'],
        [{ pageSize: 101 }, 'pageSize must be 1 to 100'],
      ] as const) {
        const res = await agent.get('/api/activity').query(query);
        expect([res.status, res.body.error]).toEqual([422, message]);
      }
      for (const bad of ['0', 'x', '1.5']) {
        const res = await agent.get(`/admin/dashboard?activity=${bad}`);
        expect(res.status).toBe(400);
        expect(mainText(res.text)).toContain('The page number must be a whole number from 1.');
      }
    });

    it("shows another firm none of this firm's activity", async () => {
      const { agent } = await signIn(t.app, other.admin);
      const res = await agent.get('/api/activity').query({ pageSize: 100 });
      expect(res.status).toBe(200);
      const texts = res.body.activity.map((a: { text: string }) => a.text).join('\n');
      expect(texts).not.toContain('Ben Okafor');
      expect(texts).not.toContain('Demo Immigration Law');
      const ids = await db().selectFrom('audit_log').select('id').where('firm_id', '=', other.id).execute();
      expect(res.body.total).toBe(ids.length);
    });
  });

  describe('status badges', () => {
    it('database: answers SELECT 1, with its time', async () => {
      const { agent } = await signIn(t.app, 'admin');
      const status = await badge(agent, 'database');
      expect(status).toMatchObject({ label: 'Database', tone: 'success', state: 'Online' });
      expect(status.detail).toMatch(/^Answered in \d+ ms\.$/);
    });

    it('AI service: Not configured without LLM_BASE_URL', async () => {
      const { agent } = await signIn(t.app, 'admin');
      expect(await badge(agent, 'ai')).toEqual({
        key: 'ai',
        label: 'AI Service',
        tone: 'neutral',
        state: 'Not configured',
        detail: 'No AI service is set up (LLM_BASE_URL is not set).',
      });
    });

    it("email service: no mail server, then the firm's own with its outbox backlog", async () => {
      const { agent } = await signIn(t.app, 'admin');
      await db().deleteFrom('outbox').execute();
      expect(await badge(agent, 'email')).toMatchObject({
        tone: 'warning',
        state: 'Not configured',
        detail: 'No mail server is set up, so emails are kept in the outbox and written to the server log.',
      });
      const queue = async (minutesAgo: number, firm = firmId) => {
        const { id } = await db()
          .insertInto('outbox')
          .values({
            to_address: 'x@demo.example',
            subject: 'S',
            text_body: 'T',
            firm_id: firm,
            last_error: null,
            sent_at: null,
            // Waiting, and not yet due: the app's background sender leaves them alone.
            next_attempt_at: sql<Date>`now() + interval '1 day'`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await sql`UPDATE outbox SET created_at = now() - make_interval(mins => ${minutesAgo}) WHERE id = ${id}`.execute(
          db(),
        );
      };
      await queue(3);
      await queue(1);
      // Another firm's emails and sent ones are not this firm's backlog.
      await queue(500, other.id);
      await queue(600);
      await sql`UPDATE outbox SET status = 'sent' WHERE created_at < now() - interval '550 minutes'`.execute(
        db(),
      );
      expect((await badge(agent, 'email')).detail).toBe(
        'No mail server is set up, so emails are kept in the outbox and written to the server log. 2 emails waiting.',
      );

      await db()
        .insertInto('firm_settings')
        .values({ firm_id: firmId, smtp_host: 'smtp.demo.example', smtp_from: 'office@demo.example' })
        .onConflict((oc) => oc.column('firm_id').doUpdateSet({ smtp_host: 'smtp.demo.example' }))
        .execute();
      expect(await badge(agent, 'email')).toMatchObject({
        tone: 'success',
        state: 'Sending',
        detail: "2 emails waiting, the oldest queued 3 minutes ago. Sent through the firm's own mail server.",
      });
      await queue(125);
      expect(await badge(agent, 'email')).toMatchObject({
        tone: 'warning',
        state: 'Backlog',
        detail: '3 emails waiting, the oldest queued 2 hours ago: the mail server may be unreachable.',
      });
      await db().deleteFrom('outbox').where('firm_id', '=', firmId).execute();
      expect(await badge(agent, 'email')).toMatchObject({
        tone: 'success',
        state: 'Up to date',
        detail: "No emails waiting. Sent through the firm's own mail server.",
      });
      const page = mainText((await agent.get('/admin/dashboard')).text);
      expect(page).toContain(
        "Email Service Up to date No emails waiting. Sent through the firm's own mail server.",
      );
      await db()
        .updateTable('firm_settings')
        .set({ smtp_host: null })
        .where('firm_id', '=', firmId)
        .execute();
    });

    it('email service: Not sending while every try fails, with the count and the last failure; Retrying once one was sent', async () => {
      const { agent } = await signIn(t.app, 'admin');
      await db().deleteFrom('outbox').execute();
      await db()
        .insertInto('firm_settings')
        .values({ firm_id: firmId, smtp_host: 'smtp.demo.example', smtp_from: 'office@demo.example' })
        .onConflict((oc) => oc.column('firm_id').doUpdateSet({ smtp_host: 'smtp.demo.example' }))
        .execute();
      const email = async (row: { status: 'pending' | 'sent'; minutesAgo: number; error?: string }) => {
        const at = sql<Date>`now() - make_interval(mins => ${row.minutesAgo})`;
        await db()
          .insertInto('outbox')
          .values({
            to_address: 'x@demo.example',
            subject: 'S',
            text_body: 'T',
            firm_id: firmId,
            status: row.status,
            attempts: 2,
            last_error: row.error ?? null,
            last_attempt_at: at,
            sent_at: row.status === 'sent' ? at : null,
            next_attempt_at: sql<Date>`now() + interval '1 day'`,
          })
          .execute();
      };
      const unreachable =
        'The mail server could not be reached. Check its host, port and encryption setting.';
      await email({ status: 'sent', minutesAgo: 300 });
      await email({ status: 'pending', minutesAgo: 90, error: 'The mail server refused the sign-in.' });
      await email({ status: 'pending', minutesAgo: 20, error: unreachable });
      const failing = await badge(agent, 'email');
      expect(failing).toMatchObject({
        tone: 'danger',
        state: 'Not sending',
        detail: `2 emails could not be sent; the last try failed 20 minutes ago: ${unreachable} They stay in the outbox and are tried again automatically.`,
      });
      expect(Date.now() - 20 * 60_000 - Date.parse(failing.at!)).toBeLessThan(60_000);
      expect(mainText((await agent.get('/admin/dashboard')).text)).toContain(
        `Email Service Not sending 2 emails could not be sent; the last try failed 20 minutes ago: ${unreachable} They stay in the outbox and are tried again automatically. ( ${formatDateTime(failing.at!, t.config.timeZone)} )`,
      );

      await email({ status: 'sent', minutesAgo: 5 });
      expect(await badge(agent, 'email')).toMatchObject({
        tone: 'warning',
        state: 'Retrying',
        detail: `2 emails could not be sent and are tried again; the last try failed 20 minutes ago: ${unreachable} Other emails were sent since.`,
      });
      await db().deleteFrom('outbox').where('firm_id', '=', firmId).execute();
      await db()
        .updateTable('firm_settings')
        .set({ smtp_host: null })
        .where('firm_id', '=', firmId)
        .execute();
    });

    it("backup: none yet, fresh, stale, then older than the firm's retention", async () => {
      const { agent } = await signIn(t.app, 'admin');
      await db().deleteFrom('backups').where('firm_id', '=', firmId).execute();
      expect(await badge(agent, 'backup')).toMatchObject({
        label: 'Backup',
        tone: 'warning',
        state: 'None yet',
        detail: 'No backup has been made yet.',
      });
      const backupAt = async (hoursAgo: number) => {
        await db().deleteFrom('backups').where('firm_id', '=', firmId).execute();
        await sql`INSERT INTO backups (firm_id, status, trigger, started_at, finished_at)
          VALUES (${firmId}, 'done', 'daily', now() - make_interval(hours => ${hoursAgo}),
                  now() - make_interval(hours => ${hoursAgo}))`.execute(db());
      };
      await backupAt(3);
      const fresh = await badge(agent, 'backup');
      expect(fresh).toMatchObject({ tone: 'success', state: 'Fresh', detail: 'Last backup 3 hours ago.' });
      const page = mainText((await agent.get('/admin/dashboard')).text);
      expect(page).toContain(
        `Backup Fresh Last backup 3 hours ago. ( ${formatDateTime(fresh.at!, t.config.timeZone)} )`,
      );
      await backupAt(24 * 3);
      expect(await badge(agent, 'backup')).toMatchObject({
        tone: 'warning',
        state: 'Stale',
        detail: 'Last backup 3 days ago: more than a day old.',
      });
      await backupAt(24 * 31);
      expect(await badge(agent, 'backup')).toMatchObject({
        tone: 'danger',
        state: 'Too old',
        detail: 'Last backup 31 days ago: older than the 30-day retention.',
      });
      // A longer retention makes the same backup merely stale.
      await db()
        .insertInto('firm_settings')
        .values({ firm_id: firmId, backup_retention_days: 90 })
        .onConflict((oc) => oc.column('firm_id').doUpdateSet({ backup_retention_days: 90 }))
        .execute();
      expect((await badge(agent, 'backup')).state).toBe('Stale');
      await db()
        .updateTable('firm_settings')
        .set({ backup_retention_days: 30 })
        .where('firm_id', '=', firmId)
        .execute();
      await db().deleteFrom('backups').where('firm_id', '=', firmId).execute();
    });
  });

  describe('data cleanup', () => {
    const files: string[] = [];

    /** What the firm's retention says may go, and what must stay, for both firms. */
    async function seed() {
      const admin = await adminOf('admin');
      const attorney = await adminOf('attorney');
      const otherUser = await adminOf(other.user);
      const invitation = (firm: string, expiresInHours: number, used = false) =>
        sql`INSERT INTO invitations (firm_id, email, token_hash, expires_at, used_at)
            VALUES (${firm}, 'i@demo.example', ${crypto.randomBytes(16).toString('hex')},
                    now() + make_interval(hours => ${expiresInHours}), ${used ? sql`now()` : null})`.execute(
          db(),
        );
      await invitation(firmId, -1);
      await invitation(firmId, -200);
      await invitation(firmId, 24);
      await invitation(firmId, -5, true);
      await invitation(other.id, -1);
      const session = (userId: string, expiresInMinutes: number) =>
        db()
          .insertInto('sessions')
          .values({
            sid: crypto.randomBytes(12).toString('hex'),
            data: JSON.stringify({}),
            user_id: userId,
            expires_at: new Date(Date.now() + expiresInMinutes * 60_000),
          })
          .execute();
      await session(admin.id, -10);
      await session(attorney.id, -1);
      await session(attorney.id, -60);
      await session(attorney.id, 30);
      await session(otherUser.id, -10);
      const backup = async (firm: string, daysAgo: number) => {
        const id = crypto.randomUUID();
        const key = `backups/${firm}/${id}.tar.gz`;
        const file = path.join(t.config.dataDir, key);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, 'old archive');
        files.push(file);
        await sql`INSERT INTO backups (id, firm_id, status, trigger, file_key, started_at, finished_at)
          VALUES (${id}, ${firm}, 'done', 'daily', ${key}, now() - make_interval(days => ${daysAgo}),
                  now() - make_interval(days => ${daysAgo}))`.execute(db());
        return { id, file };
      };
      return {
        oldest: await backup(firmId, 45),
        old: await backup(firmId, 31),
        recent: await backup(firmId, 2),
        othersOld: await backup(other.id, 40),
        othersOlder: await backup(other.id, 50),
      };
    }

    it('previews the counts, removes them with one audit row, and says what was removed', async () => {
      await db().deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
      const seeded = await seed();
      const { agent, token } = await signIn(t.app, 'admin');

      const preview = await agent.get('/api/cleanup');
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual({
        retentionDays: 30,
        items: [
          {
            key: 'invitations',
            label: 'Expired invitations',
            description: 'Invitation links that expired before anyone accepted them: they can never be used.',
            count: 2,
          },
          {
            key: 'sessions',
            label: 'Ended sessions',
            description: "Sign-ins of the firm's users that timed out or ended, still stored on the server.",
            count: 3,
          },
          {
            key: 'backups',
            label: 'Old backups',
            description: 'Backups older than the 30-day retention (the newest good backup is always kept).',
            count: 2,
          },
        ],
        total: 7,
      });

      const page = await agent.get('/admin/cleanup');
      expect(page.status).toBe(200);
      expect(/<title>([^<]+)<\/title>/.exec(page.text)![1]).toBe('Data Cleanup | Reti Immigration');
      const text = mainText(page.text);
      expect(text).toContain(
        'Expired invitations Invitation links that expired before anyone accepted them: they can never be used. 2',
      );
      expect(text).toContain('7 items can be removed. This cannot be undone. Clean Up Now');
      expect(page.text).toMatch(/<form class="cleanup-form" action="\/admin\/cleanup" method="post">/);

      // Another firm's administrator sees and removes only their own.
      const second = await signIn(t.app, other.admin);
      const theirs = await second.agent.get('/api/cleanup');
      expect(theirs.body.items.map((i: { count: number }) => i.count)).toEqual([1, 1, 1]);

      const auditBefore = await db()
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'cleanup.performed')
        .execute();
      const posted = await agent
        .post('/admin/cleanup')
        .type('form')
        .send({ _csrf: csrfFrom(page.text) });
      expect(posted.status).toBe(303);
      expect(posted.headers.location).toBe('/admin/cleanup');
      const after = await agent.get('/admin/cleanup');
      const message =
        'Cleanup done: 2 expired invitations, 3 ended sessions and 2 backups past the retention removed.';
      expect(mainText(after.text)).toContain(message);
      expect(mainText(after.text)).toContain('There is nothing to remove right now.');
      // Nothing to remove: the button is off, and says why.
      expect(after.text).toContain(
        '<button type="submit" class="btn btn-danger" disabled="" aria-describedby="cleanup-summary">Clean Up Now</button>',
      );
      expect(page.text).toContain('<button type="submit" class="btn btn-danger">Clean Up Now</button>');

      // What stayed: the valid and the used invitation, the live session, the recent backup, the other firm's.
      const invitations = await db()
        .selectFrom('invitations')
        .select(['firm_id', 'used_at'])
        .where('email', '=', 'i@demo.example')
        .execute();
      expect(
        invitations
          .filter((i) => i.firm_id === firmId)
          .map((i) => Boolean(i.used_at))
          .sort(),
      ).toEqual([false, true]);
      expect(invitations.filter((i) => i.firm_id === other.id)).toHaveLength(1);
      const sessions = await db().selectFrom('sessions').select(['user_id', 'expires_at']).execute();
      expect(sessions.filter((s) => s.expires_at <= new Date()).map((s) => s.user_id)).toEqual([
        (await adminOf(other.user)).id,
      ]);
      const backups = await db().selectFrom('backups').select('id').execute();
      expect(backups.map((b) => b.id).sort()).toEqual(
        [seeded.recent.id, seeded.othersOld.id, seeded.othersOlder.id].sort(),
      );
      expect(fs.existsSync(seeded.oldest.file)).toBe(false);
      expect(fs.existsSync(seeded.old.file)).toBe(false);
      expect(fs.existsSync(seeded.recent.file)).toBe(true);
      expect(fs.existsSync(seeded.othersOlder.file)).toBe(true);

      const audits = await db()
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'cleanup.performed')
        .orderBy('created_at', 'desc')
        .execute();
      expect(audits).toHaveLength(auditBefore.length + 1);
      expect(audits[0]).toMatchObject({
        actor_user_id: (await adminOf('admin')).id,
        actor_name: ADMIN_NAME,
        firm_id: firmId,
        entity: 'firm',
        entity_id: firmId,
        after: { retentionDays: 30, removed: { invitations: 2, sessions: 3, backups: 2 } },
      });
      const activity = await agent.get('/api/activity').query({ pageSize: 1 });
      expect(activity.body.activity[0].text).toBe(
        `${ADMIN_NAME} cleaned up the firm's data: 2 expired invitations, 3 ended sessions and 2 backups past the retention removed`,
      );

      // Again, through the API: nothing left, still audited.
      const again = await agent.post('/api/cleanup').set('X-CSRF-Token', token);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({
        removed: { invitations: 0, sessions: 0, backups: 0 },
        total: 0,
        message: 'Cleanup done: there was nothing to remove.',
      });

      // The other firm's cleanup: its own expired invitation and session, and its 50-day backup (the
      // 40-day one is its newest good backup, so it stays).
      const theirsDone = await second.agent.post('/api/cleanup').set('X-CSRF-Token', second.token);
      expect(theirsDone.body.removed).toEqual({ invitations: 1, sessions: 1, backups: 1 });
      expect(fs.existsSync(seeded.othersOlder.file)).toBe(false);
      expect(fs.existsSync(seeded.othersOld.file)).toBe(true);
      expect(
        await db()
          .selectFrom('invitations')
          .select('id')
          .where('firm_id', '=', firmId)
          .where('email', '=', 'i@demo.example')
          .execute(),
      ).toHaveLength(2);
    });
  });

  describe('access', () => {
    it('is for the firm administrator only: a firm user, platform staff and visitors are refused', async () => {
      const routes: Array<[string, string]> = [
        ['get', '/api/dashboard'],
        ['get', '/api/activity'],
        ['get', '/api/cleanup'],
        ['post', '/api/cleanup'],
      ];
      for (const loginId of ['attorney', 'reti']) {
        const { agent, token } = await signIn(t.app, loginId);
        for (const [method, route] of routes) {
          const res = await (method === 'get'
            ? agent.get(route)
            : agent.post(route).set('X-CSRF-Token', token));
          expect([loginId, route, res.status]).toEqual([loginId, route, 403]);
        }
      }
      for (const [method, route] of routes) {
        const res = await (method === 'get' ? request(t.app).get(route) : request(t.app).post(route));
        expect([route, res.status]).toEqual([route, 401]);
      }
      const attorney = await signIn(t.app, 'attorney');
      expect((await attorney.agent.get('/admin/dashboard')).status).toBe(403);
      expect((await attorney.agent.get('/admin/cleanup')).status).toBe(403);
      expect((await request(t.app).get('/admin/cleanup')).headers.location).toBe(
        '/login?next=%2Fadmin%2Fcleanup',
      );
    });

    it('shows Clean Up Now disabled, with the reason, while the action is off', async () => {
      const staff = await signIn(t.app, 'reti');
      const actions = (await staff.agent.get('/api/actions')).body as Array<{ id: string; name: string }>;
      const perform = actions.find((a) => a.name === 'Perform Cleanup')!;
      const off = await staff.agent
        .patch(`/api/actions/${perform.id}`)
        .set('X-CSRF-Token', staff.token)
        .send({ isActive: false });
      expect(off.status).toBe(200);
      try {
        const { agent } = await signIn(t.app, 'admin');
        const page = await agent.get('/admin/cleanup');
        expect(page.text).toMatch(
          /<button type="submit" class="btn btn-danger" disabled=""[^>]*>Clean Up Now<\/button>/,
        );
        expect(mainText(page.text)).toContain('This action is disabled: Perform Cleanup.');
        const posted = await agent
          .post('/admin/cleanup')
          .type('form')
          .send({ _csrf: csrfFrom(page.text) });
        expect(posted.status).toBe(403);
      } finally {
        await staff.agent
          .patch(`/api/actions/${perform.id}`)
          .set('X-CSRF-Token', staff.token)
          .send({ isActive: true });
      }
    });
  });
});

describe('the AI service badge with an LLM configured', () => {
  let t: TestApp;
  let llm: http.Server;
  let mode: 'ok' | 'other-model' | 'error' | 'hang' = 'ok';
  let authorization: string | undefined;
  let url: string;

  beforeAll(async () => {
    llm = http.createServer((req, res) => {
      authorization = req.headers.authorization;
      if (req.url !== '/v1/models') return void res.writeHead(404).end();
      if (mode === 'hang') return;
      if (mode === 'error') return void res.writeHead(500).end('down');
      const id = mode === 'ok' ? 'reti-test-model' : 'another-model';
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: [{ id }] }));
    });
    await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
    t = await startTestApp({
      env: { LLM_BASE_URL: url, LLM_API_KEY: 'sk-test-key', LLM_MODEL: 'reti-test-model' },
    });
  });
  afterAll(async () => {
    await t.close();
    llm.closeAllConnections();
    await new Promise((resolve) => llm.close(resolve));
  });

  it('is Online when GET {LLM_BASE_URL}/models answers with the model, with the key sent', async () => {
    const { agent } = await signIn(t.app, 'admin');
    const status = await badge(agent, 'ai');
    expect(status).toMatchObject({ tone: 'success', state: 'Online' });
    expect(status.detail).toMatch(/^Answered in \d+ ms\. Model: reti-test-model\.$/);
    expect(authorization).toBe('Bearer sk-test-key');
  });

  it('says so when the model is not offered, when it answers an error, and when it does not answer', async () => {
    const { agent } = await signIn(t.app, 'admin');
    mode = 'other-model';
    expect(await badge(agent, 'ai')).toMatchObject({
      tone: 'warning',
      state: 'Model missing',
      detail: 'Answers, but does not offer the model reti-test-model (LLM_MODEL).',
    });
    mode = 'error';
    expect(await badge(agent, 'ai')).toMatchObject({
      tone: 'danger',
      state: 'Down',
      detail: 'Answered with HTTP 500.',
    });
    mode = 'hang';
    const started = Date.now();
    expect(await badge(agent, 'ai')).toMatchObject({
      tone: 'danger',
      state: 'Down',
      detail: 'Did not answer within 2 seconds.',
    });
    expect(Date.now() - started).toBeLessThan(4000);
    mode = 'ok';
  });

  it('is Down, and says why, when the URL leads nowhere', async () => {
    llm.closeAllConnections();
    await new Promise((resolve) => llm.close(resolve));
    const { agent } = await signIn(t.app, 'admin');
    expect(await badge(agent, 'ai')).toMatchObject({
      tone: 'danger',
      state: 'Down',
      detail: 'Could not be reached (ECONNREFUSED).',
    });
    const page = mainText((await agent.get('/admin/dashboard')).text);
    expect(page).toContain('AI Service Down Could not be reached (ECONNREFUSED).');
    // Closed already: afterAll's close must not fail.
    llm = http.createServer();
    await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  });
});
