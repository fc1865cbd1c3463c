import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { type PageBranding, RenderContext, type RenderContextValue } from '../../views/context';
import { bootScript, Document, type PageMeta } from '../../views/Document';
import { BareLayout, Layout } from '../../views/layouts/Layout';
import { type AssetManifest, matchesETag } from './assets';
import { acceptedEncodings, compressForever, type Encoding } from './compression';
import { csrfToken } from './csrf';
import { takeFlash } from './flash';

export type RenderOptions = {
  meta: PageMeta;
  status?: number;
  /** '/' has no header; every other page has the full layout. */
  layout?: 'full' | 'bare';
  /** An anonymous page that is the same for everyone: rendered and compressed once, then served from memory. */
  cacheable?: boolean;
};

export type Renderer = (req: Request, res: Response, page: ReactElement, options: RenderOptions) => void;

/**
 * A page kept as bytes, in every encoding, with a strong ETag. It carries no nonce (that would make every
 * copy unique): its CSP allows its one inline script by hash instead.
 */
type CachedPage = { bodies: Record<Encoding, Buffer>; etag: string; scriptSource: string };

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('base64');

function cachedPage(html: string, script: string | undefined): CachedPage {
  const body = Buffer.from(html);
  return {
    bodies: compressForever(body),
    etag: sha256(body).slice(0, 27),
    scriptSource: script === undefined ? '' : ` 'sha256-${sha256(script)}'`,
  };
}

const CSP = 'Content-Security-Policy';

function sendCached(req: Request, res: Response, page: CachedPage, status: number): void {
  const nonceSource = ` 'nonce-${res.locals.nonce as string}'`;
  res.set(CSP, String(res.get(CSP)).replace(nonceSource, page.scriptSource));
  const encoding = acceptedEncodings(req)[0];
  const etag = `"${page.etag}${encoding === 'identity' ? '' : `-${encoding}`}"`;
  res.vary('Accept-Encoding').set('ETag', etag);
  if (encoding !== 'identity') res.set('Content-Encoding', encoding);
  if (matchesETag(req, etag)) return void res.status(304).end();
  const body = page.bodies[encoding];
  res
    .status(status)
    .type('html')
    .set('Content-Length', String(body.length))
    .end(req.method === 'HEAD' ? undefined : body);
}

export function createRenderer(config: {
  manifest: AssetManifest;
  publicUrl: string;
  apiBaseUrl: string;
  timeZone: string;
}): Renderer {
  const cache = new Map<string, CachedPage>();

  /** The page's HTML, and the text of its inline script. */
  function toHtml(
    req: Request,
    res: Response,
    nonce: string,
    page: ReactElement,
    options: RenderOptions,
  ): { html: string; script?: string } {
    // A firm member's request carries the firm's time zone and look (read once, before the pages).
    const firm = res.locals.firm as { timeZone: string; branding: PageBranding } | undefined;
    const context: RenderContextValue = {
      manifest: config.manifest,
      nonce,
      user: req.session?.user,
      csrfToken: csrfToken(req),
      flash: takeFlash(req),
      path: req.path,
      year: new Date().getFullYear(),
      publicUrl: config.publicUrl,
      apiBaseUrl: config.apiBaseUrl,
      timeZone: firm?.timeZone ?? config.timeZone,
      branding: firm?.branding,
      islands: [],
    };
    const Shell = options.layout === 'bare' ? BareLayout : Layout;
    const html = `<!DOCTYPE html>${renderToString(
      <RenderContext.Provider value={context}>
        <Document meta={options.meta}>
          <Shell>{page}</Shell>
        </Document>
      </RenderContext.Provider>,
    )}`;
    return { html, script: bootScript(context.islands, config.manifest) };
  }

  return (req, res, page, options) => {
    const signedIn = Boolean(req.session?.user);
    res.vary('Cookie');
    if (signedIn) res.set('Cache-Control', 'private, no-store');
    if (options.meta.noindex) res.set('X-Robots-Tag', 'noindex, nofollow');
    const status = options.status ?? 200;
    if (options.cacheable && !signedIn && !req.session?.flash) {
      const key = `${req.path}|${new Date().getFullYear()}`;
      let cached = cache.get(key);
      if (cached === undefined) {
        const { html, script } = toHtml(req, res, '', page, options);
        cached = cachedPage(html, script);
        cache.set(key, cached);
      }
      return sendCached(req, res, cached, status);
    }
    res
      .status(status)
      .type('html')
      .send(toHtml(req, res, res.locals.nonce as string, page, options).html);
  };
}
