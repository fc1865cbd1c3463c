import type { Page } from 'puppeteer';
import { DEMO_PASSWORD } from '../helpers/app';
import { e2eSuite, islandsHydrated, pathOf } from './support';

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

describe('every page: its islands hydrate cleanly', () => {
  const suite = e2eSuite();

  it.each([
    ['/', ['ContactModal']],
    ['/public', ['LoginModal', 'ContactModal']],
    ['/login', ['LoginModal']],
    ['/health', ['LoginModal', 'HealthChecks']],
    ['/public?contact=sent', ['LoginModal', 'ContactModal']],
  ])('%s: its islands (%j) hydrate without errors', async (path, islands) => {
    const { page, errors } = await suite.open();
    await page.goto(`${suite.url}${path}`);
    expect(
      await page.$$eval('[data-island]', (roots) => roots.map((r) => (r as HTMLElement).dataset.island)),
    ).toEqual(islands);
    expect(await hydrateIslands(page)).toBe(islands.length);
    // Nothing at all went wrong in the console while the page loaded and hydrated.
    expect(errors).toEqual([]);
  });

  it.each([
    ['reti', '/reti/dashboard'],
    ['admin', '/admin/dashboard'],
    ['attorney', '/user/dashboard'],
  ])('signed in as %s: %s ships no JavaScript', async (loginId, home) => {
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
});
