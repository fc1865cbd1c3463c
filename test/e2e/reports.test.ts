import type { Page } from 'puppeteer';
import { DEMO_PASSWORD } from '../helpers/app';
import { clickAndWait, control, e2eSuite, fill, pathOf, screenshot, textOf } from './support';

const CARDS = [
  'Open cases',
  'Cases completed',
  'Approval rate',
  'Median days to decision',
  'Overdue cases',
  'Fees collected',
];
const CHARTS = ['Cases by status over time', 'Cases by type', 'Workload by attorney', 'Fees by month'];
const REPORT_PATH = /^\/admin\/reports\/[0-9a-f-]{36}$/;
const LAST_YEAR = new Date().getFullYear() - 1;

/** Reloads the report's page until its job has made it (the page then offers its downloads). */
async function untilMade(page: Page) {
  for (let i = 0; i < 40 && !(await page.$('a[href$="/pdf"]')); i++) {
    await new Promise((r) => setTimeout(r, 250));
    await page.reload();
  }
  expect(await page.$('a[href$="/pdf"]')).not.toBeNull();
}

const setValue = (page: Page, selector: string, value: string) =>
  page.$eval(selector, (e, v) => void ((e as HTMLInputElement | HTMLSelectElement).value = v), value);

describe('Reports in the browser', () => {
  const suite = e2eSuite();

  async function signedIn(javaScript: boolean): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.goto(`${suite.url}/login?next=/admin/reports`);
    await fill(page, 'User ID', 'admin', 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe('/admin/reports');
    return page;
  }

  const chartTitles = (page: Page) =>
    page.$$eval('svg[role=img] > title', (titles) => titles.map((t) => t.textContent));

  it('without JavaScript: the cards and charts, Generate, the report when made, and a refused period', async () => {
    const page = await signedIn(false);
    expect(await page.$$eval('.metric-card .stat-label', (l) => l.map((e) => e.textContent))).toEqual(CARDS);
    expect(await chartTitles(page)).toEqual(CHARTS);

    await page.select('#report-type', 'case-summary');
    await page.select('#report-range', 'last-year');
    const made = await clickAndWait(page, await control(page, 'Generate Report', 'main'));
    expect(made?.status()).toBe(200);
    expect(pathOf(page)).toMatch(REPORT_PATH);
    expect(await textOf(page, 'main')).toContain(
      `The Case Summary report for 01/01/${LAST_YEAR} – 12/31/${LAST_YEAR} was requested.`,
    );
    await untilMade(page);
    // Once made, the page says so (not "being generated" above the finished report).
    expect(await textOf(page, '.report-status')).toBe('Ready');
    expect(await textOf(page, 'main')).not.toContain('being generated');
    expect(await textOf(page, 'main')).not.toContain('Being generated');
    expect(await textOf(page, 'main h1')).toBe(`Case Summary: 01/01/${LAST_YEAR} – 12/31/${LAST_YEAR}`);
    expect(await page.$$eval('table caption', (c) => c.map((e) => e.textContent))).toContain(
      'Activity in the period',
    );
    const reportPath = pathOf(page);

    await page.goto(`${suite.url}/admin/reports`);
    const recent = await textOf(page, '.recent-reports');
    expect(recent).toContain(`Case Summary, 01/01/${LAST_YEAR} – 12/31/${LAST_YEAR} Ready`);
    expect(await page.$eval('.recent-reports a', (a) => [a.textContent, a.getAttribute('href')])).toEqual([
      'View',
      reportPath,
    ]);

    await page.select('#report-range', 'custom');
    await setValue(page, '#report-start', '2026-01-10');
    await setValue(page, '#report-end', '2026-01-01');
    const refused = await clickAndWait(page, await control(page, 'Generate Report', 'main'));
    expect(refused?.status()).toBe(422);
    expect(await textOf(page, '#report-start-error')).toBe(
      'The start date must be on or before the end date.',
    );
    expect(await page.$eval('#report-end', (e) => (e as HTMLInputElement).value)).toBe('2026-01-01');
  });

  it('with JavaScript, desktop and phone: no sideways scrolling; a financial summary made', async () => {
    const page = await signedIn(true);
    for (const [name, width, height] of [
      ['desktop', 1280, 900],
      ['phone', 390, 844],
    ] as const) {
      await page.setViewport({ width, height });
      await page.goto(`${suite.url}/admin/reports`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
        true,
      );
      await screenshot(page, `reports-${name}`);
    }
    await page.setViewport({ width: 1280, height: 900 });
    await page.select('#report-type', 'financial-summary');
    await clickAndWait(page, await control(page, 'Generate Report', 'main'));
    await untilMade(page);
    expect(await chartTitles(page)).toEqual(['Fees by month']);
    await screenshot(page, 'report-financial');
  });

  it('with the keyboard alone: Tab reaches Generate Report and Enter generates', async () => {
    const page = await signedIn(true);
    let focused = '';
    for (let i = 0; i < 80 && focused !== 'Generate Report'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    expect(focused).toBe('Generate Report');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(pathOf(page)).toMatch(REPORT_PATH);
  });
});
