import type { DOMPurify } from 'dompurify';
import type { JSDOM } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** References that stay inside the file: a fragment (#id), or an embedded raster image. */
const INTERNAL_REFERENCE = /^\s*(#|data:image\/(png|jpeg|gif|webp);base64,)/i;
/** A CSS url(…) that points anywhere but at a fragment of this file. */
const EXTERNAL_CSS_URL = /url\(\s*(?!['"]?\s*#)[^)]*\)/gi;
const CSS_IMPORT = /@import[^;]*;?/gi;

const withoutExternalCss = (css: string) => css.replace(CSS_IMPORT, '').replace(EXTERNAL_CSS_URL, 'none');

/** A logo is a few hundred shapes: these bounds keep the sanitizer's work small whatever the file. */
export const SVG_LIMITS = { elements: 5000, depth: 40 };

/** Why an SVG is refused before it is parsed: what it holds has no place in a logo. */
export type SvgShapeRefusal = 'cdata' | 'instruction' | 'css-escape' | 'complex';

/** A start or end tag (its attributes, quoted values kept whole), or a comment. */
const TAG = /<!--[\s\S]*?-->|<(\/?)([A-Za-z_][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
/** The XML declaration, the one <?…?> a logo may start with. */
const XML_DECLARATION = /^\s*<\?xml\s[^?]*\?>/;

/**
 * Checks in one pass over the text, before any parser sees it, what the sanitizer should never have to
 * handle: CDATA sections and processing instructions (other than the XML declaration), CSS escapes in
 * attributes or a <style> (`u\72l(…)` is `url(…)`, which the sanitizer's patterns would not recognize),
 * and more elements or deeper nesting than a logo has (the sanitizer's time grows fast with both).
 */
export function svgShapeRefusal(text: string): SvgShapeRefusal | undefined {
  if (text.includes('<![CDATA[')) return 'cdata';
  if (text.replace(XML_DECLARATION, '').includes('<?')) return 'instruction';
  let depth = 0;
  let elements = 0;
  let styleFrom = -1;
  for (const match of text.matchAll(TAG)) {
    const [tag, closing, name, attributes = ''] = match;
    if (!name) continue;
    const selfClosing = tag.endsWith('/>');
    if (closing) {
      if (
        name.toLowerCase() === 'style' &&
        styleFrom >= 0 &&
        text.slice(styleFrom, match.index).includes('\\')
      )
        return 'css-escape';
      depth--;
      continue;
    }
    if (attributes.includes('\\')) return 'css-escape';
    elements++;
    if (!selfClosing) depth++;
    if (name.toLowerCase() === 'style' && !selfClosing) styleFrom = match.index + tag.length;
    if (elements > SVG_LIMITS.elements || depth > SVG_LIMITS.depth) return 'complex';
  }
  return undefined;
}

type Sanitizer = { window: JSDOM['window']; purify: DOMPurify };
let sanitizer: Promise<Sanitizer> | undefined;

/**
 * DOMPurify over a jsdom window, made once. DOMPurify's SVG profile removes scripts, event handlers,
 * foreignObject and javascript: URLs; the hooks below also drop every reference that would leave the
 * file (href to anything but #id or an embedded image, CSS url() and @import), so the logo loads
 * nothing from elsewhere even when opened on its own. <use> is allowed back: with its references held
 * inside the file it can only repeat the file's own, sanitized, shapes.
 */
function sanitizerOf(): Promise<Sanitizer> {
  sanitizer ??= makeSanitizer();
  return sanitizer;
}

/** Loaded on the first SVG: jsdom takes about a second to load, which no start-up should wait for. */
async function makeSanitizer(): Promise<Sanitizer> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === 'href' || name === 'xlink:href') && !INTERNAL_REFERENCE.test(data.attrValue))
      data.keepAttr = false;
    else if (name === 'style') data.attrValue = withoutExternalCss(data.attrValue);
    else if (/url\(/i.test(data.attrValue) && data.attrValue.replace(EXTERNAL_CSS_URL, '') !== data.attrValue)
      data.keepAttr = false;
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = withoutExternalCss(node.textContent);
  });
  return { window, purify };
}

/**
 * The SVG file as a safe SVG document (UTF-8 text), or undefined when it is not one: not well-formed XML,
 * no <svg> root in the SVG namespace, or nothing left once sanitized.
 */
export async function sanitizeSvg(bytes: Buffer): Promise<string | undefined> {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  // An entity declaration has no place in a logo, and refusing it rules out entity-expansion tricks.
  if (/<!ENTITY/i.test(text)) return undefined;
  const { window, purify } = await sanitizerOf();
  const parsed = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root?.localName !== 'svg' || root.namespaceURI !== SVG_NS) return undefined;
  const body = purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    RETURN_DOM: true,
  });
  const svg = (body as unknown as Element).firstElementChild;
  if (svg?.localName !== 'svg' || svg.namespaceURI !== SVG_NS) return undefined;
  const clean = new window.XMLSerializer().serializeToString(svg);
  // What is stored must itself parse as SVG: the image the browser is given is well-formed.
  const check = new window.DOMParser().parseFromString(clean, 'image/svg+xml').documentElement;
  return check?.localName === 'svg' && check.namespaceURI === SVG_NS ? clean : undefined;
}
