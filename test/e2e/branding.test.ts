import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer';
import { createSettingsStore } from '../../src/settings/store';
import { DEMO_PASSWORD } from '../helpers/app';
import { clickAndWait, control, e2eSuite, fill, pathOf, screenshot } from './support';

const TEAL = '#0f766e';
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" width="160" height="40">
  <rect width="40" height="40" rx="8" fill="${TEAL}"/>
  <text x="48" y="27" font-family="sans-serif" font-size="18" fill="#111827">Demo Law</text>
  <script>document.title = 'scripted'</script>
</svg>`;

describe("a firm's look in the browser", () => {
  const suite = e2eSuite();
  let logoFile: string;

  beforeAll(() => {
    logoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reti-logo-')), 'logo.svg');
    fs.writeFileSync(logoFile, LOGO_SVG);
  });

  const firmId = async () =>
    (
      await suite.t.database.db
        .selectFrom('firms')
        .select('id')
        .where('name', '=', 'Demo Immigration Law')
        .executeTakeFirstOrThrow()
    ).id;

  async function signIn(loginId: string, next: string, javaScript = false): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.goto(`${suite.url}/login?next=${encodeURIComponent(next)}`);
    await fill(page, 'User ID', loginId, 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe(next);
    return page;
  }

  const background = (page: Page, selector: string) =>
    page.$eval(selector, (e) => getComputedStyle(e).backgroundColor);

  it("applies the firm's primary color, and shows the uploaded logo in the header for its users", async () => {
    await createSettingsStore(suite.t.database.db).save(await firmId(), { primary_color: TEAL });
    const page = await signIn('admin', '/admin/settings/appearance/logo');
    // The firm's stylesheet, linked from the page, colors the primary button: no inline style.
    expect(await background(page, '.logo-forms .btn-primary')).toBe('rgb(15, 118, 110)');

    const input = (await page.$('input[type=file][name=logo]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(logoFile);
    // The SVG is cleaned in a sandbox worker started for it (its own 15 s limit): on two cores shared with
    // the rest of the suite that alone took over the pages' 10 s, so the answer gets the sandbox's time.
    await clickAndWait(page, await control(page, 'Upload logo'), { timeout: 20_000 });
    expect(pathOf(page)).not.toBe('/admin/settings/appearance/logo');

    for (const [loginId, home] of [
      ['admin', '/admin/settings/appearance/logo'],
      ['attorney', '/user/dashboard'],
    ]) {
      const member = loginId === 'admin' ? page : await signIn(loginId, home);
      await member.goto(`${suite.url}${home}`);
      const logo = await member.$eval('header .firm-logo img', (img) => ({
        alt: (img as HTMLImageElement).alt,
        loaded: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      }));
      expect(logo).toEqual({ alt: 'Demo Immigration Law', loaded: true });
      expect(await member.$('header a[aria-label="Reti Immigration home"]')).toBeNull();
      expect(await member.evaluate(() => document.title)).not.toBe('scripted');
    }
    await screenshot(page, 'branding-logo-page');

    // Staff keep the product's look.
    const staff = await signIn('reti', '/reti/dashboard');
    expect(await staff.$('header .firm-logo')).toBeNull();
    expect(await staff.$eval('header .logo', (a) => a.getAttribute('aria-label'))).toBe(
      'Reti Immigration home',
    );
  });
});
