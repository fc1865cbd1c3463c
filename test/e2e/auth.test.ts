import type { Page } from 'puppeteer';
import { DEMO_PASSWORD } from '../helpers/app';
import {
  clickAndWait,
  control,
  e2eSuite,
  field,
  fill,
  holdRequest,
  isShown,
  pathOf,
  screenshot,
  textOf,
} from './support';

const INVALID = 'Invalid credentials. Please try again.';

const ROLES = [
  {
    loginId: 'reti',
    home: '/reti/dashboard',
    welcome: 'Welcome, Riley (reti)',
    menu: [
      ['Dashboard', '/reti/dashboard'],
      ['Firm Onboarding', '/reti/firm-onboard'],
      ['Role Management', '/reti/role-management'],
      ['Actions', '/reti/actions'],
    ],
  },
  {
    loginId: 'admin',
    home: '/admin/dashboard',
    welcome: 'Welcome, Alex (admin)',
    menu: [
      ['Dashboard', '/admin/dashboard'],
      ['User Management', '/admin/users'],
      ['Case Management', '/admin/cases'],
      ['Reports', '/admin/reports'],
      ['Settings', '/admin/settings'],
    ],
  },
  {
    loginId: 'attorney',
    home: '/user/dashboard',
    welcome: 'Welcome, Jordan (user)',
    menu: [
      ['Dashboard', '/user/dashboard'],
      ['Cases', '/user/cases'],
      ['Documents', '/user/documents'],
      ['Forms', '/user/forms'],
      ['AI Tools', '/user/ai'],
    ],
  },
];

/** The header's menu as a person reads it: label and destination of each entry, in order. */
const menuOf = (page: Page) =>
  page.$$eval('header nav a', (links) =>
    links.map((a) => [(a as HTMLElement).innerText.trim(), a.getAttribute('href')]),
  );

/** Opens the header's Login modal and fills it in; the submit is left to the test. */
async function fillLoginModal(page: Page, userId: string, password: string) {
  await (await control(page, 'Login', 'header')).click();
  await page.waitForSelector('dialog[open]', { visible: true });
  // It opens on its first field, not on its close button.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('user_id');
  await fill(page, 'User ID', userId);
  await fill(page, 'Password', password);
}

const submitLoginModal = (page: Page) => control(page, 'Login', 'dialog[open] form');

