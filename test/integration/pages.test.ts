import request from 'supertest';
import { MENUS as menus } from '../../src/menus';
import { ROLE_HOME } from '../../src/shared/constants';
import { csrfFrom, DEMO_PASSWORD, startTestApp, type TestApp, visibleText } from '../helpers/app';

describe('public site, SEO and areas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const get = (path: string) => request(t.app).get(path);
  const meta = (html: string, name: string) =>
    new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(html)?.[1];

  it('/ has the hero, the ten features, the 60% claim and Contact Us, but no header or Login', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    const text = visibleText(res.text);
    for (const feature of [
      'Document automation',
      'Form population',
      'Case management',
      'Intake',
      'Drafting',
      'Triage',
      'Status tracking',
      'Client communication',
      'Deadline management',
      'Real-time insights',
    ]) {
      expect(text).toContain(feature);
    }
    expect(text).toContain('60%');
    expect(text).toContain('Contact Us');
    expect(res.text).not.toContain('site-header');
    expect(res.text).not.toContain('data-island="LoginModal"');
    expect(text).toContain(`© ${new Date().getFullYear()} Reti Immigration. All rights reserved.`);
  });

  it('/public has the pricing exactly as SPEC.md gives it', async () => {
    const text = visibleText((await get('/public')).text);
    expect(text).toContain(
      'Starter $49/month Up to 50 cases Basic document automation Email support Standard templates Get Started',
    );
    expect(text).toContain(
      'Most Popular Professional $99/month Up to 200 cases Advanced AI features Priority support Custom templates Analytics dashboard Get Started',
    );
    expect(text).toContain(
      'Enterprise $199/month Unlimited cases Full AI suite 24/7 support Custom integrations Dedicated account manager Contact Sales',
    );
    expect(text).toContain('Login');
    expect(text).toContain('Contact Us');
  });

  it('gives each public page its own title and description, Open Graph tags and a canonical link', async () => {
    const seen = new Set<string>();
    for (const [path, canonical] of [
      ['/', '/'],
      ['/public', '/public'],
      ['/about', '/public'],
      ['/services', '/public'],
      ['/contact', '/public'],
      ['/health', '/health'],
    ]) {
      const html = (await get(path)).text;
      const title = /<title>([^<]+)<\/title>/.exec(html)![1];
      expect(seen.has(title)).toBe(false);
      seen.add(title);
      expect(meta(html, 'description')!.length).toBeGreaterThan(40);
      expect(meta(html, 'og:title')).toBe(title);
      expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1${canonical}"/>`);
      expect(html).not.toContain('noindex');
    }
  });

  it('describes the organisation and the three plans as JSON-LD offers', async () => {
    const html = (await get('/public')).text;
    const json = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]);
    const product = json['@graph'].find((n: { '@type': string }) => n['@type'] === 'Product');
    expect(json['@graph'][0]).toMatchObject({ '@type': 'Organization', name: 'Reti Immigration' });
    expect(product.offers.map((o: { name: string; price: string }) => [o.name, o.price])).toEqual([
      ['Starter', '49.00'],
      ['Professional', '99.00'],
      ['Enterprise', '199.00'],
    ]);
  });

  it('serves robots.txt and sitemap.xml', async () => {
    const robots = await get('/robots.txt');
    expect(robots.type).toBe('text/plain');
    expect(robots.text).toContain('Disallow: /admin/');
    expect(robots.text).toContain('Sitemap: http://127.0.0.1/sitemap.xml');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.type).toBe('application/xml');
    expect(sitemap.text).toContain('<loc>http://127.0.0.1/public</loc>');
    expect(sitemap.text).not.toContain('/admin');
  });

  it('keeps /login and the private areas out of search engines', async () => {
    const login = await get('/login');
    expect(meta(login.text, 'robots')).toBe('noindex, nofollow');
    expect(login.headers['x-robots-tag']).toBe('noindex, nofollow');
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD });
    expect(meta((await agent.get('/reti/actions')).text, 'robots')).toBe('noindex, nofollow');
  });

  it.each([
    ['attorney', 'user'],
    ['admin', 'admin'],
    ['reti', 'reti'],
  ] as const)(
    'renders every menu path of %s inside the layout, with the menu in SPEC order',
    async (loginId, role) => {
      const MENUS = menus();
      const agent = request.agent(t.app);
      await agent.post('/api/auth/login').send({ user_id: loginId, password: DEMO_PASSWORD });
      for (const item of MENUS[role]) {
        const res = await agent.get(item.to);
        expect(res.status).toBe(200);
        expect(/<title>([^<]+)<\/title>/.exec(res.text)![1]).toBe(`${item.label} | Reti Immigration`);
        expect(visibleText(/<main[\s\S]*<\/main>/.exec(res.text)![0])).toContain(item.label);
        const nav = /<nav class="role-menu"[\s\S]*?<\/nav>/.exec(res.text)![0];
        expect(visibleText(nav).trim()).toBe(MENUS[role].map((m) => m.label).join(' '));
        expect(nav.match(/<svg class="icon"/g)).toHaveLength(MENUS[role].length);
      }
    },
  );

  it('guards the areas: anonymous to /login with next, a wrong role to a page that says whose it is', async () => {
    for (const path of ['/user/cases', '/admin/reports', '/reti/actions']) {
      const res = await get(path);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/login?next=${encodeURIComponent(path)}`);
    }
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').send({ user_id: 'attorney', password: DEMO_PASSWORD });
    for (const [path, audience] of [
      ['/admin/dashboard', 'firm administrators'],
      ['/reti/role-management', 'Reti platform staff'],
    ]) {
      const res = await agent.get(path);
      expect(res.status).toBe(403);
      expect(visibleText(res.text)).toContain(
        `This page is for ${audience}. You are signed in as attorney (user), so it is not open to you. Go to your dashboard`,
      );
      expect(res.text).toContain(
        '<a class="btn btn-primary" href="/user/dashboard">Go to your dashboard</a>',
      );
    }
    expect((await agent.get('/login')).headers.location).toBe('/user/dashboard');
  });

  it('sends an unknown page home and answers an unknown API path with JSON 404', async () => {
    const page = await get('/no/such/page');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/');
    const api = await get('/api/no/such/thing');
    expect(api.status).toBe(404);
    expect(api.type).toBe('application/json');
    expect(api.body.error).toBe('No such API endpoint.');
  });
});

describe('/ for someone signed in (issue 8 item 20)', () => {
  // An app of its own: the first request for / it ever answers is a signed-in one.
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const DASHBOARD_LINK = /<a class="btn btn-primary" href="([^"]+)">Go to your dashboard<\/a>/;

  it('has a Go to your dashboard link in the hero, to the role home; never cached for the anonymous', async () => {
    for (const [loginId, role] of [
      ['reti', 'reti'],
      ['admin', 'admin'],
      ['attorney', 'user'],
    ] as const) {
      const agent = request.agent(t.app);
      await agent.post('/api/auth/login').send({ user_id: loginId, password: DEMO_PASSWORD });
      const res = await agent.get('/');
      expect(res.status).toBe(200);
      expect(DASHBOARD_LINK.exec(res.text)?.[1]).toBe(ROLE_HOME[role]);
      // In the hero, and still no header on '/'.
      expect(/<section class="hero hero-home">[\s\S]*?<\/section>/.exec(res.text)![0]).toMatch(
        DASHBOARD_LINK,
      );
      expect(res.text).not.toContain('site-header');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
    }

    // The anonymous page, served from the cache after those signed-in renders, has no such link.
    const anonymous = await request(t.app).get('/');
    expect(anonymous.status).toBe(200);
    expect(anonymous.text).not.toContain('Go to your dashboard');
    expect(visibleText(anonymous.text)).toContain('Contact Us');
    expect(anonymous.headers.etag).toBeDefined();
    expect((await request(t.app).get('/')).text).not.toContain('Go to your dashboard');

    // A signed-in browser that kept the anonymous copy is not told it is still good.
    const agent = request.agent(t.app);
    await agent.post('/api/auth/login').send({ user_id: 'reti', password: DEMO_PASSWORD });
    const revalidated = await agent.get('/').set('If-None-Match', anonymous.headers.etag);
    expect(revalidated.status).toBe(200);
    expect(DASHBOARD_LINK.exec(revalidated.text)?.[1]).toBe(ROLE_HOME.reti);

    // Signed out again: the anonymous page.
    const token = csrfFrom(revalidated.text);
    expect((await agent.post('/api/auth/logout').set('X-CSRF-Token', token)).status).toBe(200);
    expect((await agent.get('/')).text).not.toContain('Go to your dashboard');
  });
});
