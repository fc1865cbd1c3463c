import request from 'supertest';
import { DEMO_PASSWORD, startTestApp, type TestApp, signIn, visibleText } from '../helpers/app';

describe('request safety', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const signedIn = () => signIn(t.app, 'admin');

  it('gives an anonymous reader no cookie', async () => {
    for (const path of ['/', '/public', '/health', '/login', '/robots.txt']) {
      const res = await request(t.app).get(path);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"user_id": ');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The request body is not valid JSON.');
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await request(t.app)
      .post('/api/comm/contact')
      .send({ name: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('The request body is too large.');
    const form = await request(t.app)
      .post('/contact')
      .type('form')
      .send({ name: 'x'.repeat(200_000) });
    expect(form.status).toBe(413);
    expect(form.text).toContain('The request body is too large.');
  });

  it('refuses a state change within a session without the CSRF token, or with a wrong one', async () => {
    const { agent, token } = await signedIn();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const missing = await agent.post('/api/auth/refresh');
    expect(missing.status).toBe(403);
    expect(missing.body.error).toBe(
      'Your security token is missing or out of date. Reload the page and try again.',
    );
    expect((await agent.post('/api/auth/refresh').set('X-CSRF-Token', 'f'.repeat(64))).status).toBe(403);
    const form = await agent.post('/logout').type('form').send({ _csrf: 'wrong' });
    expect(form.status).toBe(403);
    expect(form.text).toContain('Your security token is missing or out of date.');
    // Still signed in: the refused logout changed nothing.
    expect((await agent.get('/api/demo/me')).status).toBe(200);
    expect((await agent.post('/api/auth/refresh').set('X-CSRF-Token', token)).status).toBe(200);
  });

  it.each([
    ['a cross-site Origin', { Origin: 'https://evil.example' }],
    ['Origin null', { Origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('refuses unsafe requests with %s, even anonymous ones', async (_what, headers) => {
    const login = await request(t.app)
      .post('/api/auth/login')
      .set(headers)
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.error).toBe('Cross-site requests are not allowed.');
    const contact = await request(t.app).post('/contact').set(headers).type('form').send({ name: 'A' });
    expect(contact.status).toBe(403);
  });

  it('accepts same-origin browser requests', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .set({ Origin: 'http://127.0.0.1', 'Sec-Fetch-Site': 'same-origin' })
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
  });

  it('trusts Sec-Fetch-Site over Origin: Chromium posts forms with Origin null under some referrer policies', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .set({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' })
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    const crossSite = await request(t.app)
      .post('/api/auth/login')
      .set({ Origin: 'http://127.0.0.1', 'Sec-Fetch-Site': 'cross-site' })
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(crossSite.status).toBe(403);
  });

  it('keeps the referrer on the site: same-origin requests carry their real Origin', async () => {
    expect((await request(t.app).get('/public')).headers['referrer-policy']).toBe('same-origin');
  });

  it('sends a strict CSP whose nonce is the page script nonce, fresh on every response', async () => {
    // /login is rendered for each request; the cached marketing pages name their script's hash instead.
    const a = await request(t.app).get('/login');
    const b = await request(t.app).get('/login');
    const csp = a.headers['content-security-policy'];
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(a.text).toContain(`<script type="module" nonce="${nonce}">`);
    expect(b.headers['content-security-policy']).not.toContain(nonce);
    expect(b.text).not.toContain(nonce);
  });

  it('ships no JavaScript on a page without islands', async () => {
    const { agent } = await signedIn();
    const page = await agent.get('/admin/users');
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(page.text).not.toContain('modulepreload');
  });

  it('serves built assets as immutable', async () => {
    const page = await request(t.app).get('/public');
    const css = /href="(\/assets\/styles-[^"]+\.css)"/.exec(page.text)![1];
    const res = await request(t.app).get(css);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(t.app).get('/assets/nope.js')).status).toBe(404);
  });
});

describe('IP rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ limits: { loginFailures: 3, contactRequests: 2 } });
  });
  afterAll(() => t.close());

  it('stop repeated failed sign-ins from one address', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await request(t.app)
            .post('/api/auth/login')
            .send({ user_id: `ghost${i}`, password: 'x' })
        ).status,
      ).toBe(401);
    }
    const res = await request(t.app)
      .post('/api/auth/login')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe(
      'Too many failed sign-ins from this address. Please wait 15 minutes and try again.',
    );
    const page = await request(t.app)
      .post('/login')
      .type('form')
      .send({ user_id: 'admin', password: DEMO_PASSWORD });
    expect(page.status).toBe(429);
  });

  it('limit contact requests per address', async () => {
    const body = { name: 'Ana', phone: '5551234567', email: 'ana@firm.example' };
    expect((await request(t.app).post('/api/comm/contact').send(body)).status).toBe(201);
    expect((await request(t.app).post('/api/comm/contact').send(body)).status).toBe(201);
    const res = await request(t.app).post('/api/comm/contact').send(body);
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('Too many contact requests from this address. Please try again later.');
  });
});

describe('sign-in limits per account and per address', () => {
  const ACCOUNT_LIMITED = 'Too many failed sign-ins for this user ID. Please wait 15 minutes and try again.';
  const ADDRESS_LIMITED = 'Too many failed sign-ins from this address. Please wait 15 minutes and try again.';
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ limits: { loginFailures: 6, loginFailuresPerAccount: 3, contactRequests: 10 } });
  });
  afterAll(() => t.close());

  const login = (userId: string, password: string) =>
    request(t.app).post('/api/auth/login').send({ user_id: userId, password });

  it("one person's wrong passwords stop their user ID, not the others behind the same address", async () => {
    for (let i = 0; i < 3; i++) expect((await login('attorney', 'wrong-password')).status).toBe(401);
    // The fourth try of that user ID is refused, even with the right password and typed another way.
    for (const userId of ['attorney', ' ATTORNEY ']) {
      const refused = await login(userId, DEMO_PASSWORD);
      expect([refused.status, refused.body.error]).toEqual([429, ACCOUNT_LIMITED]);
    }
    const form = await request(t.app)
      .post('/login')
      .type('form')
      .send({ user_id: 'attorney', password: DEMO_PASSWORD });
    expect(form.status).toBe(429);
    expect(visibleText(form.text)).toContain(ACCOUNT_LIMITED);
    // A colleague at the same address signs in: the tries refused above spent none of the address's budget.
    expect((await login('admin', DEMO_PASSWORD)).status).toBe(200);
  });

  it('still stops one address trying many user IDs', async () => {
    // The address has spent 3 of its 6 on the attorney above; three more user IDs spend the rest.
    for (const userId of ['ghost.a', 'ghost.b', 'ghost.c'])
      expect((await login(userId, 'wrong-password')).status).toBe(401);
    const refused = await login('admin', DEMO_PASSWORD);
    expect([refused.status, refused.body.error]).toEqual([429, ADDRESS_LIMITED]);
  });
});
