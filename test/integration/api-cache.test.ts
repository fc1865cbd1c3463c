/**
 * No JSON answer of the API is kept by a cache: the firm's clients, cases, documents, people and reports
 * are sent `Cache-Control: private, no-store`, and so is every other answer of the API.
 */
import { signIn, type SignedIn, startTestApp, type TestApp } from '../helpers/app';
import { textPdf } from '../helpers/files';
import { waitFor } from '../helpers/poll';

describe('API answers are never cached', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signIn(t.app, 'admin');
  });
  afterAll(() => t.close());

  const get = async (path: string) => {
    const res = await admin.agent.get(path);
    expect([path, res.status]).toEqual([path, 200]);
    return res;
  };

  it('sends the firm’s cases, clients, documents, people and reports as private, no-store', async () => {
    const caseId = (await get('/api/cases?pageSize=1')).body.items[0].id;
    const clientId = (await get('/api/clients?pageSize=1')).body.items[0].id;
    const uploaded = await admin.agent
      .post('/api/documents/upload')
      .set('X-CSRF-Token', admin.token)
      .field('caseId', caseId)
      .attach('file', await textPdf(['Receipt Notice']), 'notice.pdf');
    expect(uploaded.status).toBe(201);
    const documentId = uploaded.body.id;
    const userId = (await get('/api/users?pageSize=1')).body.users[0].id;
    const made = await admin.agent
      .post('/api/reports')
      .set('X-CSRF-Token', admin.token)
      .send({ type: 'case-summary', range: 'last-month' });
    expect(made.status).toBe(201);
    await waitFor(async () => (await get(`/api/reports/${made.body.id}`)).body.status === 'done');
    const paths = [
      '/api/cases',
      `/api/cases/${caseId}`,
      `/api/cases/${caseId}/facts`,
      '/api/clients',
      `/api/clients/${clientId}`,
      '/api/documents',
      `/api/documents/${documentId}`,
      '/api/users',
      `/api/users/${userId}`,
      '/api/reports',
      `/api/reports/${made.body.id}`,
      '/api/dashboard',
      '/api/activity',
      '/api/auth/account',
    ];
    for (const path of paths) {
      const res = await get(path);
      expect([path, res.headers['content-type']]).toEqual([
        path,
        expect.stringMatching(/^application\/json/),
      ]);
      expect([path, res.headers['cache-control']]).toEqual([path, 'private, no-store']);
    }
    const written = await admin.agent
      .post('/api/ai/deadlines')
      .set('X-CSRF-Token', admin.token)
      .send({ caseId });
    expect([written.status, written.headers['cache-control']]).toEqual([200, 'private, no-store']);
  });

  it('sends refusals and public answers the same way', async () => {
    const refused = await admin.agent.get('/api/cases/00000000-0000-4000-8000-000000000000');
    expect([refused.status, refused.headers['cache-control']]).toEqual([404, 'private, no-store']);
    const health = await admin.agent.get('/api/health/check');
    expect(health.headers['cache-control']).toBe('private, no-store');
  });
});
