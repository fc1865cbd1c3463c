import fs from 'node:fs';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import { PUBLIC_BUILD_DIR } from '../paths';
import { acceptedEncodings, type Encoding } from './compression';
import { HttpError } from './errors';

/** What the build wrote: hashed file names of the island runtime, each island, the stylesheet and the icons. */
export type AssetManifest = {
  runtime: string;
  hydrate: string;
  css: string;
  icons: { svg: string; ico: string };
  islands: Record<string, { file: string; imports: string[] }>;
};

export const ASSETS_URL = '/assets';

export function readManifest(dir = PUBLIC_BUILD_DIR): AssetManifest {
  const file = path.join(dir, 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No asset manifest at ${file}: run "npm run build" first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AssetManifest;
}

/** A built file with the compressed copies the build made beside it (FILE.br, FILE.gz), if any. */
type AssetFile = { name: string; bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer } };

/** A hashed name's content never changes: browsers and proxies may keep it for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Names made by the build: no path separators, no dot files, not the compressed copies themselves. */
const ASSET_NAME = /^[\w-][\w.-]*$/;

async function readAsset(dir: string, name: string): Promise<AssetFile | undefined> {
  const read = (file: string) => fs.promises.readFile(path.join(dir, file)).catch(() => undefined);
  const [identity, br, gzip] = await Promise.all([read(name), read(`${name}.br`), read(`${name}.gz`)]);
  return identity && { name, bodies: { identity, br, gzip } };
}

/**
 * The build's files from `dir`, each read from disk once and then served from memory (they are small,
 * and a hashed name never changes content), in the best encoding the browser takes that the build made.
 */
export function assetFiles(dir = path.join(PUBLIC_BUILD_DIR, ASSETS_URL)) {
  const files = new Map<string, Promise<AssetFile | undefined>>();
  const load = (name: string) => {
    let file = files.get(name);
    if (!file) {
      file = readAsset(dir, name);
      files.set(name, file);
      // Only files that exist stay known, so requests for made-up names cannot fill the memory.
      void file.then((found) => found || files.delete(name));
    }
    return file;
  };

  const serve =
    (nameOf: (req: Request) => string, cacheControl: string): RequestHandler =>
    async (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const name = nameOf(req);
      const file = ASSET_NAME.test(name) && !/\.(br|gz)$/.test(name) ? await load(name) : undefined;
      if (!file) return next(new HttpError(404, 'Not found.'));
      send(req, res, file, cacheControl);
    };

  return {
    /** Mounted at ASSETS_URL: every hashed file, kept by browsers for a year. */
    hashed: serve((req) => req.path.slice(1), IMMUTABLE),
    /**
     * A built file at a fixed address that browsers ask for by name (/favicon.ico): kept a week, since a
     * new build may change what the address holds.
     */
    fixed: (url: string) => serve(() => url.slice(ASSETS_URL.length + 1), 'public, max-age=604800'),
  };
}

function send(req: Request, res: Response, file: AssetFile, cacheControl: string): void {
  const { bodies } = file;
  const encoding = acceptedEncodings(req).find((e) => bodies[e]) ?? 'identity';
  const body = bodies[encoding] ?? bodies.identity;
  const etag = `"${file.name}${encoding === 'identity' ? '' : `.${encoding}`}"`;
  res.type(path.extname(file.name));
  res.set({ 'Cache-Control': cacheControl, ETag: etag });
  if (bodies.br || bodies.gzip) res.vary('Accept-Encoding');
  if (encoding !== 'identity') res.set('Content-Encoding', encoding);
  if (matchesETag(req, etag)) return void res.status(304).end();
  res.set('Content-Length', String(body.length)).end(req.method === 'HEAD' ? undefined : body);
}

/** If-None-Match holds this representation's tag (compared weakly, as RFC 9110 asks), or "*". */
export function matchesETag(req: Pick<Request, 'headers'>, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}
