import type { Page } from 'puppeteer';
import { DEMO_PASSWORD } from '../helpers/app';
import { clickAndWait, control, e2eSuite, fill, pathOf, screenshot, textOf } from './support';

const SECTIONS = [
  ['firm', 'Firm Information'],
  ['security', 'Security'],
  ['email', 'Email'],
  ['backup', 'Backup and Maintenance'],
  ['appearance', 'Appearance and Branding'],
] as const;

describe("the firm administrator's Settings in the browser", () => {
  const suite = e2eSuite();

  async function signIn(javaScript: boolean, width = 1280): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.setViewport({ width, height: 900 });
    await page.goto(`${suite.url}/login?next=${encodeURIComponent('/admin/settings')}`);
    await fill(page, 'User ID', 'admin', 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe('/admin/settings');
    return page;
  }

  it('shows every section under its tab', async () => {
    const page = await signIn(true);
    for (const [section, title] of SECTIONS) {
      await page.goto(`${suite.url}/admin/settings/${section}`);
      expect(await textOf(page, 'main h2')).toBe(title);
      expect(await textOf(page, '.tab[aria-current="page"]')).toBe(title);
    }
    await screenshot(page, 'settings-appearance-desktop');
  }, 90_000);

  /** Each checkbox's and radio's label beside its box, and each select wide enough for its choice's words. */
  const layoutOf = (page: Page) =>
    page.evaluate(() => {
      const beside = [...document.querySelectorAll('.settings-form .field-check')].map((field) => {
        const box = field.querySelector('input')!.getBoundingClientRect();
        const label = field.querySelector('label')!;
        const at = label.getBoundingClientRect();
        return [label.textContent, at.left >= box.right && at.top < box.bottom && at.bottom > box.top];
      });
      const context = document.createElement('canvas').getContext('2d')!;
      const whole = [...document.querySelectorAll('.settings-form select')].map((select) => {
        const s = select as HTMLSelectElement;
        const style = getComputedStyle(s);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // The arrow takes about 1.5em of the inner width.
        const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
        const words = s.options[s.selectedIndex].text;
        return [words, context.measureText(words).width <= room];
      });
      return { beside, whole };
    });

  for (const javaScript of [false, true])
    for (const width of [1366, 390])
      it(`lays Security out whole at ${width} px, JavaScript ${javaScript ? 'on' : 'off'}: labels beside their boxes, no select cut off`, async () => {
        const page = await signIn(javaScript, width);
        await page.goto(`${suite.url}/admin/settings/security`);
        await screenshot(page, `settings-security-${width}-${javaScript ? 'js' : 'nojs'}`);
        const { beside, whole } = await layoutOf(page);
        expect(beside.length).toBe(5);
        for (const entry of [...beside, ...whole]) expect([entry[0], entry[1]]).toEqual([entry[0], true]);
      });

  it('saves the security section without JavaScript', async () => {
    const page = await signIn(false);
    await page.goto(`${suite.url}/admin/settings/security`);
    await page.select('#sessionTimeoutMinutes', '60');
    await page.select('#loginAttempts', '3');
    await clickAndWait(page, await control(page, 'Save Changes', 'main form'));
    expect(pathOf(page)).toBe('/admin/settings/security');
    expect(await textOf(page, '.alert')).toBe(
      'Security settings saved. They apply to every account of the firm from now on.',
    );
    expect(await page.$eval('#sessionTimeoutMinutes', (s) => (s as HTMLSelectElement).value)).toBe('60');
    expect(await page.$eval('#loginAttempts', (s) => (s as HTMLSelectElement).value)).toBe('3');
  }, 60_000);

  it.each([
    ['without JavaScript', false],
    ['with JavaScript', true],
  ])(
    'shows a refused field with its message and the value entered, %s',
    async (_mode, javaScript) => {
      const page = await signIn(javaScript);
      await page.goto(`${suite.url}/admin/settings/firm`);
      await fill(page, 'ZIP', '123', 'main form');
      await clickAndWait(page, await control(page, 'Save Changes', 'main form'));
      expect(await textOf(page, '#zip-error')).toBe('ZIP must be 5 digits, or 9 as 12345-6789');
      expect(await page.$eval('#zip', (i) => (i as HTMLInputElement).value)).toBe('123');
    },
    60_000,
  );

  it('reads well on a phone', async () => {
    const page = await signIn(true, 390);
    await page.goto(`${suite.url}/admin/settings/email`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'settings-email-phone');
  });
});
