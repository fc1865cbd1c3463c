import crypto from 'node:crypto';
import type { Page } from 'puppeteer';
import { createUsersService } from '../../src/users/service';
import { demoFirmId } from '../helpers/app';
import { clickAndWait, control, e2eSuite, fill, pathOf, textOf } from './support';

const SAME =
  'If an account matches, we have emailed a link to reset its password. It works once, for 1 hour.';
const DONE = 'Your password is set. Log in with your new password.';
const INVALID = 'Invalid credentials. Please try again.';
const WEAK = 'Password must be at least 12 characters and include a symbol and a number';
const USED = 'This password reset link has already been used';
const OLD_PASSWORD = 'Old-Harbor-Lights-2030!';
const NEW_PASSWORD = 'New-Harbor-Lights-2031!';

const resetLink = (text: string) => /https?:\/\/\S+\/password\/reset\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';

/**
 * "Forgot password?" from the Login modal to a new password, and the lockout email's link, in Chromium
 * with JavaScript and without, against a real SMTP server on loopback.
 */
describe('password reset in the browser', () => {
  // Refused forms answer 401/410/422 by design; a failed hydration, a script error or any console error
  // naming React never may.
  const suite = e2eSuite({ smtp: true, failOn: /Minified React error/i });

  /** A page in a browser context of its own; console errors and page errors fail the test. */
  const open = async (javaScript: boolean): Promise<Page> => (await suite.open({ javaScript })).page;

  async function newUser() {
    const n = crypto.randomBytes(4).toString('hex');
    const row = await createUsersService(suite.t.database.db).create({
      firmId: await demoFirmId(suite.t.database),
      loginId: `browser${n}`,
      firstName: 'Dana',
      email: `dana.${n}@harbor.example`,
      role: 'user',
      password: OLD_PASSWORD,
    });
    return { loginId: row.login_id, email: row.email };
  }

  async function signIn(page: Page, userId: string, password: string) {
    await page.goto(`${suite.url}/login`);
    await fill(page, 'User ID', userId, 'main');
    await fill(page, 'Password', password, 'main');
    return clickAndWait(page, await control(page, 'Login', 'main'));
  }

  /** The link's page: a weak password refused beside its field, then the new one; lands on /login. */
  async function chooseNewPassword(page: Page, link: string) {
    await page.goto(`${suite.url}${new URL(link).pathname}`);
    expect(await textOf(page, 'main h1')).toBe('Choose a new password');
    await fill(page, 'New password', 'too-weak-1', 'main');
    await fill(page, 'Confirm new password', 'too-weak-1', 'main');
    const refused = await clickAndWait(page, await control(page, 'Set new password', 'main'));
    expect(refused?.status()).toBe(422);
    expect(await textOf(page, 'main .field-error')).toBe(WEAK);
    await fill(page, 'New password', NEW_PASSWORD, 'main');
    await fill(page, 'Confirm new password', NEW_PASSWORD, 'main');
    await clickAndWait(page, await control(page, 'Set new password', 'main'));
    expect(pathOf(page)).toBe('/login');
    expect(await textOf(page, '.flash')).toBe(DONE);
  }

  it.each([true, false])('from the Login modal to a new password (JavaScript %s)', async (javaScript) => {
    const user = await newUser();
    const page = await open(javaScript);
    await page.goto(`${suite.url}/public`);
    if (javaScript) {
      // The header's Login opens the modal, whose "Forgot password?" is a plain link.
      await (await control(page, 'Login', 'header')).click();
      await page.waitForSelector('dialog[open]', { visible: true });
      await clickAndWait(page, await control(page, 'Forgot password?', 'dialog[open]'));
    } else {
      // Without JavaScript the header's Login is a link to /login, which has the same link.
      await clickAndWait(page, await control(page, 'Login', 'header'));
      await clickAndWait(page, await control(page, 'Forgot password?', 'main'));
    }
    expect(pathOf(page)).toBe('/password/forgot');

    await fill(page, 'User ID', user.loginId, 'main');
    await clickAndWait(page, await control(page, 'Email me a link', 'main'));
    expect(pathOf(page)).toBe('/login');
    expect(await textOf(page, '.flash')).toBe(SAME);

    const link = resetLink((await suite.smtp.waitFor((e) => e.to.includes(user.email))).text);
    expect(link).not.toBe('');
    await chooseNewPassword(page, link);

    await signIn(page, user.loginId, NEW_PASSWORD);
    expect(pathOf(page)).toBe('/user/dashboard');

    // The link is spent.
    const again = await page.goto(`${suite.url}${new URL(link).pathname}`);
    expect(again?.status()).toBe(410);
    expect(await textOf(page, 'main h1')).toBe(USED);
  });

  it('a locked account gets an email whose link lets its owner straight back in', async () => {
    const user = await newUser();
    const page = await open(false);
    for (let i = 0; i < 5; i++) {
      const refused = await signIn(page, user.loginId, `wrong-password-${i}`);
      expect(refused?.status()).toBe(401);
      expect(await textOf(page, 'main [role=alert]')).toBe(INVALID);
    }
    const mail = await suite.smtp.waitFor((e) => e.to.includes(user.email));
    expect(mail.subject).toBe('Your Reti Immigration account is locked for 15 minutes');
    // The right password is refused alike while the lock lasts.
    expect((await signIn(page, user.loginId, OLD_PASSWORD))?.status()).toBe(401);

    await chooseNewPassword(page, resetLink(mail.text));
    await signIn(page, user.loginId, NEW_PASSWORD);
    expect(pathOf(page)).toBe('/user/dashboard');
  });
});
