import type { Page } from 'puppeteer';
import { clickAndWait, control, e2eSuite, holdRequest, pathOf, screenshot, textOf } from './support';

const PANELS = [
  {
    id: 'backend',
    title: 'Backend Health Check',
    button: 'Check Backend',
    success: ['Successful communication', 'Received 200 OK from backend', 'Backend is responding correctly'],
  },
  {
    id: 'database',
    title: 'Test Database Connection',
    button: 'Test Connection',
    success: ['Connection Successful!', 'Data retrieved from database'],
  },
  {
    id: 'node',
    title: 'Node.js Health Check',
    button: 'Check Node.js',
    success: ['Node.js App Connected', 'Node.js application is responding correctly'],
  },
  { id: 'config', title: 'Configuration Check', button: 'Load Config', success: ['Configuration Loaded'] },
];

const panel = (title: string) =>
  `.health-panel[aria-labelledby="health-${PANELS.find((p) => p.title === title)!.id}"]`;

/** The lines of text an element shows, blank lines left out. */
const linesOf = (page: Page, selector: string) =>
  page.$eval(selector, (e) =>
    (e as HTMLElement).innerText
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );

/** What a panel shows under its button, line by line; nothing while idle. */
const resultOf = (page: Page, title: string) => linesOf(page, `${panel(title)} [aria-live]`);

const detailOf = (page: Page, title: string) => page.$eval(`${panel(title)} pre`, (e) => e.textContent ?? '');

async function expectSuccess(page: Page, check: (typeof PANELS)[number]) {
  expect((await resultOf(page, check.title)).slice(0, check.success.length)).toEqual(check.success);
  if (check.id === 'database')
    expect(await detailOf(page, check.title)).toMatch(/^Hello from the database at \d{4}-/);
  if (check.id === 'config')
    expect(JSON.parse(await detailOf(page, check.title))).toEqual({ API_BASE_URL: '/api' });
}

describe('the /health page', () => {
  const suite = e2eSuite();

  it('shows the four panels, each with its button', async () => {
    const { page } = await suite.open();
    await page.goto(`${suite.url}/health`);
    expect(await textOf(page, 'main h1')).toBe('System Health');
    expect(await page.$$eval('.health-panel h2', (hs) => hs.map((h) => h.textContent))).toEqual(
      PANELS.map((p) => p.title),
    );
    expect(await page.$$eval('.health-panel button', (bs) => bs.map((b) => b.textContent))).toEqual(
      PANELS.map((p) => p.button),
    );
    for (const check of PANELS) expect(await resultOf(page, check.title)).toEqual([]);
  });

  it('with JavaScript, each button runs its check in place and shows the SPEC success texts', async () => {
    const { page } = await suite.open();
    await page.goto(`${suite.url}/health`);
    for (const check of PANELS) {
      await (await control(page, check.button, panel(check.title))).click();
      await page.waitForSelector(`${panel(check.title)} .alert-success`, { visible: true });
      await expectSuccess(page, check);
    }
    expect(pathOf(page)).toBe('/health');
    await screenshot(page, 'health-checked');
  });

  it("with JavaScript, shows the loading text, then a failed check as 'Connection Error:' with the HTTP status", async () => {
    const { page } = await suite.open();
    await page.goto(`${suite.url}/health`);
    const { held } = await holdRequest(page, '/api/health/db');
    const title = 'Test Database Connection';
    await (await control(page, 'Test Connection', panel(title))).click();
    const request = await held;
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.textContent === 'Testing database connection...',
      {},
      `${panel(title)} [aria-live]`,
    );
    expect(
      await (
        await control(page, 'Test Connection', panel(title))
      ).evaluate((b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);

    await request.respond({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'down' }),
    });
    await page.waitForSelector(`${panel(title)} [role=alert]`, { visible: true });
    expect(await linesOf(page, `${panel(title)} [role=alert]`)).toEqual([
      'Connection Error:',
      'HTTP error! status: 503',
    ]);
    // The other panels are untouched and the button works again.
    expect(await resultOf(page, 'Backend Health Check')).toEqual([]);
    await (await control(page, 'Test Connection', panel(title))).click();
    await page.waitForSelector(`${panel(title)} .alert-success`, { visible: true });
    await expectSuccess(page, PANELS[1]);
  });

  it('without JavaScript, each button asks the server (?check=…) and the page shows the result', async () => {
    const { page } = await suite.open({ javaScript: false });
    await page.goto(`${suite.url}/health`);
    for (const check of PANELS) {
      const response = await clickAndWait(page, await control(page, check.button, panel(check.title)));
      expect(response?.status()).toBe(200);
      expect(pathOf(page)).toBe(`/health?check=${check.id}`);
      await expectSuccess(page, check);
      // One check at a time: the others are idle again.
      for (const other of PANELS.filter((p) => p !== check))
        expect(await resultOf(page, other.title)).toEqual([]);
    }
  });
});
