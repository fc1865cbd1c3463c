import fs from 'node:fs';
import path from 'node:path';
import { AxePuppeteer } from '@axe-core/puppeteer';
import type { Browser, BrowserContext, ElementHandle, HTTPRequest, HTTPResponse, Page } from 'puppeteer';
import { listen, startTestApp, type TestApp, type TestAppOptions } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';

/** Screenshots for people to look at; outside the repository on purpose. */
const SCREENS_DIR = '/tmp/screens';

/**
 * Production React reports a failed hydration as an uncaught "Minified React error #418" (and its
 * siblings), development React as a console error naming hydration: either counts.
 */
const HYDRATION_ERROR = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

export type OpenPage = { page: Page; errors: string[] };

export type E2eOptions = {
  /** A real SMTP server on loopback that the app sends its email through (SMTP_URL): `suite.smtp`. */
  smtp?: boolean;
  /** The test app's own options (its environment, limits…). */
  app?: TestAppOptions;
  /** Console errors that fail a test too, beside failed hydrations and page errors. */
  failOn?: RegExp;
};

/**
 * One file's world: a real app on a loopback port and one browser (and, when asked, an SMTP server).
 * Every test opens its pages in a browser context of its own (cookies never leak between tests); after
 * each test the contexts close and the page errors they saw are checked. A page opened with `keep` stays
 * open for the file's later tests (a signed-in page used again); its errors are checked after each test.
 */
export function e2eSuite(options: E2eOptions = {}) {
  let t: TestApp;
  let browser: Browser;
  let server: { url: string; close(): Promise<void> };
  let smtp: TestSmtpServer | undefined;
  let contexts: BrowserContext[] = [];
  let opened: OpenPage[] = [];
  const kept: OpenPage[] = [];

  beforeAll(async () => {
    smtp = options.smtp ? await startSmtpServer() : undefined;
    const app = { ...options.app, env: { ...options.app?.env, ...(smtp && { SMTP_URL: smtp.url }) } };
    [t, browser] = await Promise.all([startTestApp(app), launchBrowser()]);
    server = await listen(t);
  });

  afterEach(async () => {
    const seen = [...opened, ...kept].flatMap((p) => p.errors);
    for (const p of kept) p.errors.length = 0;
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
    opened = [];
    expect(seen.filter((e) => HYDRATION_ERROR.test(e))).toEqual([]);
    expect(seen.filter((e) => e.startsWith('pageerror:'))).toEqual([]);
    if (options.failOn) expect(seen.filter((e) => options.failOn!.test(e))).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await t?.close();
    await smtp?.close();
  });

  return {
    get t() {
      return t;
    },
    get url() {
      return server.url;
    },
    /** The SMTP server the app sends through (only with `smtp: true`). */
    get smtp(): TestSmtpServer {
      if (!smtp) throw new Error('e2eSuite({ smtp: true }) starts the SMTP server');
      return smtp;
    },
    /**
     * A new page in a fresh browser context, 1280×900, JavaScript on unless asked otherwise; closed after
     * the test, or with `keep` when the file ends.
     */
    async open(options: { javaScript?: boolean; keep?: boolean } = {}): Promise<OpenPage> {
      const context = await browser.createBrowserContext();
      if (!options.keep) contexts.push(context);
      const page = await context.newPage();
      // A wait that fails says what it waited for, well before the test's own 30 s timeout.
      page.setDefaultTimeout(10_000);
      await page.setViewport({ width: 1280, height: 900 });
      if (options.javaScript === false) await page.setJavaScriptEnabled(false);
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`pageerror: ${e instanceof Error ? e.message : String(e)}`));
      const entry = { page, errors };
      (options.keep ? kept : opened).push(entry);
      return entry;
    },
  };
}

export const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search + u.hash;
};

