import type { Page } from 'puppeteer';
import {
  clickAndWait,
  control,
  e2eSuite,
  field,
  fill,
  holdRequest,
  isShown,
  islandHydrated,
  pathOf,
  screenshot,
  textOf,
  valueOf,
} from './support';

const SENT = "Thanks! We'll be in touch shortly.";
const FAILED = 'Unable to send right now. Please try again later.';
const BAD_EMAIL = 'Enter a valid email';
const BAD_PHONE = 'Enter a valid phone number';
const LABELS = ['Name', 'Firm', 'Phone Number', 'Email address'];

/** The Contact Us button of the page: in the hero on '/', in the call to action on '/public'. */
const contactUs = (page: Page) => control(page, 'Contact Us', 'main');
/** Open by the modal (JavaScript) or shown as the :target of #contact (no JavaScript). */
const DIALOG = 'dialog#contact';

async function openContact(page: Page) {
  await (await contactUs(page)).click();
  await page.waitForSelector(`${DIALOG}[open]`, { visible: true });
  // Typing that lands before hydration would not reach the form's state, leaving Contact disabled.
  await islandHydrated(page, DIALOG);
}

const messages = (page: Page) =>
  page.$$eval(`${DIALOG} .field-error, ${DIALOG} [role=alert], ${DIALOG} [role=status]`, (nodes) =>
    nodes.map((n) => (n as HTMLElement).innerText.trim()),
  );

const contactDisabled = async (page: Page) =>
  (await control(page, 'Contact', DIALOG)).evaluate((b) => (b as HTMLButtonElement).disabled);

async function fillContact(
  page: Page,
  values: { name?: string; firm?: string; phone?: string; email?: string },
) {
  if (values.name !== undefined) await fill(page, 'Name', values.name, DIALOG);
  if (values.firm !== undefined) await fill(page, 'Firm', values.firm, DIALOG);
  if (values.phone !== undefined) await fill(page, 'Phone Number', values.phone, DIALOG);
  if (values.email !== undefined) await fill(page, 'Email address', values.email, DIALOG);
}

/** Clicks Contact once the form's state has caught up with the typing (on a busy machine it can lag). */
async function sendContact(page: Page) {
  await page.waitForFunction(
    (scope) =>
      [...document.querySelectorAll<HTMLButtonElement>(`${scope} button`)].some(
        (b) => b.textContent?.trim() === 'Contact' && !b.disabled,
      ),
    {},
    DIALOG,
  );
  await (await control(page, 'Contact', DIALOG)).click();
}

const allValues = (page: Page) => Promise.all(LABELS.map((l) => valueOf(page, l, DIALOG)));

