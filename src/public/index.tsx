import { Router } from 'express';
import type { ActionKit } from '../access/kit';
import type { Feature } from '../http/feature';
import { PUBLIC_PAGES } from './pages';

/**
 * robots.txt and sitemap.xml: fixed text for crawlers, made from the site's public address; they read no
 * data and name no person, so they are no page declarations.
 */
function crawlerFiles(publicUrl: string): Router {
  const router = Router();
  router.get('/robots.txt', (_req, res) => {
    res
      .type('text/plain')
      .send(
        [
          'User-agent: *',
          'Disallow: /user/',
          'Disallow: /admin/',
          'Disallow: /reti/',
          'Disallow: /login',
          'Disallow: /api/',
          '',
          `Sitemap: ${publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });
  router.get('/sitemap.xml', (_req, res) => {
    const urls = ['/', '/public', '/health']
      .map((p) => `  <url><loc>${publicUrl}${p}</loc></url>`)
      .join('\n');
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });
  return router;
}

/** The marketing pages (with the Contact Us form), robots.txt and sitemap.xml. */
export function publicPages(deps: { kit: ActionKit; publicUrl: string }): Feature {
  return { pages: Router().use(deps.kit.pages(PUBLIC_PAGES), crawlerFiles(deps.publicUrl)) };
}
