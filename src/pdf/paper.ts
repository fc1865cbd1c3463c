/**
 * A "paper": a simple document described once as blocks (centred headings, paragraphs, labelled fields,
 * tables) and written out as a text PDF, a scanned page (PNG or JPEG, large clear type so OCR reads it) or
 * a Word document. The demo data's passports, notices and letters are papers.
 */
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import { AlignmentType, BorderStyle, Document, Packer, Paragraph, TextRun } from 'docx';
import { embedFonts, FONT_FILES } from './fonts';
import { INK, MUTED, TextFlow, wrapText } from './layout';

export type Block =
  /** Centred lines. */
  | { type: 'center'; text: string; size?: number; bold?: boolean }
  /** A band of colour across the page with white text. */
  | { type: 'banner'; text: string }
  | { type: 'heading'; text: string }
  | { type: 'text'; text: string; size?: number; bold?: boolean; indent?: number }
  /** "Label: value" pairs, in one or two columns (always one on a scan). */
  | { type: 'fields'; rows: Array<[label: string, value: string]>; columns?: 1 | 2 }
  /** Columns as fractions of the width; numbers in the columns listed in `right` align right. */
  | { type: 'table'; head: string[]; rows: string[][]; widths: number[]; right?: number[] }
  /** Machine-readable lines (a passport's zone), in larger type. */
  | { type: 'code'; lines: string[] }
  | { type: 'rule' }
  | { type: 'space'; size?: number }
  /** A new page (PDF and Word only: a scan is one page). */
  | { type: 'page' };

export type Paper = {
  /** The document's title in its properties. */
  title: string;
  /** Who issued it: its author in its properties. */
  issuer: string;
  /** ISO date: when it was made (its properties' creation date, so the same paper gives the same bytes). */
  date: string;
  /** Printed at the foot of every page, with "Page n of N". */
  footer?: string;
  blocks: Block[];
};

const ACCENT = rgb(0.12, 0.25, 0.45);
const instant = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

export async function paperPdf(paper: Paper): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const flow = new TextFlow(doc, fonts, { margin: 54, bottom: 60 });
  flow.newPage();
  for (const block of paper.blocks) {
    switch (block.type) {
      case 'center':
        flow.write(block.text, { size: block.size ?? 11, bold: block.bold, align: 'center' });
        break;
      case 'banner': {
        flow.ensure(30);
        flow.space(24);
        const { page, margin, width } = flow;
        page.drawRectangle({ x: margin, y: flow.y, width, height: 22, color: ACCENT });
        const size = 11;
        const textWidth = fonts.bold.widthOfTextAtSize(block.text, size);
        page.drawText(block.text, {
          x: margin + (width - textWidth) / 2,
          y: flow.y + 7,
          size,
          font: fonts.bold,
          color: rgb(1, 1, 1),
        });
        flow.space(6);
        break;
      }
      case 'heading':
        flow.ensure(40);
        flow.space(6);
        flow.write(block.text, { size: 12, bold: true, color: ACCENT });
        break;
      case 'text':
        flow.write(block.text, { size: block.size ?? 10.5, bold: block.bold, indent: block.indent });
        flow.space(4);
        break;
      case 'fields':
        pdfFields(flow, block.rows, block.columns ?? 1);
        break;
      case 'table':
        pdfTable(flow, block);
        break;
      case 'code':
        flow.space(8);
        for (const line of block.lines) flow.write(line, { size: 10.5, leading: 1.6 });
        break;
      case 'rule':
        flow.rule();
        break;
      case 'space':
        flow.space(block.size ?? 10);
        break;
      case 'page':
        flow.newPage();
        break;
    }
  }
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const label = [paper.footer, `Page ${i + 1} of ${pages.length}`].filter(Boolean).join('    ');
    page.drawText(label, { x: 54, y: 30, size: 8, font: fonts.regular, color: MUTED });
  });
  doc.setTitle(paper.title);
  doc.setAuthor(paper.issuer);
  doc.setCreator(paper.issuer);
  doc.setProducer('Reti Immigration demo data');
  doc.setCreationDate(instant(paper.date));
  doc.setModificationDate(instant(paper.date));
  return doc.save();
}

/** Each pair on one line, "Label:" bold then its value, wrapped within its column. */
function pdfFields(flow: TextFlow, rows: Array<[string, string]>, columns: 1 | 2) {
  const size = 10;
  const leading = 14;
  const gap = 18;
  const columnWidth = (flow.width - (columns - 1) * gap) / columns;
  for (let i = 0; i < rows.length; i += columns) {
    const line = rows.slice(i, i + columns).map(([label, value]) => {
      const labelText = `${label}:`;
      const labelWidth = flow.fonts.bold.widthOfTextAtSize(labelText, size) + 5;
      return {
        labelText,
        labelWidth,
        lines: wrapText(value, flow.fonts.regular, size, columnWidth - labelWidth),
      };
    });
    const height = Math.max(...line.map((cell) => cell.lines.length)) * leading + 3;
    flow.ensure(height);
    line.forEach((cell, column) => {
      const x = flow.margin + column * (columnWidth + gap);
      const y = flow.y - leading + 3;
      flow.page.drawText(cell.labelText, { x, y, size, font: flow.fonts.bold, color: INK });
      cell.lines.forEach((text, n) =>
        flow.page.drawText(text, {
          x: x + cell.labelWidth,
          y: y - n * leading,
          size,
          font: flow.fonts.regular,
          color: INK,
        }),
      );
    });
    flow.space(height);
  }
}