describe('the contact modal', () => {
  const suite = e2eSuite();
  let sequence = 0;
  /** A unique address per submission, to find exactly its rows. */
  const uniqueEmail = () => `visitor${++sequence}.${Date.now()}@firm.example`;

  const storedRequest = (email: string) =>
    suite.t.database.db.selectFrom('contact_requests').selectAll().where('email', '=', email).execute();
  const storedEmails = (email: string) =>
    suite.t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('text_body', 'like', `%Email: ${email}%`)
      .execute();

  it("'/' has no header and no Login button", async () => {
    const { page } = await suite.open();
    await page.goto(`${suite.url}/`);
    expect(await page.$('header')).toBeNull();
    await expect(control(page, 'Login')).rejects.toThrow();
    expect(await textOf(page, 'main')).toContain("Save up to 60% of a lawyer's time");
    await screenshot(page, 'home');
  });

  describe.each(['/', '/public'])('with JavaScript on %s', (path) => {
    it('opens with the SPEC title, fields and buttons, at most 520 px wide', async () => {
      const { page } = await suite.open();
      await page.goto(`${suite.url}${path}`);
      if (path === '/public') await screenshot(page, 'public');
      expect(await isShown(page, DIALOG)).toBe(false);
      await openContact(page);
      // It opens on its first field (Name), not on its close button.
      expect(
        await page.evaluate(
          () => document.activeElement?.closest('.field')?.querySelector('label')?.textContent,
        ),
      ).toMatch(/^Name/);
      if (path === '/public') await screenshot(page, 'contact-modal', { fullPage: false });

      expect(await textOf(page, `${DIALOG} h2`)).toBe('Contact Reti Immigration');
      // The dialog is named by its title.
      expect(
        await page.$eval(
          DIALOG,
          (d) => document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent,
        ),
      ).toBe('Contact Reti Immigration');
      expect(await page.$eval(DIALOG, (d) => getComputedStyle(d).maxWidth)).toBe('520px');
      expect(await page.$eval(DIALOG, (d) => d.getBoundingClientRect().width)).toBe(520);
      // Each label as a screen reader names it: the required marker is aria-hidden.
      expect(await page.$$eval(`${DIALOG} label`, (ls) => ls.map((l) => l.firstChild?.textContent))).toEqual(
        LABELS,
      );
      expect(await page.$$eval(`${DIALOG} label .required-mark`, (ms) => ms.length)).toBe(3);
      expect(await (await field(page, 'Firm', DIALOG)).evaluate((e) => e.placeholder)).toBe(
        'Firm or organization',
      );
      // Each label's text starts where its field starts (the modal does not inherit the page's centring).
      const offsets = await page.$$eval(`${DIALOG} label`, (labels) =>
        labels.map((label) => {
          const text = document.createRange();
          text.selectNodeContents(label);
          const control = (label as HTMLLabelElement).control!;
          return Math.round(text.getBoundingClientRect().left - control.getBoundingClientRect().left);
        }),
      );
      expect(offsets).toEqual([0, 0, 0, 0]);
      expect(await page.$$eval(`${DIALOG} .modal-actions > *`, (bs) => bs.map((b) => b.textContent))).toEqual(
        ['Cancel', 'Contact'],
      );
      expect(await (await control(page, 'Close', DIALOG)).evaluate((e) => e.textContent)).toBe('×');
      expect(await messages(page)).toEqual([]);
      expect(await contactDisabled(page)).toBe(true);
    });

    it('shows field messages only for non-empty invalid values, and enables Contact only when valid', async () => {
      const { page } = await suite.open();
      await page.goto(`${suite.url}${path}`);
      await openContact(page);

      await fillContact(page, { name: 'Ana Lima', email: 'not-an-email' });
      expect(await messages(page)).toEqual([BAD_EMAIL]);
      expect(await contactDisabled(page)).toBe(true);
      await fillContact(page, { email: '' });
      expect(await messages(page)).toEqual([]);

      await fillContact(page, { phone: '12-34' });
      expect(await messages(page)).toEqual([BAD_PHONE]);
      await fillContact(page, { phone: '' });
      expect(await messages(page)).toEqual([]);

      await fillContact(page, { phone: '+1 (555) 010-2000', email: 'ana@firm.example' });
      expect(await messages(page)).toEqual([]);
      expect(await contactDisabled(page)).toBe(false);
      // A blank name (spaces only) is not a name.
      await fillContact(page, { name: '   ' });
      expect(await contactDisabled(page)).toBe(true);
    });

    it('sends: Contact is disabled while sending, then the thanks, an empty form and stored rows', async () => {
      const { page } = await suite.open();
      await page.goto(`${suite.url}${path}`);
      await openContact(page);
      const email = uniqueEmail();
      await fillContact(page, { name: 'Ana Lima', firm: 'Lima & Co', phone: '+1 (555) 010-2000', email });

      const { held } = await holdRequest(page, '/api/comm/contact');
      await sendContact(page);
      const request = await held;
      expect(request.method()).toBe('POST');
      expect(JSON.parse(request.postData() ?? '{}')).toEqual({
        name: 'Ana Lima',
        firm: 'Lima & Co',
        phone: '+1 (555) 010-2000',
        email,
      });
      expect(await contactDisabled(page)).toBe(true);
      await request.continue();

      await page.waitForSelector(`${DIALOG} [role=status]`, { visible: true });
      expect(await messages(page)).toEqual([SENT]);
      expect(await allValues(page)).toEqual(['', '', '', '']);
      expect(await contactDisabled(page)).toBe(true);
      expect(pathOf(page)).toBe(path);

      const rows = await storedRequest(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: 'Ana Lima', firm: 'Lima & Co', phone: '+1 (555) 010-2000' });
      const outbox = await storedEmails(email);
      expect(outbox).toHaveLength(1);
      expect(outbox[0]).toMatchObject({
        to_address: suite.t.config.salesEmail,
        subject: 'Reti Immigration: contact request from Ana Lima',
      });

      // Reopening clears the earlier message.
      await (await control(page, 'Close', DIALOG)).click();
      expect(await isShown(page, DIALOG)).toBe(false);
      await openContact(page);
      expect(await messages(page)).toEqual([]);
    });

    it('shows the SPEC error when sending fails, and keeps what was typed', async () => {
      const { page } = await suite.open();
      await page.goto(`${suite.url}${path}`);
      await openContact(page);
      const email = uniqueEmail();
      await fillContact(page, { name: 'Ana Lima', phone: '555 010 2000', email });

      const { held } = await holdRequest(page, '/api/comm/contact');
      await sendContact(page);
      await (
        await held
      ).respond({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'boom' }) });

      await page.waitForSelector(`${DIALOG} [role=alert]`, { visible: true });
      expect(await messages(page)).toEqual([FAILED]);
      expect(await allValues(page)).toEqual(['Ana Lima', '', '555 010 2000', email]);
      expect(await contactDisabled(page)).toBe(false);
      expect(await storedRequest(email)).toEqual([]);

      // Reopening clears the earlier message (and closing cleared the form).
      await (await control(page, 'Cancel', DIALOG)).click();
      await openContact(page);
      expect(await messages(page)).toEqual([]);
      expect(await allValues(page)).toEqual(['', '', '', '']);
    });

    it.each(['Cancel', 'Close'])('%s closes the modal and clears the form', async (button) => {
      const { page } = await suite.open();
      await page.goto(`${suite.url}${path}`);
      await openContact(page);
      await fillContact(page, { name: 'Ana Lima', firm: 'Lima & Co', phone: '12', email: 'ana@' });
      expect(await messages(page)).toEqual([BAD_PHONE, BAD_EMAIL]);

      await (await control(page, button, DIALOG)).click();
      expect(await isShown(page, DIALOG)).toBe(false);
      expect(pathOf(page)).toBe(path);
      await openContact(page);
      expect(await allValues(page)).toEqual(['', '', '', '']);
      expect(await messages(page)).toEqual([]);
    });
  });

  it("with JavaScript, the plan buttons on '/public' open the same modal, and it closes for good", async () => {
    const { page } = await suite.open();
    await page.goto(`${suite.url}/public`);
    await (await control(page, 'Contact Sales', 'main')).click();
    await page.waitForSelector(`${DIALOG}[open]`, { visible: true });
    expect(await page.$eval(DIALOG, (d) => d.matches(':modal'))).toBe(true);
    await fillContact(page, { name: 'Sam Ortiz' });
    expect(await valueOf(page, 'Name', DIALOG)).toBe('Sam Ortiz');

    await (await control(page, 'Cancel', DIALOG)).click();
    expect(await isShown(page, DIALOG)).toBe(false);
    expect(pathOf(page)).toBe('/public');

    await (await control(page, 'Get Started', 'main .plan-featured')).click();
    await page.waitForSelector(`${DIALOG}[open]`, { visible: true });
    expect(await allValues(page)).toEqual(['', '', '', '']);
    await page.keyboard.press('Escape');
    await page.waitForSelector(DIALOG, { hidden: true });
  });

  describe.each(['/', '/public'])('without JavaScript on %s', (path) => {
    it('the Contact Us link opens the form; invalid data comes back with the messages (422), valid data with the thanks', async () => {
      const { page } = await suite.open({ javaScript: false });
      await page.goto(`${suite.url}${path}`);
      expect(await isShown(page, DIALOG)).toBe(false);
      await (await contactUs(page)).click();
      await page.waitForSelector(DIALOG, { visible: true });
      expect(pathOf(page)).toBe(`${path}#contact`);
      expect(await textOf(page, `${DIALOG} h2`)).toBe('Contact Reti Immigration');
      if (path === '/') await screenshot(page, 'contact-no-js', { fullPage: false });

      await fillContact(page, { name: 'Ana Lima', phone: '12', email: 'nope' });
      const refused = await clickAndWait(page, await control(page, 'Contact', DIALOG));
      expect(refused?.status()).toBe(422);
      if (path === '/public') await screenshot(page, 'contact-no-js-refused', { fullPage: false });
      expect(await isShown(page, DIALOG)).toBe(true);
      expect(await messages(page)).toEqual([BAD_PHONE, BAD_EMAIL]);
      expect(await valueOf(page, 'Name', DIALOG)).toBe('Ana Lima');

      const email = uniqueEmail();
      await fillContact(page, { phone: '(555) 010-2000', email });
      const sent = await clickAndWait(page, await control(page, 'Contact', DIALOG));
      expect(sent?.status()).toBe(200);
      expect(pathOf(page)).toBe(`${path}?contact=sent#contact`);
      expect(await isShown(page, DIALOG)).toBe(true);
      expect(await messages(page)).toEqual([SENT]);
      expect(await allValues(page)).toEqual(['', '', '', '']);
      expect(await storedRequest(email)).toHaveLength(1);
      expect(await storedEmails(email)).toHaveLength(1);
    });
  });
});
