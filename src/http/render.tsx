import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { RenderContext, type RenderContextValue } from '../../views/context';
import { bootScript, Document, type PageMeta } from '../../views/Document';
import { BareLayout, Layout } from '../../views/layouts/Layout';
import { type AssetManifest, matchesETag } from './assets';
import { acceptedEncodings, compressForever, type Encoding } from './compression';
import { csrfToken } from './csrf';
import type { RequestLog } from './request-log';
import type { SecurityHeaders } from './security';
import { takeFlash } from './flash';
import type { MenuItem } from '../shared/constants';
import type { Role } from '../shared/session';
import { I18nextProvider } from 'react-i18next';
import { i18nFor } from '../shared/i18n';
import type { Language } from '../shared/people';

export type RenderOptions = {
  meta: PageMeta;
  status?: number;
  /** '/' has no header; every other page has the full layout. */
  layout?: 'full' | 'bare';
  /** An anonymous page that is the same for everyone: rendered and compressed once, then served from memory. */
  cacheable?: boolean;
  /** The language the page speaks (a client's portal, in theirs); English by default. */
  language?: Language;
};

export type Renderer = ((req: Request, res: Response, page: ReactElement, options: RenderOptions) => void) & {
  /**
   * Answers a GET of an anonymous page already kept in memory, on Node's own request before Express sees
   * it: no session is read and no route is matched. Answers false for anything else (a query, a session
   * cookie, a page not kept), which then goes to Express.
   */
  fromMemory(options: {
    sessionCookie: string;
    security: SecurityHeaders;
    log: RequestLog;
  }): (req: IncomingMessage, res: ServerResponse) => boolean;
};

/**
 * A page kept as bytes, in every encoding, with a strong ETag. It carries no nonce (that would make every
 * copy unique): its CSP allows its one inline script by hash instead.
 */
type CachedPage = {
  bodies: Record<Encoding, Buffer>;
  etag: string;
  scriptSource: string;
  status: number;
  noindex: boolean;
};

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('base64');

function cachedPage(html: string, script: string | undefined, status: number, noindex: boolean): CachedPage {
  const body = Buffer.from(html);
  return {
    bodies: compressForever(body),
    etag: sha256(body).slice(0, 27),
    scriptSource: script === undefined ? '' : ` 'sha256-${sha256(script)}'`,
    status,
    noindex,
  };
}

const CSP = 'Content-Security-Policy';

/**
 * A kept page's answer in one encoding: its headers and those of a 304, as Node's flat [name, value, …]
 * list (written without a per-header step), the request's ID going in the last value.
 */
type PreparedAnswer = { etag: string; headers: string[]; notModified: string[] };

const etagOf = (page: CachedPage, encoding: Encoding) =>
  `"${page.etag}${encoding === 'identity' ? '' : `-${encoding}`}"`;

function prepareAnswers(
  page: CachedPage,
  security: Array<[string, string]>,
): Record<Encoding, PreparedAnswer> {
  const prepare = (encoding: Encoding): PreparedAnswer => {
    const etag = etagOf(page, encoding);
    const common = [
      ...security.flat(),
      'Vary',
      'Cookie, Accept-Encoding',
      'ETag',
      etag,
      ...(page.noindex ? ['X-Robots-Tag', 'noindex, nofollow'] : []),
    ];
    const body = [
      'Content-Type',
      'text/html; charset=utf-8',
      'Content-Length',
      String(page.bodies[encoding].length),
      ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
    ];
    return {
      etag,
      headers: [...common, ...body, 'X-Request-Id', ''],
      notModified: [...common, 'X-Request-Id', ''],
    };
  };
  return { br: prepare('br'), gzip: prepare('gzip'), identity: prepare('identity') };
}

function sendCached(req: Request, res: Response, page: CachedPage): void {
  res.vary('Cookie');
  if (page.noindex) res.set('X-Robots-Tag', 'noindex, nofollow');
  const nonceSource = ` 'nonce-${res.locals.nonce as string}'`;
  res.set(CSP, String(res.get(CSP)).replace(nonceSource, page.scriptSource));
  const encoding = acceptedEncodings(req)[0];
  const etag = etagOf(page, encoding);
  res.vary('Accept-Encoding').set('ETag', etag);
  if (encoding !== 'identity') res.set('Content-Encoding', encoding);
  if (matchesETag(req, etag)) return void res.status(304).end();
  const body = page.bodies[encoding];
  res
    .status(page.status)
    .type('html')
    .set('Content-Length', String(body.length))
    .end(req.method === 'HEAD' ? undefined : body);
}

