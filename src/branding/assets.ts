import { type Request, type Response, Router } from 'express';
import { ServiceError } from '../shared/errors';
import { pages } from '../shared/paths';
import type { BrandingService } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Its URL names the version, so a change is a new URL: the browser may keep each one for good. */
const FOREVER = 'private, max-age=31536000, immutable';

/** The route's firm ID; one that is no UUID names no firm, and is answered like any other firm's. */
const firmIdOf = (req: Request) => {
  const id = String(req.params.firmId);
  return UUID.test(id) ? id.toLowerCase() : undefined;
};

const notFound = (res: Response) =>
  res.status(404).type('text').set('Cache-Control', 'no-store').send('Not found.');

/** Not the person's firm, or nothing there: not found. Anything else (the database) is an error. */
const orNothing = (error: unknown) => {
  if (error instanceof ServiceError && error.reason === 'not-found') return undefined;
  throw error;
};

/** An older version's URL (a page rendered just before a change) leads to the current one. */
function sendVersioned(req: Request, res: Response, current: string, url: string, send: () => void) {
  if (req.params.version !== current) {
    res.set('Cache-Control', 'no-store');
    return void res.redirect(302, url);
  }
  res.set('Cache-Control', FOREVER);
  send();
}

/**
 * The firm's stylesheet and logo files, for its own signed-in members only. They are part of every page's
 * look, as the product's own CSS is: no matrix row turns them off, and membership of the firm is the whole
 * check. Not file answers of an action (src/http/file-answer.ts): each version is cached for good, where
 * an action's files are never cached.
 */
export function brandingAssets(branding: BrandingService): Router {
  const router = Router();

  router.get(pages.firmTheme(':firmId', ':version'), async (req, res) => {
    const firmId = firmIdOf(req);
    const sheet = firmId && (await branding.stylesheet(req.session?.user, firmId).catch(orNothing));
    if (!sheet) return notFound(res);
    sendVersioned(req, res, sheet.version, pages.firmTheme(firmId, sheet.version), () =>
      res.type('text/css; charset=utf-8').send(sheet.css),
    );
  });

  router.get(pages.firmLogo(':firmId', ':version'), async (req, res) => {
    const firmId = firmIdOf(req);
    const logo = firmId && (await branding.logo(req.session?.user, firmId).catch(orNothing));
    if (!logo) return notFound(res);
    sendVersioned(req, res, logo.version, pages.firmLogo(firmId, logo.version), () => {
      res.set({
        'Content-Type': logo.type,
        'X-Content-Type-Options': 'nosniff',
        // Opened on its own, an SVG is a document: it may style itself and do nothing else.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      });
      res.send(logo.bytes);
    });
  });

  return router;
}
