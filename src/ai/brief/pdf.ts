/**
 * A draft's document (the letter, or its review sheet) as a US Letter PDF, in DejaVu Sans (embedded, so
 * names such as Nguyễn print as written): the firm's letterhead, then the blocks.
 */
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import { embedFonts } from '../../pdf/fonts';
import { MUTED, TextFlow } from '../../pdf/layout';
import { type Brief, FRAME_WORDS } from './model';
import { ruleLines } from './review';

const MARGIN = 60;
const NAVY = rgb(0.11, 0.23, 0.42);
const BODY = 10.5;
const LEADING = 1.4;

/** Text beside a label or marker: the marker drawn on the first line's baseline, the text indented. */
function marked(flow: TextFlow, marker: string, text: string, indent: number, bold = false) {
  const lineHeight = BODY * LEADING;
  flow.ensure(lineHeight);
  flow.page.drawText(marker, {
    x: flow.margin,
    y: flow.y - lineHeight + BODY * 0.25,
    size: BODY,
    font: bold ? flow.fonts.bold : flow.fonts.regular,
  });
  flow.write(text, { size: BODY, indent, leading: LEADING });
}

export async function briefPdf(brief: Brief): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  const flow = new TextFlow(doc, fonts, { margin: MARGIN, bottom: MARGIN + 10 });
  flow.newPage();
  flow.write(brief.firmName, { size: 13, bold: true, color: NAVY });
  for (const line of brief.letterhead) flow.write(line, { size: 9, color: MUTED });
  flow.space(4);
  flow.rule();
  flow.space(10);
  if (brief.internal) {
    flow.write(brief.title, { size: 18, bold: true, color: NAVY });
    flow.write(brief.internal, { size: 10, bold: true });
    flow.space(8);
  }

  for (const block of brief.blocks) {
    switch (block.type) {
      case 'heading':
        flow.ensure(40);
        flow.space(6);
        flow.write(block.text, { size: 11.5, bold: true, color: NAVY });
        flow.space(2);
        break;
      case 'paragraph':
        flow.write(block.text, { size: BODY, leading: LEADING });
        flow.space(7);
        break;
      case 'fields':
        for (const [label, value] of block.rows) marked(flow, `${label}:`, value, 110, true);
        flow.space(7);
        break;
      case 'list':
        for (const item of block.items) marked(flow, '•', item, 16);
        flow.space(6);
        break;
      case 'numbered':
        block.items.forEach((item, i) => {
          marked(flow, `${i + 1}.`, item.text, 20, true);
          if (item.answer) flow.write(item.answer, { size: BODY, indent: 20, leading: LEADING });
          flow.space(4);
        });
        flow.space(4);
        break;
      case 'lettered':
        for (const [letter, text] of block.rows) marked(flow, letter, text, 40, true);
        flow.space(6);
        break;
      case 'rules':
        for (const rule of block.rules) {
          flow.ensure(64);
          const [head, ...rest] = ruleLines(rule);
          flow.write(head, { size: BODY, bold: true });
          for (const line of rest) flow.write(line, { size: 9.5, indent: 12 });
          flow.space(5);
        }
        break;
      case 'closing':
        // The signature block stays on one page.
        flow.ensure(block.lines.length * BODY * LEADING + 40);
        flow.space(10);
        for (const line of block.lines)
          if (line) flow.write(line, { size: BODY, leading: LEADING });
          else flow.space(28);
        break;
    }
  }

  const pages = doc.getPages();
  const words = FRAME_WORDS[brief.language];
  pages.forEach((page, i) =>
    page.drawText(`${words.case} ${brief.caseNumber} · ${words.page(i + 1, pages.length)}`, {
      x: MARGIN,
      y: 30,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    }),
  );
  doc.setTitle(`${brief.title}, ${brief.caseNumber}`);
  doc.setAuthor(brief.firmName);
  doc.setCreator('Reti Immigration');
  doc.setProducer('Reti Immigration');
  const now = new Date();
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  return doc.save();
}
