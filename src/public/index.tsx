import { Router } from 'express';
import type { Renderer } from '../http/render';
import { type PublicPath, marketingPage } from './pages';

const PUBLIC_PATHS: PublicPath[] = ['/', '/public', '/about', '/services', '/contact'];

/** The marketing pages, robots.txt and sitemap.xml. */
export function publicPages(deps: { render: Renderer; publicUrl: string }): Router {
  const router = Router();

  for (const path of PUBLIC_PATHS) {
    router.get(path, (req, res) => {
      // After a contact form post without JavaScript, the page shows the modal with its message.
      const sent = req.query.contact === 'sent';
      const { page, options } = marketingPage(
        path,
        deps.publicUrl,
        sent ? { open: true, status: 'sent' } : {},
      );
      deps.render(req, res, page, { ...options, cacheable: !sent && Object.keys(req.query).length === 0 });
    });
  }

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
          `Sitemap: ${deps.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  router.get('/sitemap.xml', (_req, res) => {
    const urls = ['/', '/public', '/health']
      .map((p) => `  <url><loc>${deps.publicUrl}${p}</loc></url>`)
      .join('\n');
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  return router;
}
