import type { ReactNode } from 'react';
import type { AssetManifest } from '../src/http/assets';
import { PRODUCT_NAME } from '../src/shared/constants';
import { type IslandUse, useRenderContext } from './context';

export type PageMeta = {
  title: string;
  description: string;
  /** Path of the canonical page, when it differs from the page's own path. */
  canonicalPath?: string;
  /** Keep the page out of search engines (private areas, sign-in). */
  noindex?: boolean;
  /** Structured data for search engines; a function gets the site's public address (PUBLIC_URL). */
  jsonLd?: object | ((publicUrl: string) => object);
};

/** JSON for a <script> body: '<' and the two JS line separators are escaped so nothing can close it. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export function Document({ meta, children }: { meta: PageMeta; children: ReactNode }) {
  const { manifest, csrfToken, path, publicUrl, branding, language } = useRenderContext();
  const canonical = `${publicUrl}${meta.canonicalPath ?? path}`;
  const title = meta.title === PRODUCT_NAME ? meta.title : `${meta.title} | ${PRODUCT_NAME}`;
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        {meta.noindex ? (
          <meta name="robots" content="noindex, nofollow" />
        ) : (
          <>
            <link rel="canonical" href={canonical} />
            <meta property="og:type" content="website" />
            <meta property="og:site_name" content={PRODUCT_NAME} />
            <meta property="og:title" content={title} />
            <meta property="og:description" content={meta.description} />
            <meta property="og:url" content={canonical} />
            <meta name="twitter:card" content="summary" />
          </>
        )}
        {csrfToken && <meta name="csrf-token" content={csrfToken} />}
        <link rel="stylesheet" href={manifest.css} />
        {/* The firm's colors, after the product's so they win; a file, so the CSP needs no inline style. */}
        {branding && <link rel="stylesheet" href={branding.themeHref} />}
        {/* Browsers that draw SVG icons take the SVG; the sizes on the ICO keep Chrome from preferring it. */}
        <link rel="icon" href={manifest.icons.ico} sizes="32x32" />
        <link rel="icon" href={manifest.icons.svg} type="image/svg+xml" />
        {meta.jsonLd && (
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{
              __html: scriptJson(typeof meta.jsonLd === 'function' ? meta.jsonLd(publicUrl) : meta.jsonLd),
            }}
          />
        )}
      </head>
      <body>
        {children}
        <IslandBoot />
      </body>
    </html>
  );
}

/**
 * The text of the page's one inline script, which imports the runtime and names only the islands used; none
 * for a page without islands. The renderer hashes the same text for the CSP of pages it caches.
 */
export function bootScript(islands: IslandUse[], manifest: AssetManifest): string | undefined {
  if (islands.length === 0) return undefined;
  const names = [...new Set(islands.map((i) => i.name))];
  const boot = {
    hydrate: manifest.hydrate,
    islands: Object.fromEntries(names.map((n) => [n, manifest.islands[n].file])),
  };
  return `import{boot}from${scriptJson(manifest.runtime)};boot(${scriptJson(boot)})`;
}

/**
 * The boot script, rendered last, after every island of the page has recorded itself. A cached page has
 * no nonce: its CSP names the script's hash instead.
 */
function IslandBoot() {
  const { islands, manifest, nonce } = useRenderContext();
  const script = bootScript(islands, manifest);
  if (script === undefined) return null;
  // Islands that hydrate at once are preloaded; the others load on their trigger, keeping first paint light.
  const eager = islands.filter((i) => i.trigger === 'load').map((i) => manifest.islands[i.name]);
  const preload = [
    ...new Set(eager.flatMap((i) => [i.file, ...i.imports]).concat(eager.length ? [manifest.hydrate] : [])),
  ];
  return (
    <>
      {preload.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script type="module" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: script }} />
    </>
  );
}
