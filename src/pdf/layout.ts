/**
 * Text on PDF pages: lines wrapped to a width, and a flow that writes them down US Letter pages, starting
 * a new page when one is full. pdf-lib draws single lines only; this is the little typesetting it lacks.
 */
import { type Color, type PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import type { Fonts } from './fonts';

/** US Letter, in points (1/72 inch). */
export const LETTER: [width: number, height: number] = [612, 792];
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.38, 0.4, 0.45);

/** Tabs as spaces, Windows line ends as one, and no control characters (they have no glyph). */
export const cleanText = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '');

/**
 * The text's lines at this size, none wider than `width`; a paragraph break stays an empty line. Widths
 * add up word by word (pdf-lib applies no kerning), so each word is measured once.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const measure = (part: string) => font.widthOfTextAtSize(part, size);
  const space = measure(' ');
  const lines: string[] = [];
  for (const paragraph of cleanText(text).split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (let word of paragraph.split(/ +/).filter(Boolean)) {
      let wordWidth = measure(word);
      if (line && lineWidth + space + wordWidth <= width) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the line (a long URL, an account number) is broken where it must be.
      while (wordWidth > width && word.length > 1) {
        let cut = word.length - 1;
        while (cut > 1 && measure(word.slice(0, cut)) > width) cut--;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
        wordWidth = measure(word);
      }
      line = word;
      lineWidth = wordWidth;
    }
    lines.push(line);
  }
  return lines;
}

export type TextStyle = {
  size?: number;
  bold?: boolean;
  color?: Color;
  /** From the left margin. */
  indent?: number;
  align?: 'left' | 'center' | 'right';
  /** Line height as a multiple of the size. */
  leading?: number;
};

/** Writes text down the pages from the top margin, adding a page whenever the next line would not fit. */
export class TextFlow {
  page!: PDFPage;
  /** The baseline position of the next line's top, from the page's bottom. */
  y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
    private readonly options: {
      margin?: number;
      /** Room kept free at the bottom (the footer's). */
      bottom?: number;
      size?: [number, number];
      /** Draws what each new page carries (a running header) and may move `y` below it. */
      onPage?: (flow: TextFlow) => void;
    } = {},
  ) {}

  get margin() {
    return this.options.margin ?? 54;
  }
  get width() {
    return this.page.getWidth() - 2 * this.margin;
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage(this.options.size ?? LETTER);
    this.y = this.page.getHeight() - this.margin;
    this.options.onPage?.(this);
    return this.page;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number) {
    if (!this.page || this.y - height < (this.options.bottom ?? this.margin)) this.newPage();
  }

  space(height: number) {
    this.y -= height;
  }

  write(text: string, style: TextStyle = {}) {
    const size = style.size ?? 11;
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    const indent = style.indent ?? 0;
    const lineHeight = size * (style.leading ?? 1.35);
    if (!this.page) this.newPage();
    for (const line of wrapText(text, font, size, this.width - indent)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      if (!line) continue;
      const lineWidth = font.widthOfTextAtSize(line, size);
      const free = this.width - indent - lineWidth;
      const x =
        this.margin + indent + (style.align === 'center' ? free / 2 : style.align === 'right' ? free : 0);
      this.page.drawText(line, { x, y: this.y + size * 0.25, size, font, color: style.color ?? INK });
    }
  }

  /** A thin rule across the text width. */
  rule(thickness = 0.75, color: Color = MUTED) {
    this.ensure(8);
    this.y -= 4;
    this.page.drawLine({
      start: { x: this.margin, y: this.y },
      end: { x: this.page.getWidth() - this.margin, y: this.y },
      thickness,
      color,
    });
    this.y -= 4;
  }
}
