import type { Page } from 'puppeteer';
import { INVITATION_OUTCOMES } from '../../src/shared/users';
import { DEMO_PASSWORD, demoFirmId, signIn } from '../helpers/app';
import { inviteLink } from '../helpers/smtp';
import { clickAndWait, control, e2eSuite, fill, pathOf, screenshot, textOf, valueOf } from './support';

const PASSWORD = 'Harbor-Lights-2031!';

describe('User Management in the browser, JavaScript off', () => {
  const suite = e2eSuite();

  /** The administrator, signed in through the /login form, on /admin/users. */
  async function adminPage(options: { javaScript: boolean }): Promise<Page> {
    const { page } = await suite.open(options);
    await page.goto(`${suite.url}/login?next=${encodeURIComponent('/admin/users')}`);
    await fill(page, 'User ID', 'admin', 'main form');
    await fill(page, 'Password', DEMO_PASSWORD, 'main form');
    await clickAndWait(page, await control(page, 'Login', 'main form'));
    expect(pathOf(page)).toBe('/admin/users');
    return page;
  }

  const flash = (page: Page) => textOf(page, 'main .flash');

  it('adds a user, who accepts the invitation; suspends and reactivates them', async () => {
    const page = await adminPage({ javaScript: false });
    expect(await textOf(page, 'main h1')).toBe('User Management');
    const cards = await page.$$eval('.stat-card', (els) =>
      els.map((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ')),
    );
    // The demo firm's 42 users (its practice), all active.
    expect(cards).toEqual(['Total Users 42', 'Active Users 42', 'Pending Users 0', 'Suspended Users 0']);

    await fill(page, 'First Name', 'Priya', '#add-user form');
    await fill(page, 'Last Name', 'Natarajan', '#add-user form');
    await fill(page, 'Email', 'priya.natarajan@demo-firm.example', '#add-user form');
    await page.select('#add-role', 'user');
    await clickAndWait(page, await control(page, 'Add User', '#add-user form'));
    expect(pathOf(page)).toBe('/admin/users');
    // No mail server in this app: the flash says the email was kept, not sent (and it reads as an error).
    expect(await flash(page)).toBe(
      `Priya Natarajan was added with the user ID priya.natarajan. ${INVITATION_OUTCOMES.logged}`,
    );
    expect(await page.$eval('main .flash', (e) => e.className)).toContain('alert-error');
    // The table is by name, 20 a page: the search finds her.
    await page.goto(`${suite.url}/admin/users?q=natarajan`);
    expect(await textOf(page, 'table')).toContain('Priya Natarajan priya.natarajan');
    expect(await textOf(page, 'table')).toContain('Pending Invitation sent');
    await screenshot(page, 'admin-users-added-nojs');

    // The new user accepts the emailed invitation, without JavaScript too.
    const email = await suite.t.database.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', 'priya.natarajan@demo-firm.example')
      .executeTakeFirstOrThrow();
    const { page: invitee } = await suite.open({ javaScript: false });
    await invitee.goto(`${suite.url}${new URL(inviteLink(email.text_body)).pathname}`);
    expect(await textOf(invitee, 'main')).toContain('with the user ID priya.natarajan');
    await fill(invitee, 'Password', PASSWORD, 'main form');
    await fill(invitee, 'Confirm password', PASSWORD, 'main form');
    await clickAndWait(invitee, await control(invitee, 'Set password', 'main form'));
    expect(pathOf(invitee)).toBe('/login');

    await page.goto(`${suite.url}/admin/users?q=natarajan`);
    await clickAndWait(page, await control(page, 'Suspend Priya Natarajan', 'table'));
    expect(await flash(page)).toBe('Priya Natarajan was suspended and signed out everywhere.');
    expect(await textOf(page, 'table')).toContain(
      'Priya Natarajan priya.natarajan priya.natarajan@demo-firm.example User Suspended',
    );
    await screenshot(page, 'admin-users-suspended-nojs');

    await clickAndWait(page, await control(page, 'Reactivate Priya Natarajan', 'table'));
    expect(await flash(page)).toBe('Priya Natarajan was reactivated and can log in again.');
    const user = await suite.t.database.db
      .selectFrom('users')
      .select('status')
      .where('login_id', '=', 'priya.natarajan')
      .executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
  });

  it('a refused add keeps the values and says why beside each field', async () => {
    const page = await adminPage({ javaScript: false });
    // What the browser's own checks let through, and the server refuses: a blank name, an email without a dot.
    await fill(page, 'First Name', 'Omar', '#add-user form');
    await fill(page, 'Last Name', '  ', '#add-user form');
    await fill(page, 'Email', 'omar@firm', '#add-user form');
    const refused = await clickAndWait(page, await control(page, 'Add User', '#add-user form'));
    expect(refused?.status()).toBe(422);
    expect(await textOf(page, '#add-lastName-error')).toBe('Last name is required');
    expect(await textOf(page, '#add-email-error')).toBe('Enter a valid email');
    expect(await valueOf(page, 'First Name', '#add-user form')).toBe('Omar');
    expect(await valueOf(page, 'Email', '#add-user form')).toBe('omar@firm');
  });

  it('edits a user and rejects a pending one after confirming, without JavaScript', async () => {
    const page = await adminPage({ javaScript: false });
    await fill(page, 'First Name', 'Lena', '#add-user form');
    await fill(page, 'Last Name', 'Fischer', '#add-user form');
    await fill(page, 'Email', 'lena.fischer@demo-firm.example', '#add-user form');
    await clickAndWait(page, await control(page, 'Add User', '#add-user form'));

    await page.goto(`${suite.url}/admin/users?q=fischer`);
    await clickAndWait(page, await control(page, 'Edit Lena Fischer', 'table'));
    expect(await textOf(page, 'main h1')).toBe('Edit Lena Fischer');
    await fill(page, 'Last Name', 'Fischer-Braun', 'main form');
    await clickAndWait(page, await control(page, 'Save Changes', 'main form'));
    expect(await flash(page)).toBe('Lena Fischer-Braun was updated.');

    await page.goto(`${suite.url}/admin/users?q=fischer`);
    await clickAndWait(page, await control(page, 'Reject Lena Fischer-Braun', 'table'));
    expect(await textOf(page, 'main h1')).toBe('Reject User');
    await clickAndWait(page, await control(page, 'Reject', 'main form'));
    expect(await flash(page)).toBe(
      'Lena Fischer-Braun was rejected: the account is removed and its invitation no longer works.',
    );
    expect(await textOf(page, 'table')).not.toContain('Lena');
  });

  /** Platform staff ask for an account in the demo firm (through the API): it waits for an administrator. */
  async function staffAsks(lastName: string): Promise<string> {
    const staff = await signIn(suite.t.app, 'reti');
    const firmId = await demoFirmId(suite.t.database);
    const res = await staff.agent
      .post(`/api/firms/${firmId}/users`)
      .set('X-CSRF-Token', staff.token)
      .send({
        userId: `sam.${lastName.toLowerCase()}`,
        firstName: 'Sam',
        lastName,
        email: `sam.${lastName.toLowerCase()}@staff-controlled.example`,
        role: 'user',
      });
    expect(res.status).toBe(202);
    return res.body.id;
  }

  it.each([false, true])(
    'reviews and approves an account platform staff asked for (JavaScript on: %s)',
    async (javaScript) => {
      const lastName = javaScript ? 'Scripted' : 'Plain';
      const id = await staffAsks(lastName);
      const page = await adminPage({ javaScript });
      await page.goto(`${suite.url}/admin/users?q=${lastName}`);
      expect(await textOf(page, 'table')).toContain('Pending Requested by platform staff');
      await clickAndWait(page, await control(page, `Review request Sam ${lastName}`, 'table'));
      expect(pathOf(page)).toBe(`/admin/users/${id}/approval`);
      expect(await textOf(page, 'main')).toMatch(
        /Riley Staff, of Reti Immigration's platform staff, asked on .+ to add this account to your firm:/,
      );
      await clickAndWait(page, await control(page, 'Approve and send the invitation', 'main form'));
      expect(pathOf(page)).toBe('/admin/users');
      expect(await flash(page)).toBe(`Sam ${lastName}'s account was approved. ${INVITATION_OUTCOMES.logged}`);
      await page.goto(`${suite.url}/admin/users?q=${lastName}`);
      expect(await textOf(page, 'table')).toContain('Pending Invitation sent');
    },
  );
});