/** What a person reads in the element: rendered text only (hidden and closed elements say nothing). */
export const textOf = (page: Page, selector = 'body') =>
  page.$eval(selector, (e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

export const isShown = (page: Page, selector: string) =>
  page
    .$eval(selector, (e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
    .catch(() => false);

/** The form control a visible label names, inside the scope: found as a person (or a screen reader) would. */
export async function field(
  page: Page,
  label: string,
  scope = 'dialog[open]',
): Promise<ElementHandle<HTMLInputElement>> {
  const handle = await page.evaluateHandle(
    (scopeSelector, text) => {
      const root = document.querySelector(scopeSelector);
      // The label's text as a screen reader gives it: the required marker is aria-hidden.
      const named = (l: HTMLLabelElement) => {
        const copy = l.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((e) => e.remove());
        return copy.textContent?.trim();
      };
      const found = [...(root?.querySelectorAll('label') ?? [])].find((l) => named(l) === text);
      return (found?.control as HTMLInputElement | null) ?? null;
    },
    scope,
    label,
  );
  const element = handle.asElement() as ElementHandle<HTMLInputElement> | null;
  if (!element) throw new Error(`no field labelled "${label}" in ${scope}`);
  return element;
}

/** A button or link by its visible text or accessible name, inside the scope. */
export async function control(page: Page, name: string, scope = 'body'): Promise<ElementHandle<HTMLElement>> {
  const handle = await page.evaluateHandle(
    (scopeSelector, text) => {
      const root = document.querySelector(scopeSelector);
      const all = [...(root?.querySelectorAll<HTMLElement>('button, a, input[type=submit]') ?? [])];
      return all.find((e) => e.textContent?.trim() === text || e.getAttribute('aria-label') === text) ?? null;
    },
    scope,
    name,
  );
  const element = handle.asElement() as ElementHandle<HTMLElement> | null;
  if (!element) throw new Error(`no button or link "${name}" in ${scope}`);
  return element;
}

/** Replaces a field's text as typing (or pasting) would: real input events, one for the whole value. */
export async function fill(page: Page, label: string, value: string, scope = 'dialog[open]') {
  const input = await field(page, label, scope);
  await input.focus();
  if (await input.evaluate((e) => e.value !== '')) {
    await input.evaluate((e) => e.select());
    await page.keyboard.press('Backspace');
  }
  if (value) await page.keyboard.sendCharacter(value);
}

export const valueOf = async (page: Page, label: string, scope = 'dialog[open]') =>
  (await field(page, label, scope)).evaluate((e) => e.value);

/** Clicks and waits for the navigation it starts; answers the final response. */
export async function clickAndWait(
  page: Page,
  target: ElementHandle<Element>,
  options: { timeout?: number } = {},
): Promise<HTTPResponse | null> {
  const [response] = await Promise.all([page.waitForNavigation(options), target.click()]);
  return response;
}

/**
 * Intercepts the page's requests: the first one to `pathname` is held and handed to the test, which
 * then lets it through (`continue()`) or answers it (`respond()`); every other request goes on.
 */
export async function holdRequest(page: Page, pathname: string): Promise<{ held: Promise<HTTPRequest> }> {
  await page.setRequestInterception(true);
  let caught = false;
  const held = new Promise<HTTPRequest>((resolve) => {
    page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (!caught && new URL(request.url()).pathname === pathname) {
        caught = true;
        resolve(request);
      } else void request.continue();
    });
  });
  return { held };
}

/**
 * Axe's default rules (WCAG 2 A and AA, and best practices): the violations, as short readable lines.
 * Axe runs in the page, so a page without JavaScript lets it in for the check only. The product's pages
 * hold no frames: axe runs in the page alone (its legacy mode), without the blank page its cross-frame
 * mode opens, and loads itself into, for every run (which doubles a run's time).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const javaScript = page.isJavaScriptEnabled();
  if (!javaScript) await page.setJavaScriptEnabled(true);
  // Only the violations are read: axe then works out no selectors for the rest (axe-core API, Performance).
  const result = await new AxePuppeteer(page)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  if (!javaScript) await page.setJavaScriptEnabled(false);
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Screenshots are taken only when asked for (SCREENSHOTS=1): each costs a full-page render. */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * With SCREENSHOTS=1, the page into /tmp/screens/NAME.png: the whole page, or only the viewport, where a
 * modal and its backdrop are (they are fixed to it). Otherwise nothing.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

/** Waits until the island root holding `selector` has been hydrated by React. */
export const islandHydrated = (page: Page, selector: string) =>
  page.waitForFunction(
    (inner) => {
      const root = document.querySelector(inner)?.closest('[data-island]');
      return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
    },
    {},
    selector,
  );

/** Waits until every island root on the page has been hydrated by React. */
export const islandsHydrated = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island]')].every((root) =>
      Object.keys(root).some((k) => k.startsWith('__reactContainer')),
    ),
  );

/**
 * Chooses a case in the case picker inside `scope` as a person would. Live: types the search into the
 * combobox and takes the case from its list with the arrow keys and Enter. Without JavaScript: Find, then
 * the case from the select of the cases found.
 */
export async function chooseCase(
  page: Page,
  scope: string,
  search: string,
  kase: { id: string; caseNumber: string },
  javaScript: boolean,
): Promise<void> {
  const box = `${scope} .case-picker input[type="search"]`;
  await page.waitForSelector(box);
  if (javaScript) {
    await islandHydrated(page, box);
    await page.waitForSelector(`${box}[role="combobox"]`);
    await page.focus(box);
    await page.$eval(box, (e) => (e as HTMLInputElement).select());
    await page.keyboard.press('Backspace');
    await page.keyboard.type(search);
    const found = (number: string) =>
      page.waitForFunction(
        (selector, n) => {
          const input = document.querySelector(selector)!;
          const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
          return [...(list?.querySelectorAll('[role="option"]') ?? [])].some((o) =>
            o.textContent?.startsWith(n),
          );
        },
        {},
        box,
        number,
      );
    await found(kase.caseNumber);
    for (let step = 0; step < 25; step++) {
      await page.keyboard.press('ArrowDown');
      const active = await page.$eval(
        box,
        (e) => document.getElementById(e.getAttribute('aria-activedescendant') ?? '')?.textContent ?? '',
      );
      if (active.startsWith(kase.caseNumber)) break;
    }
    await page.keyboard.press('Enter');
    expect(
      await page.$eval(`${scope} .case-picker input[type="hidden"]`, (e) => (e as HTMLInputElement).value),
    ).toBe(kase.id);
    return;
  }
  await page.$eval(box, (e) => ((e as HTMLInputElement).value = ''));
  await page.type(box, search);
  await clickAndWait(page, (await page.$(`${scope} .case-picker button`))!);
  await page.select(`${scope} .case-picker select`, kase.id);
}

/** The case a picker holds now: its select's value, or live, its hidden field's. */
export const chosenCase = (page: Page, scope: string) =>
  page.$eval(
    `${scope} .case-picker`,
    (e) => e.querySelector<HTMLSelectElement | HTMLInputElement>('select, input[type="hidden"]')?.value ?? '',
  );
