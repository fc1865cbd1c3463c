import type { HTTPRequest, Page } from 'puppeteer';
import { DEMO_PASSWORD } from '../helpers/app';
import { inviteLink } from '../helpers/smtp';
import { totpCode } from '../helpers/totp';
import {
  clickAndWait,
  control,
  e2eSuite,
  field,
  fill,
  islandsHydrated,
  pathOf,
  screenshot,
  textOf,
} from './support';

const ADDING = 'Adding Firm...';
const ADDED = 'Firm added successfully! You can now send an invitation.';
const SENDING = 'Sending...';
const SENT = 'Invitation email sent successfully!';
const READY = 'Your account is ready. Log in with your new user ID and password.';
const WEAK = 'Password must be at least 12 characters and include a symbol and a number';
const PASSWORD = 'Harbor-Lights-2031!';
const FORM = '.onboarding-form';

/**
 * Staff onboard a firm and invite its contact, who becomes the firm's administrator through the emailed
 * link: in Chromium, with JavaScript and without, against a real SMTP server on loopback.
 */
describe('firm onboarding and invitations', () => {
  // The refused forms answer 422 by design; what must never happen is a failed hydration, a script error
  // or any console error naming React.
  const suite = e2eSuite({ smtp: true, failOn: /Minified React error/i });

  /** A page in a browser context of its own; console errors and page errors fail the test. */
  const open = async (javaScript: boolean): Promise<Page> => (await suite.open({ javaScript })).page;

  /** Holds the page's requests to the paths asked for, one at a time, and lets every other one through. */
  async function requestHolder(page: Page) {
    await page.setRequestInterception(true);
    const waiting = new Map<string, (request: HTTPRequest) => void>();
    page.on('request', (request) => {
      const pathname = new URL(request.url()).pathname;
      const hold = waiting.get(pathname);
      if (!hold) return void request.continue();
      waiting.delete(pathname);
      hold(request);
    });
    return (pathname: string) => new Promise<HTTPRequest>((resolve) => waiting.set(pathname, resolve));
  }

  async function signIn(page: Page, userId: string, password: string) {
    await page.goto(`${suite.url}/login`);
    await fill(page, 'User ID', userId, 'main');
    await fill(page, 'Password', password, 'main');
    await clickAndWait(page, await control(page, 'Login', 'main'));
  }

  const formValues = (page: Page) =>
    page.$$eval(`${FORM} input:not([type=hidden]), ${FORM} select, ${FORM} textarea`, (els) =>
      els.map((e) => (e as HTMLInputElement).value),
    );
  const isDisabled = async (page: Page, name: string) =>
    (await control(page, name, 'main')).evaluate((b) => (b as HTMLButtonElement).disabled);

  async function fillFirm(page: Page, firm: { name: string; email: string; phone: string }) {
    await fill(page, 'Firm Name', firm.name, 'main');
    await fill(page, 'Contact Person', 'Dana Lee Whitfield', 'main');
    await fill(page, 'Contact Role', 'Managing Partner', 'main');
    await fill(page, 'Email', firm.email, 'main');
    await fill(page, 'Phone', firm.phone, 'main');
    await (await field(page, 'Industry', 'main')).select('legal');
    await fill(page, 'Address', '1 Pier Road, Boston, MA', 'main');
  }

  const firmNamed = (name: string) =>
    suite.t.database.db.selectFrom('firms').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  /** The invitee's side, the same with and without JavaScript: the link, a weak password, then the account. */
  async function acceptInvitation(javaScript: boolean, email: string, firmName: string, userId: string) {
    const mail = await suite.smtp.waitFor((e) => e.to.includes(email));
    const link = inviteLink(mail.text);
    expect(link).not.toBe('');
    const page = await open(javaScript);
    await page.goto(`${suite.url}${new URL(link).pathname}`);
    expect(await textOf(page, 'main h1')).toBe(`Join ${firmName}`);
    if (javaScript) await screenshot(page, 'invite');

    await fill(page, 'User ID', userId, 'main');
    await fill(page, 'Password', 'too-weak-1', 'main');
    await fill(page, 'Confirm password', 'too-weak-1', 'main');
    const refused = await clickAndWait(page, await control(page, 'Create account', 'main'));
    expect(refused?.status()).toBe(422);
    expect(await textOf(page, 'main .field-error')).toBe(WEAK);
    expect(await (await field(page, 'User ID', 'main')).evaluate((e) => e.value)).toBe(userId);
    if (javaScript) await screenshot(page, 'invite-weak-password');

    await fill(page, 'Password', PASSWORD, 'main');
    await fill(page, 'Confirm password', PASSWORD, 'main');
    await clickAndWait(page, await control(page, 'Create account', 'main'));
    expect(pathOf(page)).toBe('/login');
    expect(await textOf(page, 'main .flash')).toBe(READY);

    await fill(page, 'User ID', userId, 'main');
    await fill(page, 'Password', PASSWORD, 'main');
    await clickAndWait(page, await control(page, 'Login', 'main'));
    // A new firm requires two-factor sign-in of its administrators: the first sign-in sets it up.
    expect(pathOf(page)).toBe('/login/mfa/setup');
    await fill(page, 'Code from the app', totpCode(await textOf(page, '.totp-secret')), 'main');
    await clickAndWait(page, await control(page, 'Turn on two-factor sign-in', 'main'));
    expect(pathOf(page)).toBe('/account/recovery-codes');
    await clickAndWait(page, await control(page, 'Continue', 'main'));
    expect(pathOf(page)).toBe('/admin/dashboard');
    expect(await textOf(page, 'header')).toContain('Welcome, Dana (admin)');
    expect((await firmNamed(firmName)).status).toBe('active');

    // The link is spent: it says so, and where to go instead.
    const again = await page.goto(`${suite.url}${new URL(link).pathname}`);
    expect(again?.status()).toBe(410);
    expect(await textOf(page, 'main h1')).toBe('This invitation has already been used');
    expect(await control(page, 'Go to Login', 'main')).toBeTruthy();
    if (javaScript) await screenshot(page, 'invite-used');
  }

  it('with JavaScript: add a firm, send the invitation, and the contact becomes its administrator', async () => {
    const firm = { name: 'Harbor Law JS', email: 'dana@harbor-js.example', phone: '+1 (555) 010-3000' };
    const page = await open(true);
    await signIn(page, 'reti', DEMO_PASSWORD);
    await page.goto(`${suite.url}/reti/firm-onboard`);
    await islandsHydrated(page);
    expect(await isDisabled(page, 'Send Invitation')).toBe(true);
    await screenshot(page, 'onboarding');

    // Live checks as the person types.
    await fill(page, 'Phone', '12', 'main');
    expect(await textOf(page, `${FORM} .field-error`)).toBe('Enter a valid phone number');
    // The server's refusal (a name of spaces only) shows beside its field.
    await fillFirm(page, { ...firm, name: '   ' });
    await (await control(page, 'Add Firm', 'main')).click();
    await page.waitForSelector(`${FORM} .field-error`);
    expect(await textOf(page, `${FORM} .field-error`)).toBe('Firm name is required');
    await fillFirm(page, firm);
    expect(await page.$(`${FORM} .field-error`)).toBeNull();

    const held = await requestHolder(page);
    const adding = held('/api/firms');
    await (await control(page, 'Add Firm', 'main')).click();
    const add = await adding;
    expect(await textOf(page, `${FORM} button[type=submit]`)).toBe(ADDING);
    expect(await isDisabled(page, ADDING)).toBe(true);
    await add.continue();
    await page.waitForSelector(`${FORM} [role=status]`);
    expect(await textOf(page, `${FORM} [role=status]`)).toBe(ADDED);
    expect(await formValues(page)).toEqual(['', '', '', '', '', '', '']);
    const stored = await firmNamed(firm.name);
    expect(stored).toMatchObject({ status: 'pending', email: firm.email, industry: 'legal' });
    expect(pathOf(page)).toBe(`/reti/firm-onboard?firm=${stored.id}`);
    expect(await textOf(page, '.onboarding-invite')).toContain(
      `Invite Dana Lee Whitfield (${firm.email}) to become the administrator of ${firm.name}.`,
    );
    expect(await isDisabled(page, 'Send Invitation')).toBe(false);
    await screenshot(page, 'onboarding-added');

    const sending = held(`/api/firms/${stored.id}/invitations`);
    await (await control(page, 'Send Invitation', 'main')).click();
    const send = await sending;
    expect(await textOf(page, '.onboarding-invite button')).toBe(SENDING);
    await send.continue();
    await page.waitForSelector('.onboarding-invite [role=status]');
    expect(await textOf(page, '.onboarding-invite [role=status]')).toBe(SENT);
    await screenshot(page, 'onboarding-sent');

    // The success message goes after 3 s; the invitation's outcome stays.
    await page.waitForFunction(
      (text) => !document.querySelector('.onboarding-form')?.textContent?.includes(text),
      {},
      ADDED,
    );
    expect(await textOf(page, '.onboarding-invite [role=status]')).toBe(SENT);

    await acceptInvitation(true, firm.email, firm.name, 'dana.js');
  }, 60_000);

  it('without JavaScript: the same, with real forms and redirects', async () => {
    const firm = { name: 'Harbor Law No JS', email: 'dana@harbor-nojs.example', phone: '(555) 010-4000' };
    const page = await open(false);
    await signIn(page, 'reti', DEMO_PASSWORD);
    await page.goto(`${suite.url}/reti/firm-onboard`);
    expect(await isDisabled(page, 'Send Invitation')).toBe(true);

    await fillFirm(page, { ...firm, phone: '12' });
    const refused = await clickAndWait(page, await control(page, 'Add Firm', 'main'));
    expect(refused?.status()).toBe(422);
    expect(await textOf(page, `${FORM} .field-error`)).toBe('Enter a valid phone number');
    expect(await formValues(page)).toEqual([
      firm.name,
      'Dana Lee Whitfield',
      'Managing Partner',
      firm.email,
      '12',
      'legal',
      '1 Pier Road, Boston, MA',
    ]);
    await screenshot(page, 'onboarding-no-js-refused');

    await fill(page, 'Phone', firm.phone, 'main');
    await clickAndWait(page, await control(page, 'Add Firm', 'main'));
    const stored = await firmNamed(firm.name);
    expect(pathOf(page)).toBe(`/reti/firm-onboard?firm=${stored.id}`);
    expect(await textOf(page, 'main .flash')).toBe(ADDED);
    expect(await formValues(page)).toEqual(['', '', '', '', '', '', '']);
    expect(await isDisabled(page, 'Send Invitation')).toBe(false);

    await clickAndWait(page, await control(page, 'Send Invitation', 'main'));
    expect(pathOf(page)).toBe(`/reti/firm-onboard?firm=${stored.id}`);
    expect(await textOf(page, 'main .flash')).toBe(SENT);
    await screenshot(page, 'onboarding-no-js-sent');

    await acceptInvitation(false, firm.email, firm.name, 'dana.nojs');
  }, 60_000);
});