function pdfTable(flow: TextFlow, table: Extract<Block, { type: 'table' }>) {
  const size = 9.5;
  const leading = 14;
  const row = (cells: string[], bold: boolean) => {
    flow.ensure(leading + 2);
    flow.space(leading);
    let x = flow.margin;
    cells.forEach((cell, i) => {
      const width = table.widths[i] * flow.width;
      const font = bold ? flow.fonts.bold : flow.fonts.regular;
      const [text = ''] = wrapText(cell, font, size, width - 6);
      const right = table.right?.includes(i);
      const textX = right ? x + width - 6 - font.widthOfTextAtSize(text, size) : x;
      flow.page.drawText(text, { x: textX, y: flow.y + 4, size, font, color: INK });
      x += width;
    });
  };
  row(table.head, true);
  flow.rule(0.5);
  for (const cells of table.rows) row(cells, false);
  flow.space(6);
}

/** The scans' type: DejaVu Sans, registered with the canvas once. */
const SCAN_FONT = 'DejaVu Sans Demo';
let fontsRegistered = false;

/** A scan at 150 dots per inch: US Letter's width, as tall as its content. */
const SCAN = { width: 1275, margin: 90, size: 27, leading: 1.45 };

/**
 * The page as a scanner would give it, in type large enough for OCR: one page, one column. Its paper is a
 * shade off white and its ink a shade off black, as scans are.
 */
export async function paperScan(paper: Paper, format: 'png' | 'jpeg'): Promise<Uint8Array> {
  if (!fontsRegistered) {
    GlobalFonts.registerFromPath(FONT_FILES.regular, SCAN_FONT);
    GlobalFonts.registerFromPath(FONT_FILES.bold, SCAN_FONT);
    fontsRegistered = true;
  }
  const measure = createCanvas(10, 10).getContext('2d');
  const height = Math.ceil(drawScan(measure, paper, false) + SCAN.margin);
  const canvas = createCanvas(SCAN.width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fbfaf6';
  context.fillRect(0, 0, SCAN.width, height);
  drawScan(context, paper, true);
  // Encoded synchronously: @napi-rs/canvas's async encode can crash the process under GC pressure.
  return format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 80);
}

