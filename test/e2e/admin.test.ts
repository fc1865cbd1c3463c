import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Page } from 'puppeteer';
import { DEMO_PASSWORD, demoFirmId } from '../helpers/app';
import { clickAndWait, control, e2eSuite, fill, pathOf, screenshot, textOf } from './support';

/** A page with JavaScript off, signed in as the demo administrator through the /login form. */
async function openWithoutScripts(suite: ReturnType<typeof e2eSuite>): Promise<Page> {
  const { page } = await suite.open({ javaScript: false });
  await signIn(page, suite.url);
  return page;
}

async function signIn(page: Page, url: string) {
  await page.goto(`${url}/login`);
  await fill(page, 'User ID', 'admin', 'main form');
  await fill(page, 'Password', DEMO_PASSWORD, 'main form');
  await clickAndWait(page, await control(page, 'Login', 'main form'));
}

/** Each item of a list on the page, as a person reads it. */
const itemsOf = (page: Page, selector: string) =>
  page.$$eval(selector, (items) =>
    items.map((i) => (i as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
  );

describe("the administrator's dashboard and data cleanup, without JavaScript", () => {
  const suite = e2eSuite();

  it('shows the figures, the four shortcuts, the activity in words and the status of each service', async () => {
    const page = await openWithoutScripts(suite);
    expect(pathOf(page)).toBe('/admin/dashboard');
    expect(await textOf(page, 'main h1')).toBe('Dashboard');
    expect(await itemsOf(page, '.stat-card')).toEqual([
      'Active Users 42',
      'Total Cases 156',
      'Documents 0',
      'AI Tools Used 24',
    ]);
    expect(await itemsOf(page, '.admin-shortcuts a')).toEqual([
      'Manage Users',
      'System Analytics',
      'Security Settings',
      'Data Cleanup',
    ]);
    const activity = await itemsOf(page, '.activity-list li');
    expect(activity[0]).toMatch(
      /^Riley Staff changed the security settings \d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M E[SD]T$/,
    );
    expect(activity).toContainEqual(
      expect.stringMatching(/^Riley Staff added the firm Demo Immigration Law /),
    );
    const status = await itemsOf(page, '.status-list li');
    expect(status[0]).toMatch(/^Database Online Answered in \d+ ms\.$/);
    expect(status.slice(1)).toEqual([
      'AI Service Not configured No AI service is set up (LLM_BASE_URL is not set).',
      'Email Service Not configured No mail server is set up, so emails are kept in the outbox and written to the server log.',
      'Backup None yet No backup has been made yet.',
    ]);
    await screenshot(page, 'admin-dashboard');

    await clickAndWait(page, await control(page, 'Data Cleanup', 'main'));
    expect(pathOf(page)).toBe('/admin/cleanup');
  });

  it('previews what may go, removes it with one button, and says what was removed', async () => {
    const { db } = suite.t.database;
    const firmId = await demoFirmId(suite.t.database);
    for (const hours of [1, 30])
      await sql`INSERT INTO invitations (firm_id, email, token_hash, expires_at)
        VALUES (${firmId}, 'gone@demo.example', ${crypto.randomBytes(16).toString('hex')},
                now() - make_interval(hours => ${hours}))`.execute(db);

    const page = await openWithoutScripts(suite);
    await page.goto(`${suite.url}/admin/cleanup`);
    expect(await textOf(page, 'main h1')).toBe('Data Cleanup');
    expect(await itemsOf(page, '.data-table tbody tr')).toEqual([
      'Expired invitations Invitation links that expired before anyone accepted them: they can never be used. 2',
      "Ended sessions Sign-ins of the firm's users that timed out or ended, still stored on the server. 0",
      'Old backups Backups older than the 30-day retention (the newest good backup is always kept). 0',
    ]);
    expect(await textOf(page, '.cleanup-form p')).toBe('2 items can be removed. This cannot be undone.');
    await screenshot(page, 'admin-cleanup');

    const response = await clickAndWait(page, await control(page, 'Clean Up Now', 'main'));
    expect(response?.status()).toBe(200);
    expect(pathOf(page)).toBe('/admin/cleanup');
    expect(await textOf(page, 'main .flash')).toBe('Cleanup done: 2 expired invitations removed.');
    expect(await textOf(page, '.cleanup-form p')).toBe('There is nothing to remove right now.');
    const left = await db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', 'gone@demo.example')
      .execute();
    expect(left).toEqual([]);

    await clickAndWait(page, await control(page, '← Back to Dashboard', 'main'));
    expect((await itemsOf(page, '.activity-list li'))[0]).toMatch(
      /^Alex Morgan cleaned up the firm's data: 2 expired invitations removed \d\d\/\d\d\/\d{4}, /,
    );
  });
});
