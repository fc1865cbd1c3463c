import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Action } from '../../src/shared/access';
import {
  BACKENDS,
  type Backend,
  DEMO_PASSWORD,
  postgresSchema,
  REDIS_URL,
  startTestApp,
  type TestApp,
  csrfFrom,
} from '../helpers/app';
import { listeningPort, startServer } from '../helpers/process';

/** The body of PUT /permissions/{id} for Get All Actions: reti keeps read; the firm user gets it or not. */
const getAllActionsRow = (userRead: boolean) => ({
  permissions: [
    { roleId: 'user', canRead: userRead, canWrite: false, canDelete: false },
    { roleId: 'admin', canRead: false, canWrite: false, canDelete: false },
    { roleId: 'reti', canRead: true, canWrite: false, canDelete: false },
  ],
});

/** Polls every 50 ms until `check` holds; fails once `ms` have passed. Returns how long it took. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started >= ms) throw new Error(`${what}: not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Session = { cookie: string; csrf: string };

/** Signs in against a base URL (a process or an in-process app) and keeps the cookie and CSRF token. */
async function signIn(target: string | TestApp['app'], loginId: string, home: string): Promise<Session> {
  const login = await request(target)
    .post('/api/auth/login')
    .send({ user_id: loginId, password: DEMO_PASSWORD });
  expect(login.status).toBe(200);
  const cookie = (login.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
  const page = await request(target).get(home).set('Cookie', cookie);
  expect(page.status).toBe(200);
  return { cookie, csrf: csrfFrom(page.text) };
}

const call = (
  target: string | TestApp['app'],
  session: Session,
  method: 'get' | 'put' | 'patch' | 'post',
  p: string,
) => request(target)[method](p).set('Cookie', session.cookie).set('X-CSRF-Token', session.csrf);

// Two real processes need a shared PostgreSQL and Redis; without them this part is not registered.
const describeScaleOut = process.env.TEST_DATABASE_URL && REDIS_URL ? describe : undefined;

describeScaleOut?.('two app processes on one PostgreSQL and one Redis', () => {
  const children: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-scale-'));
  const secret = crypto.randomBytes(32).toString('hex');
  /** Each process's base URL, on the port the OS gave it. */
  const urls: string[] = [];
  let schema: Awaited<ReturnType<typeof postgresSchema>>;
  let reti: Session;
  let attorney: Session;
  let getAllActions: Action;
  let getAllFirms: Action;

  /** Starts an app process on a port of the OS's choosing; answers its base URL once it listens. */
  async function startProcess(databaseUrl: string): Promise<string> {
    const server = startServer({
      NODE_ENV: 'test',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      REDIS_URL: REDIS_URL!,
      SESSION_SECRET: secret,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://127.0.0.1',
      DEMO_PASSWORD,
    });
    children.push(server.child);
    return `http://127.0.0.1:${await listeningPort(server)}`;
  }

  beforeAll(async () => {
    schema = await postgresSchema();
    // The first process migrates and seeds the fresh schema; the second finds it ready.
    urls.push(await startProcess(schema.url));
    urls.push(await startProcess(schema.url));
    reti = await signIn(urls[0], 'reti', '/reti/dashboard');
    attorney = await signIn(urls[1], 'attorney', '/user/dashboard');
    const actions: Action[] = (await call(urls[0], reti, 'get', '/api/actions').expect(200)).body;
    getAllActions = actions.find((a) => a.name === 'Get All Actions')!;
    getAllFirms = actions.find((a) => a.name === 'Get All Firms')!;
  }, 90_000);

  afterAll(async () => {
    // Signing out removes the sessions from the shared Redis.
    if (reti) await call(urls[0], reti, 'post', '/api/auth/logout');
    if (attorney) await call(urls[1], attorney, 'post', '/api/auth/logout');
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
            setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await schema?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const attorneyReadsActions = async (process: number) =>
    (await call(urls[process], attorney, 'get', '/api/actions')).status;

  it('shares sessions: a session begun on one process is signed in on the other', async () => {
    const me = await call(urls[1], reti, 'get', '/api/demo/me');
    expect(me.status).toBe(200);
    expect(me.body.user_id).toBe('reti');
    expect((await call(urls[0], attorney, 'get', '/api/demo/me')).body.user_id).toBe('attorney');
  });

  it('puts a permission saved on process 1 in force on process 2 within a second, and its revocation too', async () => {
    const denied = await call(urls[1], attorney, 'get', '/api/actions');
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('Your role (user) does not have read permission for Get All Actions.');

    await call(urls[0], reti, 'put', `/api/permissions/${getAllActions.id}`)
      .send(getAllActionsRow(true))
      .expect(200);
    // Process 1 itself holds the change on the very next request.
    expect(await attorneyReadsActions(0)).toBe(200);
    await within(1000, 'the grant on process 2', async () => (await attorneyReadsActions(1)) === 200);

    await call(urls[0], reti, 'put', `/api/permissions/${getAllActions.id}`)
      .send(getAllActionsRow(false))
      .expect(200);
    expect(await attorneyReadsActions(0)).toBe(403);
    await within(1000, 'the revocation on process 2', async () => (await attorneyReadsActions(1)) === 403);
  });

  it('carries a change made on process 2 back to process 1, and an action toggled inactive', async () => {
    await call(urls[1], reti, 'put', `/api/permissions/${getAllActions.id}`)
      .send(getAllActionsRow(true))
      .expect(200);
    await within(1000, 'the grant on process 1', async () => (await attorneyReadsActions(0)) === 200);
    await call(urls[1], reti, 'put', `/api/permissions/${getAllActions.id}`)
      .send(getAllActionsRow(false))
      .expect(200);
    await within(1000, 'the revocation on process 1', async () => (await attorneyReadsActions(0)) === 403);

    expect((await call(urls[1], attorney, 'get', '/api/firms')).status).toBe(200);
    await call(urls[0], reti, 'patch', `/api/actions/${getAllFirms.id}`)
      .send({ isActive: false })
      .expect(200);
    let last: request.Response | undefined;
    await within(1000, 'the deactivation on process 2', async () => {
      last = await call(urls[1], attorney, 'get', '/api/firms');
      return last.status === 403;
    });
    expect(last!.body.error).toBe('This action is disabled: Get All Firms.');
    await call(urls[0], reti, 'patch', `/api/actions/${getAllFirms.id}`).send({ isActive: true }).expect(200);
    await within(
      1000,
      'the reactivation on process 2',
      async () => (await call(urls[1], attorney, 'get', '/api/firms')).status === 200,
    );
  });
});

/** PGlite and PostgreSQL without Redis; PostgreSQL with Redis too when REDIS_URL is set. */
const IN_PROCESS: Array<{ name: string; backend: Backend; redis: boolean }> = [
  ...BACKENDS.map((backend) => ({ name: backend, backend, redis: false })),
  ...(REDIS_URL ? [{ name: `${BACKENDS.at(-1)!} with Redis`, backend: BACKENDS.at(-1)!, redis: true }] : []),
];

describe.each(IN_PROCESS)('one app process ($name)', ({ backend, redis }) => {
  let t: TestApp;
  let reti: Session;
  let attorney: Session;
  beforeAll(async () => {
    t = await startTestApp({ backend, redis });
    reti = await signIn(t.app, 'reti', '/reti/dashboard');
    attorney = await signIn(t.app, 'attorney', '/user/dashboard');
  });
  afterAll(() => t.close());

  it('holds a saved change on the very next request, with no wait', async () => {
    const actions: Action[] = (await call(t.app, reti, 'get', '/api/actions').expect(200)).body;
    const id = actions.find((a) => a.name === 'Get All Actions')!.id;
    for (const grant of [true, false, true, false]) {
      await call(t.app, reti, 'put', `/api/permissions/${id}`).send(getAllActionsRow(grant)).expect(200);
      const res = await call(t.app, attorney, 'get', '/api/actions');
      expect(res.status).toBe(grant ? 200 : 403);
    }
  });
});
