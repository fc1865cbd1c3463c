import request from 'supertest';
import { BACKENDS, startTestApp, type TestApp, visibleText } from '../helpers/app';

describe.each(BACKENDS)('health on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ backend });
  });
  afterAll(() => t.close());

  it('answers the four checks', async () => {
    expect((await request(t.app).get('/api/health/check')).body).toEqual({ status: 'ok' });
    const db = await request(t.app).get('/api/health/db');
    expect(db.status).toBe(200);
    expect(db.body.message).toMatch(/^Hello from the database at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    expect((await request(t.app).get('/node/ping')).body.message).toBe('pong');
    expect((await request(t.app).get('/node/config')).body).toEqual({ API_BASE_URL: '/api' });
  });

  it('shows four panels with their buttons', async () => {
    const text = visibleText((await request(t.app).get('/health')).text);
    expect(text).toContain(
      'Backend Health Check Check Backend Test Database Connection Test Connection Node.js Health Check Check Node.js Configuration Check Load Config',
    );
  });

  it.each([
    ['backend', 'Successful communication Received 200 OK from backend Backend is responding correctly'],
    ['database', 'Connection Successful! Data retrieved from database Hello from the database at'],
    ['node', 'Node.js App Connected Node.js application is responding correctly'],
    ['config', 'Configuration Loaded { "API_BASE_URL": "/api" }'],
  ])('runs the %s check on the server without JavaScript', async (check, shown) => {
    const res = await request(t.app).get(`/health?check=${check}`);
    expect(res.status).toBe(200);
    expect(visibleText(res.text)).toContain(shown);
  });

  it('answers quickly with a message when the database is down', async () => {
    const broken = await startTestApp({ backend });
    await broken.database.close();
    const started = Date.now();
    const check = await request(broken.app).get('/api/health/check');
    const db = await request(broken.app).get('/api/health/db');
    const page = await request(broken.app).get('/health?check=database');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(check.status).toBe(503);
    expect(check.body.error).toBe('The database is unreachable');
    expect(db.status).toBe(503);
    expect(visibleText(page.text)).toContain('Connection Error: The database is unreachable');
    expect((await request(broken.app).get('/node/ping')).status).toBe(200);
    await broken.close().catch(() => undefined);
  });
});