describe('sign-in and sign-out in the browser', () => {
  const suite = e2eSuite();

  describe('with JavaScript, through the header Login modal', () => {
    it.each(ROLES)(
      '$loginId signs in, lands on $home with the role menu, and logs out to /',
      async (role) => {
        const { page } = await suite.open();
        await page.goto(`${suite.url}/public`);
        expect(await textOf(page, 'header')).not.toContain('Welcome');

        await fillLoginModal(page, role.loginId, DEMO_PASSWORD);
        expect(await textOf(page, 'dialog[open] h2')).toBe('Login');
        if (role.loginId === 'reti') await screenshot(page, 'login-modal', { fullPage: false });
        await clickAndWait(page, await submitLoginModal(page));

        expect(pathOf(page)).toBe(role.home);
        expect(await textOf(page, 'header')).toContain(role.welcome);
        expect(await menuOf(page)).toEqual(role.menu);
        expect(await page.$eval('header nav a[aria-current="page"]', (a) => a.getAttribute('href'))).toBe(
          role.home,
        );
        await expect(control(page, 'Login', 'header')).rejects.toThrow();
        if (role.loginId === 'admin') await screenshot(page, 'dashboard-admin');

        const response = await clickAndWait(page, await control(page, 'Logout', 'header'));
        expect(response?.status()).toBe(200);
        expect(pathOf(page)).toBe('/');
        // Signed out for real: the area sends the visitor to the sign-in page again.
        await page.goto(`${suite.url}${role.home}`);
        expect(pathOf(page)).toBe(`/login?next=${encodeURIComponent(role.home)}`);
        expect(await textOf(page, 'header')).not.toContain('Welcome');
      },
    );

    it('keeps what is typed the moment the modal opens (the click that hydrates it does not close it again)', async () => {
      const { page } = await suite.open();
      // Every 'close' of a dialog, counted from the page's first script on.
      await page.evaluateOnNewDocument(() => {
        const seen = window as unknown as { closes: number };
        seen.closes = 0;
        document.addEventListener('close', () => seen.closes++, true);
      });
      await page.goto(`${suite.url}/public`);
      await fillLoginModal(page, 'admin', 'typed-at-once');
      // A 'close' fired late (the island closing and reopening the dialog it hydrated) resets the form:
      // a slow machine saw it after the password was typed, and Login then did nothing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await page.evaluate(() => (window as unknown as { closes: number }).closes)).toBe(0);
      expect(await (await field(page, 'Password')).evaluate((e) => e.value)).toBe('typed-at-once');
    });

    it('shows and hides the password with the toggle', async () => {
      const { page } = await suite.open();
      await page.goto(`${suite.url}/public`);
      await fillLoginModal(page, 'admin', 'secret-words');
      const password = await field(page, 'Password');
      const toggle = await control(page, 'Show', 'dialog[open]');
      expect(await password.evaluate((e) => e.type)).toBe('password');
      expect(await toggle.evaluate((e) => e.getAttribute('aria-pressed'))).toBe('false');

      await toggle.click();
      expect(await password.evaluate((e) => e.type)).toBe('text');
      expect(await password.evaluate((e) => e.value)).toBe('secret-words');
      expect(await toggle.evaluate((e) => [e.textContent, e.getAttribute('aria-pressed')])).toEqual([
        'Hide',
        'true',
      ]);

      await toggle.click();
      expect(await password.evaluate((e) => e.type)).toBe('password');
      expect(await toggle.evaluate((e) => e.textContent)).toBe('Show');
    });

    it("labels the button 'Logging in...' while the request is under way", async () => {
      const { page } = await suite.open();
      await page.goto(`${suite.url}/health`);
      const { held } = await holdRequest(page, '/api/auth/login');
      await fillLoginModal(page, 'attorney', DEMO_PASSWORD);
      await (await submitLoginModal(page)).click();
      const request = await held;
      await page.waitForFunction(() => {
        const button = document.querySelector<HTMLButtonElement>('dialog[open] button[type=submit]');
        return button?.textContent === 'Logging in...' && button.disabled;
      });
      await Promise.all([page.waitForNavigation(), request.continue()]);
      expect(pathOf(page)).toBe('/user/dashboard');
      expect(await textOf(page, 'header')).toContain('Welcome, Jordan (user)');
    });

    it('refuses a wrong password with the SPEC message and stays put', async () => {
      const { page } = await suite.open();
      await page.goto(`${suite.url}/public`);
      await fillLoginModal(page, 'admin', 'not-the-password');
      await (await submitLoginModal(page)).click();
      await page.waitForSelector('dialog[open] [role=alert]', { visible: true });
      expect(await textOf(page, 'dialog[open] [role=alert]')).toBe(INVALID);
      expect(pathOf(page)).toBe('/public');
      expect(await textOf(page, 'dialog[open] button[type=submit]')).toBe('Login');
      expect(await textOf(page, 'header')).not.toContain('Welcome');

      // Closing and reopening the modal forgets the message and the password, not the user ID.
      await (await control(page, 'Close', 'dialog[open]')).click();
      expect(await isShown(page, 'header dialog')).toBe(false);
      await (await control(page, 'Login', 'header')).click();
      await page.waitForSelector('dialog[open]', { visible: true });
      expect(await page.$('dialog[open] [role=alert]')).toBeNull();
      expect(await (await field(page, 'Password')).evaluate((e) => e.value)).toBe('');
    });
  });

  describe('without JavaScript, through /login', () => {
    it.each(ROLES)(
      '$loginId signs in with the form, lands on $home and logs out with the Logout form',
      async (role) => {
        const { page } = await suite.open({ javaScript: false });
        await page.goto(`${suite.url}/public`);
        // The header's Login button is a plain link to the sign-in page.
        await clickAndWait(page, await control(page, 'Login', 'header'));
        expect(pathOf(page)).toBe('/login');
        if (role.loginId === 'reti') await screenshot(page, 'login-page');

        await fill(page, 'User ID', role.loginId, 'main form');
        await fill(page, 'Password', DEMO_PASSWORD, 'main form');
        const signedIn = await clickAndWait(page, await control(page, 'Login', 'main form'));
        expect(signedIn?.status()).toBe(200);
        expect(pathOf(page)).toBe(role.home);
        expect(await textOf(page, 'header')).toContain(role.welcome);
        expect(await menuOf(page)).toEqual(role.menu);

        const signedOut = await clickAndWait(page, await control(page, 'Logout', 'header'));
        expect(signedOut?.status()).toBe(200);
        expect(pathOf(page)).toBe('/');
        await page.goto(`${suite.url}/public`);
        expect(await textOf(page, 'header')).not.toContain('Welcome');
      },
    );

    it('refuses a wrong password with the SPEC message and keeps the user ID', async () => {
      const { page } = await suite.open({ javaScript: false });
      await page.goto(`${suite.url}/login`);
      await fill(page, 'User ID', 'reti', 'main form');
      await fill(page, 'Password', 'not-the-password', 'main form');
      const response = await clickAndWait(page, await control(page, 'Login', 'main form'));
      expect(response?.status()).toBe(401);
      expect(pathOf(page)).toBe('/login');
      expect(await textOf(page, 'main [role=alert]')).toBe(INVALID);
      expect(await (await field(page, 'User ID', 'main form')).evaluate((e) => e.value)).toBe('reti');
    });
  });

  describe('page guards', () => {
    it('sends an anonymous visitor of /admin/users to /login and back after signing in', async () => {
      const { page } = await suite.open();
      const first = await page.goto(`${suite.url}/admin/users`);
      expect(first?.status()).toBe(200);
      expect(pathOf(page)).toBe('/login?next=%2Fadmin%2Fusers');
      expect(await textOf(page, 'main h1')).toBe('Login');

      await fill(page, 'User ID', 'admin', 'main form');
      await fill(page, 'Password', DEMO_PASSWORD, 'main form');
      await clickAndWait(page, await control(page, 'Login', 'main form'));
      expect(pathOf(page)).toBe('/admin/users');
      expect(await textOf(page, 'main h1')).toBe('User Management');
      expect(await page.$eval('header nav a[aria-current="page"]', (a) => a.textContent)).toBe(
        'User Management',
      );
    });

    it('tells a firm user who opens /reti/dashboard whose page it is, and links their own dashboard', async () => {
      const { page } = await suite.open();
      await page.goto(`${suite.url}/public`);
      await fillLoginModal(page, 'attorney', DEMO_PASSWORD);
      await clickAndWait(page, await submitLoginModal(page));
      expect(pathOf(page)).toBe('/user/dashboard');

      const wrong = await page.goto(`${suite.url}/reti/dashboard`);
      expect(wrong?.status()).toBe(403);
      expect(await textOf(page, 'main h1')).toBe('This page is for Reti platform staff.');
      await clickAndWait(page, await control(page, 'Go to your dashboard', 'main'));
      expect(pathOf(page)).toBe('/user/dashboard');
      expect(await textOf(page, 'header')).toContain('Welcome, Jordan (user)');
      expect(await textOf(page, 'main h1')).toBe('Dashboard');
    });
  });

  it('sends an unknown path home', async () => {
    const { page } = await suite.open();
    const response = await page.goto(`${suite.url}/no-such-page`);
    expect(response?.status()).toBe(200);
    expect(pathOf(page)).toBe('/');
    expect(await textOf(page, 'main h1')).toBe('AI-assisted immigration practice, from intake to approval');
  });
});
