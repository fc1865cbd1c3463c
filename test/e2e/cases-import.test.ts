import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer';
import { DEMO_PASSWORD } from '../helpers/app';
import { clickAndWait, control, e2eSuite, fill, pathOf, screenshot, textOf } from './support';

const HEADER = 'Client Name,Case Type,Form Type,Due Date';

describe('Import Cases and Export Data in the browser', () => {
  const suite = e2eSuite();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reti-import-e2e-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A CSV file on disk, for the file input. */
  const csvFile = (name: string, rows: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, [HEADER, ...rows].join('\n'));
    return file;
  };

  /** On /user/cases as the demo attorney. */
  async function signedIn(javaScript: boolean): Promise<Page> {
    const { page } = await suite.open({ javaScript });
    await page.goto(`${suite.url}/login?next=${encodeURIComponent('/user/cases')}`);
    await fill(page, 'User ID', 'attorney', 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe('/user/cases');
    return page;
  }

  async function submit(page: Page, file: string, mode: 'All or nothing' | 'Import the valid rows') {
    const radio = await page.$(
      mode === 'All or nothing' ? '#import-mode-all-or-nothing' : '#import-mode-valid-rows',
    );
    await radio!.click();
    const input = (await page.$('#import-file')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(file);
    return clickAndWait(page, await control(page, 'Import Cases', 'main form'));
  }

  for (const javaScript of [false, true]) {
    it(`JavaScript ${javaScript ? 'on' : 'off'}: the refused rows with their lines, then a clean file back to the list`, async () => {
      const page = await signedIn(javaScript);
      const tag = javaScript ? 'On' : 'Off';
      await clickAndWait(page, await control(page, 'Import Cases', 'main'));
      expect(pathOf(page)).toBe('/user/cases/import');
      expect(await textOf(page, 'main h1')).toBe('Import Cases');

      const mixed = csvFile(`mixed-${tag}.csv`, [
        `Ines Carvalho${tag},family,I-130,12/01/2026`,
        `Omar Haddad${tag},boat,I-130,12/01/2026`,
      ]);
      const refused = await submit(page, mixed, 'Import the valid rows');
      expect(refused?.status()).toBe(200);
      expect(await textOf(page, 'main .alert')).toBe('Imported 1 case. 1 row was not imported.');
      expect(await textOf(page, 'main table tbody')).toBe(
        '3 Case Type "boat" is not one of visa, citizenship, asylum, family',
      );
      expect(await page.$eval('#import-mode-valid-rows', (e) => (e as HTMLInputElement).checked)).toBe(true);
      await screenshot(page, `cases-import-refused-${tag.toLowerCase()}`);

      const clean = csvFile(`clean-${tag}.csv`, [`Lena Novak${tag},visa,I-765,2027-02-01`]);
      const done = await submit(page, clean, 'All or nothing');
      expect(done?.status()).toBe(200);
      expect(pathOf(page)).toBe('/user/cases');
      expect(await textOf(page, 'main')).toContain('Imported 1 case.');
    }, 120_000);
  }

  it('Export Data downloads the list as filtered, as CSV', async () => {
    const page = await signedIn(true);
    const href = await page.$eval('a.btn[href^="/user/cases/export"]', (a) => (a as HTMLAnchorElement).href);
    const answer = await page.evaluate(async (url) => {
      const res = await fetch(`${url}${url.includes('?') ? '&' : '?'}q=Lena`);
      return {
        type: res.headers.get('content-type'),
        disposition: res.headers.get('content-disposition'),
        text: await res.text(),
      };
    }, href);
    expect(answer.type).toBe('text/csv; charset=utf-8');
    expect(answer.disposition).toMatch(/^attachment; filename="cases-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.text.split('\r\n')[0]).toContain('Case Number,Client Name,Case Type,Form Type,Status');
  }, 60_000);
});
