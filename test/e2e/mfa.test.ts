import crypto from 'node:crypto';
import type { Page } from 'puppeteer';
import { createUsersService } from '../../src/users/service';
import { demoFirmId } from '../helpers/app';
import { totpCode, wrongCode } from '../helpers/totp';
import { clickAndWait, control, e2eSuite, fill, isShown, pathOf, screenshot, textOf } from './support';

const PASSWORD = 'Harbor-Lights-2030!';
const WRONG =
  'That code is not right. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.';
const WRONG_SETUP = 'That code is not right. Enter the 6-digit code your authenticator app shows now.';

/**
 * Two-factor sign-in in Chromium: an administrator of a new firm (which requires it) enrolls by reading
 * the key off the setup page, then signs in with a code and with a recovery code, and a replayed code is
 * refused; with JavaScript (the Login modal) and without (the /login page).
 */
describe('two-factor sign-in in the browser', () => {
  const suite = e2eSuite();

  /** A new active firm (no settings row: the defaults, so 2FA for admins on) and its administrator. */
  async function newFirmAdmin(): Promise<string> {
    const db = suite.t.database.db;
    const n = crypto.randomBytes(4).toString('hex');
    const { id } = await db
      .insertInto('firms')
      .values({
        name: `Harbor Law ${n}`,
        contact_person: 'Dana Whitfield',
        contact_role: 'Partner',
        email: `office.${n}@harbor.example`,
        phone: '+1 (555) 010-5000',
        status: 'active',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await createUsersService(db).create({
      firmId: id,
      loginId: `dana.${n}`,
      firstName: 'Dana',
      email: `dana.${n}@harbor.example`,
      role: 'admin',
      password: PASSWORD,
    });
    return row.login_id;
  }

  /** Signs in with the password: the header's Login modal with JavaScript, the /login page without. */
  async function logIn(page: Page, javaScript: boolean, userId: string) {
    await page.goto(`${suite.url}/public`);
    if (javaScript) {
      await (await control(page, 'Login', 'header')).click();
      await page.waitForSelector('dialog[open]', { visible: true });
      await fill(page, 'User ID', userId);
      await fill(page, 'Password', PASSWORD);
      await clickAndWait(page, await control(page, 'Login', 'dialog[open] form'));
    } else {
      await clickAndWait(page, await control(page, 'Login', 'header'));
      await fill(page, 'User ID', userId, 'main');
      await fill(page, 'Password', PASSWORD, 'main');
      await clickAndWait(page, await control(page, 'Login', 'main'));
    }
  }

  async function logOut(page: Page) {
    await clickAndWait(page, await control(page, 'Logout', 'header'));
    expect(pathOf(page)).toBe('/');
  }

  /** The code page: a code typed and Verify pressed; answers the response's status. */
  async function verify(page: Page, code: string) {
    expect(pathOf(page)).toBe('/login/mfa');
    await fill(page, 'Code', code, 'main');
    return (await clickAndWait(page, await control(page, 'Verify', 'main')))?.status();
  }

  it.each([true, false])(
    'enrolls from the key on the setup page, signs in with a code and a recovery code, and refuses a replay (JavaScript %s)',
    async (javaScript) => {
      const userId = await newFirmAdmin();
      const { page } = await suite.open({ javaScript });
      await logIn(page, javaScript, userId);

      // The setup page: the QR code drawn as SVG and the same key as text, grouped for reading.
      expect(pathOf(page)).toBe('/login/mfa/setup');
      expect(await textOf(page, 'main h1')).toBe('Set up two-factor sign-in');
      expect(await page.$eval('svg.qr-code', (e) => e.getAttribute('aria-label'))).toBe(
        'QR code to scan with your authenticator app',
      );
      const grouped = await textOf(page, '.totp-secret');
      expect(grouped).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
      if (javaScript) await screenshot(page, 'mfa-setup');

      await fill(page, 'Code from the app', wrongCode(grouped), 'main');
      const refused = await clickAndWait(page, await control(page, 'Turn on two-factor sign-in', 'main'));
      expect(refused?.status()).toBe(401);
      expect(await textOf(page, 'main .field-error')).toBe(WRONG_SETUP);
      expect(await textOf(page, '.totp-secret')).toBe(grouped);

      await fill(page, 'Code from the app', totpCode(grouped), 'main');
      await clickAndWait(page, await control(page, 'Turn on two-factor sign-in', 'main'));
      expect(pathOf(page)).toBe('/account/recovery-codes');
      const codes = await page.$$eval('.recovery-codes code', (list) => list.map((c) => c.textContent ?? ''));
      expect(codes).toHaveLength(10);
      if (javaScript) {
        await screenshot(page, 'mfa-recovery-codes');
        // Copy puts the codes on the clipboard, one a line, and says so.
        await page
          .browserContext()
          .overridePermissions(suite.url, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
        await page.bringToFront();
        await (await page.waitForSelector('.recovery-tools button'))!.click();
        await page.waitForFunction(() => document.querySelector('.recovery-said')?.textContent !== '');
        expect(await textOf(page, '.recovery-said')).toBe('Copied the recovery codes.');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
        // The print view has Print, for the codes alone on paper.
        await clickAndWait(page, await control(page, 'Print view', 'main'));
        await page.waitForSelector('.recovery-tools button');
        expect(await page.$$eval('.recovery-tools button', (b) => b.map((e) => e.textContent))).toEqual([
          'Print',
        ]);
        expect(await page.$$eval('.recovery-codes code', (list) => list.map((c) => c.textContent))).toEqual(
          codes,
        );
        await page.emulateMediaType('print');
        expect(await isShown(page, 'header')).toBe(false);
        expect(await isShown(page, '.recovery-tools')).toBe(false);
        await page.emulateMediaType(undefined);
        await clickAndWait(page, await control(page, 'Back to your recovery codes', 'main'));
      } else expect(await page.$('.recovery-tools')).toBeNull();
      await clickAndWait(page, await control(page, 'Continue', 'main'));
      expect(pathOf(page)).toBe('/admin/dashboard');
      expect(await textOf(page, 'header')).toContain('Welcome, Dana (admin)');
      await logOut(page);

      // A code from the app (the next time step: the enrolling code's step is spent).
      await logIn(page, javaScript, userId);
      expect(await textOf(page, 'main h1')).toBe('Two-factor sign-in');
      const code = totpCode(grouped, 1);
      expect(await verify(page, code)).toBe(200);
      expect(pathOf(page)).toBe('/admin/dashboard');
      await logOut(page);

      // The same code again is refused; a recovery code works instead, once.
      await logIn(page, javaScript, userId);
      expect(await verify(page, code)).toBe(401);
      expect(await textOf(page, 'main .field-error')).toBe(WRONG);
      if (javaScript) await screenshot(page, 'mfa-code-refused');
      expect(await verify(page, codes[0])).toBe(200);
      expect(pathOf(page)).toBe('/admin/dashboard');
      await logOut(page);
      await logIn(page, javaScript, userId);
      expect(await verify(page, codes[0])).toBe(401);
      expect(await verify(page, codes[1])).toBe(200);
      expect(pathOf(page)).toBe('/admin/dashboard');
    },
    60_000,
  );

  it('a user turns it on from the Account page and off again', async () => {
    const n = crypto.randomBytes(4).toString('hex');
    const { login_id: userId } = await createUsersService(suite.t.database.db).create({
      firmId: await demoFirmId(suite.t.database),
      loginId: `kim.${n}`,
      firstName: 'Kim',
      email: `kim.${n}@demo.example`,
      role: 'user',
      password: PASSWORD,
    });
    const { page } = await suite.open();
    await logIn(page, true, userId);
    expect(pathOf(page)).toBe('/user/dashboard');
    await clickAndWait(page, await control(page, 'Account', 'header'));
    expect(pathOf(page)).toBe('/account');
    expect(await textOf(page, 'main')).toContain('Two-factor sign-in Off.');
    await screenshot(page, 'account');

    await clickAndWait(page, await control(page, 'Turn on two-factor sign-in', 'main'));
    expect(pathOf(page)).toBe('/account/two-factor');
    const grouped = await textOf(page, '.totp-secret');
    await fill(page, 'Code from the app', totpCode(grouped), 'main');
    await clickAndWait(page, await control(page, 'Turn on two-factor sign-in', 'main'));
    expect(pathOf(page)).toBe('/account/recovery-codes');
    await clickAndWait(page, await control(page, 'Continue', 'main'));
    expect(pathOf(page)).toBe('/account');
    expect(await textOf(page, 'main')).toContain('10 of 10 recovery codes left.');
    await screenshot(page, 'account-two-factor-on');

    await fill(page, 'Code from your app', totpCode(grouped, 1), '#turn-off-form');
    await clickAndWait(page, await control(page, 'Turn off two-factor sign-in', 'main'));
    expect(pathOf(page)).toBe('/account');
    expect(await textOf(page, 'main .flash')).toBe('Two-factor sign-in is off.');
    await logOut(page);
    await logIn(page, true, userId);
    expect(pathOf(page)).toBe('/user/dashboard');
  }, 60_000);
});
