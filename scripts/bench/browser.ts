// JavaScript a page loads before anyone touches it, measured in the system Chromium.
import zlib from 'node:zlib';
import type { Browser, Page } from 'puppeteer';
import { launchBrowser } from '../../test/helpers/browser';

export { launchBrowser };

export type ScriptFile = { url: string; bytes: number; gzipBytes: number };
export type PageScripts = {
  finalUrl: string;
  files: ScriptFile[];
  gzipBytes: number;
  failedRequests: string[];
};

/**
 * Opens `url` in a fresh context (empty cache, no cookies), waits for network idle, and adds up every
 * response of resource type "script". `prepare` runs first in the same context (e.g. to sign in).
 */
export async function scriptsLoadedBy(
  browser: Browser,
  url: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<PageScripts> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (prepare) await prepare(page);
    const pending: Array<Promise<ScriptFile | undefined>> = [];
    const failedRequests: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.buffer().then(
          (body) => ({ url: response.url(), bytes: body.length, gzipBytes: zlib.gzipSync(body).length }),
          () => undefined,
        ),
      );
    });
    // A failed script (a 404, a blocked upgrade) would otherwise look like a page that needs no JavaScript.
    page.on('requestfailed', (request) => {
      if (request.resourceType() === 'script')
        failedRequests.push(`${request.url()} (${request.failure()?.errorText})`);
    });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 30_000 });
    const files = (await Promise.all(pending)).filter((f): f is ScriptFile => f !== undefined);
    return {
      finalUrl: page.url(),
      files,
      gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      failedRequests,
    };
  } finally {
    await context.close();
  }
}

/** Signs in from inside a page of the app's origin, as the login island would; the browser keeps the cookie. */
export const signInThroughPage =
  (baseUrl: string, userId: string, password: string) => async (page: Page) => {
    // A plain-text page of the origin: same-origin fetch, and no scripts of its own.
    await page.goto(`${baseUrl}/robots.txt`);
    const status = await page.evaluate(
      async (body) => {
        const res = await fetch('/api/auth/login', {
          method: 'POST',
          // The bench stands in for the TLS proxy in front of the app (see app.ts).
          headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
          body,
        });
        return res.status;
      },
      JSON.stringify({ user_id: userId, password }),
    );
    if (status !== 200) throw new Error(`sign-in in the browser answered ${status}`);
  };
