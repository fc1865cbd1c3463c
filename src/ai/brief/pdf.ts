/** A brief as a US Letter PDF, in DejaVu Sans (embedded, so names such as Nguyễn print as written). */
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import { embedFonts } from '../../pdf/fonts';
import { MUTED, TextFlow } from '../../pdf/layout';
import { formatDate } from '../../shared/dates';
import { type Brief, draftedNote, draftedSummary } from './model';
import { draftingModel } from './polish';

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
  flow.write(brief.firmName, { size: 10, color: MUTED });
  flow.space(6);
  flow.write(brief.title, { size: 20, bold: true, color: NAVY });
  flow.write(`Prepared on ${brief.preparedOn}`, { size: 10, color: MUTED });
  const model = draftingModel(brief);
  if (model) {
    flow.space(6);
    flow.write(draftedSummary(model), { size: 9, color: MUTED });
  }
  flow.space(8);

  for (const block of brief.blocks) {
    switch (block.type) {
      case 'heading':
        flow.ensure(40);
        flow.space(8);
        flow.write(block.text, { size: 12, bold: true, color: NAVY });
        flow.space(2);
        break;
      case 'paragraph':
        flow.write(block.text, { size: BODY, leading: LEADING });
        if (block.prose?.draftedBy)
          flow.write(draftedNote(block.prose.draftedBy), { size: 8.5, color: MUTED });
        flow.space(6);
        break;
      case 'fields':
        for (const [label, value] of block.rows) marked(flow, `${label}:`, value, 150, true);
        flow.space(6);
        break;
      case 'list':
        for (const item of block.items) marked(flow, '•', item, 16);
        flow.space(6);
        break;
      case 'lettered':
        for (const [letter, text] of block.rows) marked(flow, letter, text, 40, true);
        flow.space(6);
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

  // The heading stays with the first rule it lists.
  flow.ensure(130);
  flow.space(14);
  flow.rule();
  flow.write('Rules cited', { size: 12, bold: true, color: NAVY });
  flow.space(4);
  if (brief.rules.length === 0) flow.write('This brief applied no rule.', { size: BODY });
  for (const rule of brief.rules) {
    flow.ensure(64);
    flow.write(`${rule.ruleId}: ${rule.title}`, { size: BODY, bold: true });
    flow.write(`Citation: ${rule.citation}`, { size: 9.5, indent: 12 });
    const to = rule.effectiveTo ? ` to ${formatDate(rule.effectiveTo)}` : '';
    flow.write(`In effect from ${formatDate(rule.effectiveFrom)}${to}`, { size: 9.5, indent: 12 });
    flow.write(`Source: ${rule.sourceUrl}`, { size: 9.5, indent: 12, color: MUTED });
    flow.space(5);
  }

  const pages = doc.getPages();
  pages.forEach((page, i) =>
    page.drawText(`${brief.title} · Case ${brief.caseNumber} · Page ${i + 1} of ${pages.length}`, {
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
