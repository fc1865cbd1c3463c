/**
 * The fonts every generated PDF and image writes with: DejaVu Sans (committed beside this file, and copied
 * into the production image), because the standard PDF fonts cannot encode names like Nguyễn or Wiśniewski.
 */
import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@cantoo/fontkit';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import { ROOT_DIR } from '../paths';

export const FONT_DIR = path.join(ROOT_DIR, 'src', 'pdf', 'fonts');
export const FONT_FILES = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
} as const;

export type Fonts = { regular: PDFFont; bold: PDFFont };

let files: { regular: Buffer; bold: Buffer } | undefined;

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Font = { layout(text: string, features?: unknown): unknown; glyphsForString(text: string): unknown[] };

/** Scripts written letter by letter (Latin, Greek, Cyrillic, Vietnamese, punctuation): no shaping needed. */
const UNSHAPED = /^[\u0000-\u058f\u1e00-\u1fff\u2000-\u2bff]*$/;

/**
 * fontkit shapes every string pdf-lib measures or draws (about 0.5 ms for a line, so seconds for a few
 * documents), yet pdf-lib keeps only the glyphs, not their positions. For scripts drawn letter by letter the
 * font's character map gives the same glyphs ten times faster, without ligatures, which also keeps the
 * text read back from the page as written ("office", not "o\ufb03ce"). Other scripts are still shaped.
 */
function unshaped(font: Font): Font {
  return new Proxy(font, {
    get: (target, property) =>
      property === 'layout'
        ? (text: string, features?: unknown) =>
            UNSHAPED.test(text) ? { glyphs: target.glyphsForString(text) } : target.layout(text, features)
        : Reflect.get(target, property),
  });
}

/** pdf-lib parses the whole font file again for every document: one parse per file serves them all. */
const parsed = new Map<Uint8Array, ReturnType<Fontkit['create']>>();
const cachingFontkit: Fontkit = {
  create(buffer) {
    let font = parsed.get(buffer);
    if (!font) parsed.set(buffer, (font = unshaped(fontkit.create(buffer) as unknown as Font) as never));
    return font;
  },
};

/** Embeds the regular and bold faces, subset to the glyphs the document uses (a page of text: about 15 KB). */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  files ??= { regular: fs.readFileSync(FONT_FILES.regular), bold: fs.readFileSync(FONT_FILES.bold) };
  doc.registerFontkit(cachingFontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(files.regular, { subset: true }),
    doc.embedFont(files.bold, { subset: true }),
  ]);
  return { regular, bold };
}

/**
 * The regular face embedded whole, for form fields: a reader redraws a field the person edits with the font
 * the form names, so it must hold every glyph, not only those of the text written so far.
 */
export async function embedFieldFont(doc: PDFDocument): Promise<PDFFont> {
  files ??= { regular: fs.readFileSync(FONT_FILES.regular), bold: fs.readFileSync(FONT_FILES.bold) };
  doc.registerFontkit(cachingFontkit);
  return doc.embedFont(files.regular, { subset: false });
}
