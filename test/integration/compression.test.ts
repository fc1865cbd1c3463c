import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { readManifest } from '../../src/http/assets';
import { PUBLIC_BUILD_DIR } from '../../src/paths';
import { DEMO_PASSWORD, signIn, startTestApp, type TestApp } from '../helpers/app';

/** What Chromium sends. */
const BROWSER = 'gzip, deflate, br, zstd';
const YEAR = 'public, max-age=31536000, immutable';

describe('compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const manifest = readManifest();
  const built = (file: string) => fs.readFileSync(path.join(PUBLIC_BUILD_DIR, file));

  describe('hashed assets, compressed by the build', () => {
    it.each([
      [BROWSER, 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['*', 'br'],
      ['identity', undefined],
      ['', undefined],
    ])('Accept-Encoding "%s" gets %s, cached for a year', async (accept, encoding) => {
      const res = await request(t.app).get(manifest.hydrate).set('Accept-Encoding', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['cache-control']).toBe(YEAR);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      const suffix = { br: '.br', gzip: '.gz' }[encoding ?? ''] ?? '';
      expect(Number(res.headers['content-length'])).toBe(built(manifest.hydrate + suffix).length);
      // supertest decodes it: the same script either way.
      expect(res.text).toBe(built(manifest.hydrate).toString());
    });

    it('the brotli copy of the React runtime is less than a third of it', () => {
      expect(built(`${manifest.hydrate}.br`).length).toBeLessThan(built(manifest.hydrate).length / 3);
    });

    it('answers a repeated request with 304, and HEAD with the headers alone', async () => {
      const first = await request(t.app).get(manifest.css).set('Accept-Encoding', 'br');
      const again = await request(t.app)
        .get(manifest.css)
        .set('Accept-Encoding', 'br')
        .set('If-None-Match', first.headers.etag);
      expect(again.status).toBe(304);
      const gzip = await request(t.app)
        .get(manifest.css)
        .set('Accept-Encoding', 'gzip')
        .set('If-None-Match', first.headers.etag);
      expect(gzip.status).toBe(200);
      const head = await request(t.app).head(manifest.css).set('Accept-Encoding', 'br');
      expect(head.headers['content-length']).toBe(first.headers['content-length']);
    });

    it('answers a missing or malformed name with 404', async () => {
      for (const url of ['/assets/nope.js', `${manifest.css}.br`, '/assets/..%2Fmanifest.json'])
        expect([url, (await request(t.app).get(url)).status]).toEqual([url, 404]);
    });
  });

  describe('pages and JSON, compressed as they are sent', () => {
    async function staff() {
      const agent = request.agent(t.app);
      await agent.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD }).expect(200);
      return agent;
    }

    it.each([
      [BROWSER, 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
    ])('a signed-in page, with Accept-Encoding "%s", comes as %s', async (accept, encoding) => {
      const agent = await staff();
      const res = await agent.get('/reti/actions').set('Accept-Encoding', accept);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(res.text).toContain('Actions Management');
      if (encoding) expect(Number(res.headers['content-length'])).toBeLessThan(res.text.length / 4);
    });

    it('JSON of 1 KiB or more is compressed; a smaller answer is not worth it', async () => {
      const agent = await staff();
      const list = await agent.get('/api/actions').set('Accept-Encoding', BROWSER);
      expect(list.headers['content-encoding']).toBe('br');
      expect(Array.isArray(list.body)).toBe(true);
      const ping = await agent.get('/node/ping').set('Accept-Encoding', BROWSER);
      expect(ping.status).toBe(200);
      expect(ping.headers['content-encoding']).toBeUndefined();
      expect(ping.headers.vary ?? '').not.toContain('Accept-Encoding');
    });
  });

  describe('anonymous pages: rendered and compressed once', () => {
    const get = (accept: string) => request(t.app).get('/public').set('Accept-Encoding', accept);

    it('the same bytes every time, with a strong ETag per encoding and 304 for a copy already held', async () => {
      const [a, b, gzip, plain] = await Promise.all([get(BROWSER), get(BROWSER), get('gzip'), get('')]);
      expect(a.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(a.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(b.text).toBe(a.text);
      expect(plain.text).toBe(a.text);
      expect(Number(a.headers['content-length'])).toBeLessThan(a.text.length / 2);
      const tags = [a, gzip, plain].map((r) => r.headers.etag);
      expect(tags.every((tag) => /^"[^"]+"$/.test(tag))).toBe(true);
      expect(new Set(tags).size).toBe(3);
      expect(b.headers.etag).toBe(a.headers.etag);
      expect((await get(BROWSER).set('If-None-Match', a.headers.etag)).status).toBe(304);
      expect((await get('gzip').set('If-None-Match', a.headers.etag)).status).toBe(200);
    });

    it('answers from memory with the same headers the first rendering sent, HEAD included', async () => {
      const headersOf = (res: request.Response) => {
        const headers: Record<string, unknown> = { ...res.headers };
        expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        delete headers.date;
        delete headers['x-request-id'];
        return headers;
      };
      for (const path of ['/about', '/health']) {
        const first = await request(t.app).get(path).set('Accept-Encoding', BROWSER);
        const again = await request(t.app).get(path).set('Accept-Encoding', BROWSER);
        expect(first.status).toBe(200);
        expect(headersOf(again)).toEqual(headersOf(first));
        expect(again.text).toBe(first.text);
        const head = await request(t.app).head(path).set('Accept-Encoding', BROWSER);
        expect(head.status).toBe(200);
        expect(headersOf(head)).toEqual(headersOf(first));
      }
    });

    it('is not the answer for a query or a session: those pages are rendered for the request', async () => {
      await get(BROWSER);
      const queried = await request(t.app).get('/public?utm_source=mail').set('Accept-Encoding', BROWSER);
      expect(queried.headers['content-security-policy']).toContain("'nonce-");
      const { agent } = await signIn(t.app, 'reti');
      const signedIn = await agent.get('/public').set('Accept-Encoding', BROWSER);
      expect(signedIn.headers['content-security-policy']).toContain("'nonce-");
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
    });

    it('its CSP allows its one inline script by hash, with no nonce', async () => {
      const res = await get(BROWSER);
      const script = /<script type="module">([^<]+)<\/script>/.exec(res.text)![1];
      const hash = crypto.createHash('sha256').update(script).digest('base64');
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(csp).not.toContain('nonce');
      expect(res.text).not.toContain('nonce');
    });
  });
});
