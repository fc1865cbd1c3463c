import type { Page } from 'puppeteer';
import { DEMO_PASSWORD } from '../helpers/app';
import { axeViolations, control, e2eSuite, fill, islandsHydrated, pathOf } from './support';

/**
 * Hydrates every island of the page the way a person would: by moving focus into it (the islands wait
 * for an interaction before loading React). Answers how many islands there were.
 */
async function hydrateIslands(page: Page): Promise<number> {
  const roots = await page.$$('[data-island]');
  for (const root of roots) {
    const focusable = await root.$('a[href], button, input');
    if (!focusable) throw new Error('an island with nothing to focus');
    await focusable.focus();
  }
  await islandsHydrated(page);
  return roots.length;
}

describe('every page: accessible, and its islands hydrate cleanly', () => {
  const suite = e2eSuite();

  it.each([
    ['/', ['ContactModal']],
    ['/public', ['LoginModal', 'ContactModal']],
    ['/login', ['LoginModal']],
    ['/health', ['LoginModal', 'HealthChecks']],
    ['/public?contact=sent', ['LoginModal', 'ContactModal']],
  ])('%s: no axe violations; its islands (%j) hydrate without errors', async (path, islands) => {
    const { page, errors } = await suite.open();
    await page.goto(`${suite.url}${path}`);
    expect(
      await page.$$eval('[data-island]', (roots) => roots.map((r) => (r as HTMLElement).dataset.island)),
    ).toEqual(islands);
    expect(await hydrateIslands(page)).toBe(islands.length);
    expect(await axeViolations(page)).toEqual([]);
    // Nothing at all went wrong in the console while the page loaded and hydrated.
    expect(errors).toEqual([]);
  });

  it.each([
    ['reti', '/reti/dashboard'],
    ['admin', '/admin/dashboard'],
    ['attorney', '/user/dashboard'],
  ])('signed in as %s: %s has no axe violations and ships no JavaScript', async (loginId, home) => {
    const { page } = await suite.open();
    await page.goto(`${suite.url}/login`);
    const status = await page.evaluate(
      async (user_id, password) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ user_id, password }),
          })
        ).status,
      loginId,
      DEMO_PASSWORD,
    );
    expect(status).toBe(200);
    await page.goto(`${suite.url}${home}`);
    expect(pathOf(page)).toBe(home);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.$$('script:not([type="application/ld+json"])')).toHaveLength(0);
  });

  it('no page scrolls sideways on a 360 px phone, and Login stays beside the logo', async () => {
    const { page } = await suite.open();
    await page.setViewport({ width: 360, height: 740 });
    for (const path of ['/', '/public', '/login', '/health?check=config']) {
      await page.goto(`${suite.url}${path}`);
      expect([path, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([path, 360]);
    }
    const [logo, login] = await Promise.all(
      ['header .logo', 'header .account'].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().top)),
    );
    expect(Math.abs(logo - login)).toBeLessThan(12);
  });

  it('the open Login modal, with its error, has no axe violations', async () => {
    const { page } = await suite.open();
    await page.goto(`${suite.url}/public`);
    await (await control(page, 'Login', 'header')).click();
    await page.waitForSelector('dialog[open]', { visible: true });
    expect(await axeViolations(page)).toEqual([]);
    await fill(page, 'User ID', 'admin');
    await fill(page, 'Password', 'wrong');
    await (await control(page, 'Login', 'dialog[open] form')).click();
    await page.waitForSelector('dialog[open] [role=alert]', { visible: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  it.each(['/', '/public'])(
    'the open contact modal on %s, with field messages, has no axe violations',
    async (path) => {
      const { page } = await suite.open();
      await page.goto(`${suite.url}${path}`);
      await (await control(page, 'Contact Us', 'main')).click();
      await page.waitForSelector('dialog#contact[open]', { visible: true });
      expect(await axeViolations(page)).toEqual([]);
      await fill(page, 'Phone Number', '12');
      await fill(page, 'Email address', 'nope');
      await page.waitForSelector('dialog#contact .field-error');
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  it('without JavaScript, the contact form shown as the #contact target has no axe violations', async () => {
    // Axe needs JavaScript itself, so the page's own scripts are refused instead: it stays unhydrated.
    const { page } = await suite.open();
    await page.setRequestInterception(true);
    page.on(
      'request',
      (request) => void (request.url().endsWith('.js') ? request.abort() : request.continue()),
    );
    await page.goto(`${suite.url}/public#contact`);
    await page.waitForSelector('dialog#contact', { visible: true });
    expect(await page.$eval('dialog#contact', (d) => d.matches(':target:not([open])'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('every page with JavaScript off: accessible as served', () => {
  const suite = e2eSuite();

  /**
   * A browser page where the product's scripts never run, signed in through the no-JS login form when a
   * login is given. Its script files are refused rather than scripting turned off: axe itself is a script
   * the test puts in the page, and the page is then exactly what a browser without JavaScript shows.
   */
  async function openWithoutScripts(loginId?: string) {
    const { page } = await suite.open();
    await page.setRequestInterception(true);
    page.on('request', (r) => void (r.resourceType() === 'script' ? r.abort() : r.continue()));
    if (loginId) {
      await page.goto(`${suite.url}/login`);
      await fill(page, 'User ID', loginId, 'main form');
      await fill(page, 'Password', DEMO_PASSWORD, 'main form');
      await Promise.all([page.waitForNavigation(), (await control(page, 'Login', 'main form')).click()]);
    }
    return page;
  }

  it.each([
    [undefined, ['/', '/public', '/login', '/health', '/health?check=database', '/public?contact=sent']],
    [
      'reti',
      [
        '/reti/dashboard',
        '/reti/firm-onboard',
        '/reti/role-management',
        '/reti/role-management?edit=x',
        '/reti/actions',
        '/reti/actions?new=1',
        '/admin/dashboard',
      ],
    ],
    [
      'admin',
      [
        '/admin/dashboard',
        '/admin/users',
        '/admin/settings/security',
        '/admin/cleanup',
        '/account',
        '/reti/actions',
      ],
    ],
    ['attorney', ['/user/dashboard', '/user/cases']],
  ])(
    'as %s: no axe violations on %j',
    async (loginId, paths) => {
      const page = await openWithoutScripts(loginId);
      for (const path of paths) {
        await page.goto(`${suite.url}${path}`);
        expect([path, await axeViolations(page)]).toEqual([path, []]);
      }
      // Up to seven pages, some long (the actions catalog): axe takes seconds on each on a loaded machine.
    },
    120_000,
  );
});