export function createRenderer(config: {
  manifest: AssetManifest;
  publicUrl: string;
  apiBaseUrl: string;
  timeZone: string;
  /** Each signed-in area's menu, from the declared pages (src/menus.ts). */
  menus: Record<Role, MenuItem[]>;
}): Renderer {
  const cache = new Map<string, CachedPage>();
  // A new year changes the footer's copyright line: the pages of the year before are not served.
  const keyOf = (path: string) => `${path}|${new Date().getFullYear()}`;

  /** The page's HTML, and the text of its inline script. */
  function toHtml(
    req: Request,
    nonce: string,
    page: ReactElement,
    options: RenderOptions,
  ): { html: string; script?: string } {
    // A firm member's request carries the firm's time zone and look (read once, before the pages).
    const firm = req.context?.firm;
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
      menu: req.session?.user ? config.menus[req.session.user.role] : undefined,
      language: options.language ?? req.session?.user?.language ?? req.session?.mfa?.language ?? 'en',
      islands: [],
    };
    const Shell = options.layout === 'bare' ? BareLayout : Layout;
    const html = `<!DOCTYPE html>${renderToString(
      <RenderContext.Provider value={context}>
        <I18nextProvider i18n={i18nFor(context.language)}>
          <Document meta={options.meta}>
            <Shell>{page}</Shell>
          </Document>
        </I18nextProvider>
      </RenderContext.Provider>,
    )}`;
    return { html, script: bootScript(context.islands, config.manifest) };
  }

  const render = (req: Request, res: Response, page: ReactElement, options: RenderOptions) => {
    const signedIn = Boolean(req.session?.user);
    res.vary('Cookie');
    if (signedIn) res.set('Cache-Control', 'private, no-store');
    if (options.meta.noindex) res.set('X-Robots-Tag', 'noindex, nofollow');
    const status = options.status ?? 200;
    if (options.cacheable && !signedIn && !req.session?.flash) {
      const key = keyOf(req.path);
      let cached = cache.get(key);
      if (cached === undefined) {
        const { html, script } = toHtml(req, '', page, options);
        cached = cachedPage(html, script, status, Boolean(options.meta.noindex));
        cache.set(key, cached);
      }
      return sendCached(req, res, cached);
    }
    res
      .status(status)
      .type('html')
      .send(toHtml(req, res.locals.nonce as string, page, options).html);
  };

  const memory: Renderer['fromMemory'] = ({ sessionCookie, security, log }) => {
    const cookie = `${sessionCookie}=`;
    // Every header of a kept page in each encoding, worked out once: a request only picks its set.
    const prepared = new WeakMap<CachedPage, Record<Encoding, PreparedAnswer>>();
    const preparedOf = (page: CachedPage) => {
      let answers = prepared.get(page);
      if (!answers)
        prepared.set(page, (answers = prepareAnswers(page, security.forScript(page.scriptSource))));
      return answers;
    };
    return (req, res) => {
      const { method, url } = req;
      if ((method !== 'GET' && method !== 'HEAD') || !url || url.includes('?')) return false;
      if (req.headers.cookie?.includes(cookie)) return false;
      const cached = cache.get(keyOf(url));
      if (!cached) return false;
      const id = log.begin(req, res);
      const encoding = acceptedEncodings(req)[0];
      const answer = preparedOf(cached)[encoding];
      // The lists are written out at once (writeHead is synchronous): the ID goes in just before.
      if (matchesETag(req, answer.etag)) {
        answer.notModified[answer.notModified.length - 1] = id;
        res.writeHead(304, answer.notModified).end();
        return true;
      }
      answer.headers[answer.headers.length - 1] = id;
      res.writeHead(cached.status, answer.headers);
      res.end(method === 'HEAD' ? undefined : cached.bodies[encoding]);
      return true;
    };
  };

  return Object.assign(render, { fromMemory: memory });
}