/** Lays the paper out (and draws it when `draw`); gives the height it took. */
function drawScan(context: SKRSContext2D, paper: Paper, draw: boolean): number {
  const width = SCAN.width - 2 * SCAN.margin;
  let y = SCAN.margin;
  const font = (size: number, bold = false) => `${bold ? 'bold ' : ''}${size}px "${SCAN_FONT}"`;
  const wrap = (text: string, maxWidth: number) => {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && context.measureText(candidate).width > maxWidth) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    return lines;
  };
  const write = (
    text: string,
    size: number,
    options: { bold?: boolean; center?: boolean; x?: number } = {},
  ) => {
    context.font = font(size, options.bold);
    const x = SCAN.margin + (options.x ?? 0);
    for (const line of wrap(text, width - (options.x ?? 0))) {
      y += size * SCAN.leading;
      if (!draw) continue;
      context.fillStyle = '#1c1c1c';
      const lineX = options.center ? (SCAN.width - context.measureText(line).width) / 2 : x;
      context.fillText(line, lineX, y);
    }
  };
  for (const block of paper.blocks) {
    switch (block.type) {
      case 'center':
        write(block.text, Math.round(SCAN.size * ((block.size ?? 11) / 11)), {
          bold: block.bold,
          center: true,
        });
        break;
      case 'banner':
        y += 24;
        if (draw) {
          context.fillStyle = '#24406a';
          context.fillRect(SCAN.margin, y, width, SCAN.size * 1.9);
          context.font = font(SCAN.size, true);
          context.fillStyle = '#ffffff';
          const textWidth = context.measureText(block.text).width;
          context.fillText(block.text, (SCAN.width - textWidth) / 2, y + SCAN.size * 1.3);
        }
        y += SCAN.size * 1.9 + 8;
        break;
      case 'heading':
        y += 14;
        write(block.text, SCAN.size + 2, { bold: true });
        break;
      case 'text':
        write(block.text, SCAN.size, { bold: block.bold, x: block.indent ? block.indent * 2 : 0 });
        break;
      case 'fields':
        for (const [label, value] of block.rows) write(`${label}: ${value}`, SCAN.size);
        break;
      case 'table': {
        const row = (cells: string[], bold: boolean) => {
          y += SCAN.size * SCAN.leading;
          if (!draw) return;
          context.font = font(SCAN.size - 4, bold);
          context.fillStyle = '#1c1c1c';
          let x = SCAN.margin;
          cells.forEach((text, i) => {
            const cellWidth = block.widths[i] * width;
            // A cell keeps to its column: what does not fit ends in an ellipsis.
            let cell = text;
            while (cell.length > 1 && context.measureText(cell).width > cellWidth - 12)
              cell = cell.slice(0, -2) + '…';
            const right = block.right?.includes(i);
            const textX = right ? x + cellWidth - 12 - context.measureText(cell).width : x;
            context.fillText(cell, textX, y);
            x += cellWidth;
          });
        };
        row(block.head, true);
        for (const cells of block.rows) row(cells, false);
        y += 10;
        break;
      }
      case 'code':
        y += 16;
        for (const line of block.lines) write(line, SCAN.size);
        break;
      case 'rule':
        y += 16;
        if (draw) {
          context.fillStyle = '#6b6f78';
          context.fillRect(SCAN.margin, y, width, 2);
        }
        y += 6;
        break;
      case 'space':
        y += (block.size ?? 10) * 2;
        break;
      case 'page':
        break;
    }
  }
  return y;
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The paper as a Word document; the same paper gives the same bytes. */
export async function paperDocx(paper: Paper): Promise<Uint8Array> {
  const paragraphs: Paragraph[] = [];
  const run = (text: string, options: { bold?: boolean; size?: number } = {}) =>
    new TextRun({
      text,
      bold: options.bold,
      size: options.size ? options.size * 2 : undefined,
      font: 'Calibri',
    });
  for (const block of paper.blocks) {
    switch (block.type) {
      case 'center':
      case 'banner':
        paragraphs.push(
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [
              run(
                block.text,
                block.type === 'center' ? { bold: block.bold, size: block.size } : { bold: true },
              ),
            ],
          }),
        );
        break;
      case 'heading':
        paragraphs.push(
          new Paragraph({
            spacing: { before: 240, after: 120 },
            children: [run(block.text, { bold: true })],
          }),
        );
        break;
      case 'text':
        for (const text of block.text.split('\n'))
          paragraphs.push(
            new Paragraph({
              spacing: { after: 160 },
              indent: block.indent ? { left: block.indent * 20 } : undefined,
              children: [run(text, { bold: block.bold, size: block.size })],
            }),
          );
        break;
      case 'fields':
        for (const [label, value] of block.rows)
          paragraphs.push(new Paragraph({ children: [run(`${label}: `, { bold: true }), run(value)] }));
        break;
      case 'table':
        for (const cells of [block.head, ...block.rows])
          paragraphs.push(new Paragraph({ children: [run(cells.join('\t'))] }));
        break;
      case 'code':
        for (const line of block.lines) paragraphs.push(new Paragraph({ children: [run(line)] }));
        break;
      case 'rule':
        paragraphs.push(
          new Paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: '666666', space: 1 } },
            children: [],
          }),
        );
        break;
      case 'space':
        paragraphs.push(new Paragraph({ children: [] }));
        break;
      case 'page':
        paragraphs.push(new Paragraph({ pageBreakBefore: true, children: [] }));
        break;
    }
  }
  const document = new Document({
    title: paper.title,
    creator: paper.issuer,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [{ children: paragraphs }],
  });
  const when = `${paper.date}T12:00:00Z`;
  // docx stamps the properties and the zip entries with the time of writing: both get the paper's date.
  const core = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xml(paper.title)}</dc:title><dc:creator>${xml(paper.issuer)}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`;
  const zip = await Packer.toBuffer(document, false, [{ path: 'docProps/core.xml', data: core }]);
  return zipDated(new Uint8Array(zip), instant(paper.date));
}

/**
 * The zip with every entry's modification time set to `when` (MS-DOS format, in the local file headers and
 * the central directory). Only the headers change: the entries' data and checksums stay as they were.
 */
export function zipDated(zip: Uint8Array, when: Date): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const time = (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | (when.getUTCSeconds() >> 1);
  const date = ((when.getUTCFullYear() - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate();
  let at = 0;
  while (at + 30 <= out.length && view.getUint32(at, true) === 0x04034b50) {
    view.setUint16(at + 10, time, true);
    view.setUint16(at + 12, date, true);
    at += 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true) + view.getUint32(at + 18, true);
  }
  while (at + 46 <= out.length && view.getUint32(at, true) === 0x02014b50) {
    view.setUint16(at + 12, time, true);
    view.setUint16(at + 14, date, true);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return out;
}
