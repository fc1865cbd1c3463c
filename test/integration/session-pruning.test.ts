import request from 'supertest';
import { createApp } from '../../src/app';
import { startSessionPruning } from '../../src/auth/session';
import { createSessionsStore } from '../../src/auth/store';
import { readManifest } from '../../src/http/assets';
import { createLogger } from '../../src/logger';
import { BACKENDS, DEMO_PASSWORD, REDIS_URL, startTestApp, type TestApp } from '../helpers/app';
import { waitFor } from '../helpers/poll';

// Registered only where Redis is configured (CI sets REDIS_URL); the embedded mode needs none.
const describeWithRedis = (name: string, fn: () => void) => (REDIS_URL ? describe(name, fn) : undefined);

describe.each(BACKENDS)('expired sessions in the database on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  const sessions = () => createSessionsStore(t.database.db);
  const sids = async () =>
    (await t.database.db.selectFrom('sessions').select('sid').orderBy('sid').execute()).map((r) => r.sid);
  const minutes = (n: number) => new Date(Date.now() + n * 60_000);

  beforeEach(() => t.database.db.deleteFrom('sessions').execute());

  it('are deleted when an app starts, and live ones kept', async () => {
    await sessions().set('ended', { cookie: {} }, null, minutes(-1));
    await sessions().set('live', { cookie: {} }, null, minutes(30));
    const app = createApp({
      config: t.config,
      database: t.database,
      logger: createLogger('silent'),
      manifest: readManifest(),
    });
    await app.start();
    await waitFor(async () => !(await sids()).includes('ended'), 5000);
    expect(await sids()).toEqual(['live']);
    await app.close();
  });

  it('are deleted again on the schedule, until it stops', async () => {
    const stop = startSessionPruning({ sessions: sessions(), logger: createLogger('silent'), everyMs: 50 });
    await sessions().set('ended-later', { cookie: {} }, null, minutes(-1));
    await waitFor(async () => (await sids()).length === 0, 5000);
    await stop();
    await sessions().set('ended-after-stop', { cookie: {} }, null, minutes(-1));
    // Four intervals: a pass that was still scheduled would have run by then.
    await new Promise((r) => setTimeout(r, 200));
    expect(await sids()).toEqual(['ended-after-stop']);
  });
});

describeWithRedis("the Redis set of a user's sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ redis: true });
  });
  afterAll(() => t.close());

  const signIn = async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    const cookie = decodeURIComponent(res.headers['set-cookie'][0].split(';')[0].split('=')[1]);
    return cookie.slice(2, cookie.lastIndexOf('.')); // s:<id>.<signature>
  };

  it('forgets the sessions that expired or ended when the user signs in again', async () => {
    const first = await signIn();
    const second = await signIn();
    const { user } = JSON.parse((await t.redis!.get(`${t.redisPrefix}sess:${first}`))!);
    const key = `${t.redisPrefix}user-sessions:${user.id}`;
    expect((await t.redis!.sMembers(key)).sort()).toEqual([first, second].sort());

    // The first session expires, as Redis expires its key.
    await t.redis!.del(`${t.redisPrefix}sess:${first}`);
    const third = await signIn();
    expect((await t.redis!.sMembers(key)).sort()).toEqual([second, third].sort());
  });
});
