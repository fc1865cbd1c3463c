import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RenderContext, type RenderContextValue } from '../../views/context';
import { Document, type PageMeta } from '../../views/Document';
import { BareLayout, Layout } from '../../views/layouts/Layout';
import type { AssetManifest } from './assets';
import { csrfToken } from './csrf';
import { takeFlash } from './flash';

export type RenderOptions = {
  meta: PageMeta;
  status?: number;
  /** '/' has no header; every other page has the full layout. */
  layout?: 'full' | 'bare';
  /** An anonymous page that is the same for everyone: rendered once, then served from memory. */
  cacheable?: boolean;
};

export type Renderer = (req: Request, res: Response, page: ReactElement, options: RenderOptions) => void;

/** Stands in for the per-request CSP nonce in cached pages; random, so no content can forge it. */
const NONCE_SLOT = `nonce-slot-${crypto.randomBytes(12).toString('hex')}`;

export function createRenderer(config: {
  manifest: AssetManifest;
  publicUrl: string;
  apiBaseUrl: string;
}): Renderer {
  /** Cached pages, split at the nonce slot: joining the parts with a nonce is cheaper than replacing. */
  const cache = new Map<string, string[]>();

  function toHtml(req: Request, nonce: string, page: ReactElement, options: RenderOptions): string {
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
      islands: [],
    };
    const Shell = options.layout === 'bare' ? BareLayout : Layout;
    return `<!DOCTYPE html>${renderToString(
      <RenderContext.Provider value={context}>
        <Document meta={options.meta}>
          <Shell>{page}</Shell>
        </Document>
      </RenderContext.Provider>,
    )}`;
  }

  return (req, res, page, options) => {
    const nonce = res.locals.nonce as string;
    const signedIn = Boolean(req.session?.user);
    let html: string;
    if (options.cacheable && !signedIn && !req.session?.flash) {
      const key = `${req.path}|${new Date().getFullYear()}`;
      let parts = cache.get(key);
      if (parts === undefined) {
        parts = toHtml(req, NONCE_SLOT, page, options).split(NONCE_SLOT);
        cache.set(key, parts);
      }
      html = parts.join(nonce);
    } else {
      html = toHtml(req, nonce, page, options);
    }
    res.vary('Cookie');
    if (signedIn) res.set('Cache-Control', 'private, no-store');
    if (options.meta.noindex) res.set('X-Robots-Tag', 'noindex, nofollow');
    res
      .status(options.status ?? 200)
      .type('html')
      .send(html);
  };
}
