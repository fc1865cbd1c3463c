/** A brief as a Word document (DOCX), for the firm to edit before it is signed and sent. */
import {
  BorderStyle,
  Document,
  Footer,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { formatDate } from '../../shared/dates';
import { type Brief, draftedNote, draftedSummary } from './model';
import { draftingModel } from './polish';

const NAVY = '1C3A6B';
const MUTED = '60656F';
/** Half-points. */
const SMALL = 17;

const heading = (text: string) =>
  new Paragraph({
    spacing: { before: 240, after: 100 },
    keepNext: true,
    children: [new TextRun({ text, bold: true, color: NAVY, size: 24 })],
  });

const note = (text: string) =>
  new Paragraph({
    spacing: { after: 120 },
    children: [new TextRun({ text, italics: true, color: MUTED, size: SMALL })],
  });

/** Lines of one paragraph (an address), kept apart by line breaks. */
const lines = (text: string) =>
  text.split('\n').map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : undefined }));

const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
const BORDERS = {
  top: NO_BORDER,
  bottom: NO_BORDER,
  left: NO_BORDER,
  right: NO_BORDER,
  insideHorizontal: NO_BORDER,
  insideVertical: NO_BORDER,
};

/** Two columns without borders: a bold label (or letter), then its text. */
const pairs = (rows: Array<[string, string]>, firstWidth: number) =>
  new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    columnWidths: [firstWidth, 9000 - firstWidth],
    borders: BORDERS,
    rows: rows.map(
      ([label, text]) =>
        new TableRow({
          children: [
            new TableCell({
              width: { size: firstWidth, type: WidthType.DXA },
              children: [new Paragraph({ children: [new TextRun({ text: label, bold: true })] })],
            }),
            new TableCell({
              width: { size: 9000 - firstWidth, type: WidthType.DXA },
              children: [new Paragraph({ children: lines(text) })],
            }),
          ],
        }),
    ),
  });

export async function briefDocx(brief: Brief): Promise<Uint8Array> {
  const children: Array<Paragraph | Table> = [
    new Paragraph({ children: [new TextRun({ text: brief.firmName, color: MUTED })] }),
    new Paragraph({
      spacing: { before: 120 },
      children: [new TextRun({ text: brief.title, bold: true, color: NAVY, size: 40 })],
    }),
    new Paragraph({
      spacing: { after: 200 },
      children: [new TextRun({ text: `Prepared on ${brief.preparedOn}`, color: MUTED })],
    }),
  ];
  const model = draftingModel(brief);
  if (model) children.push(note(draftedSummary(model)));

  for (const block of brief.blocks) {
    switch (block.type) {
      case 'heading':
        children.push(heading(block.text));
        break;
      case 'paragraph':
        children.push(
          new Paragraph({
            spacing: { after: block.prose?.draftedBy ? 40 : 160 },
            children: lines(block.text),
          }),
        );
        if (block.prose?.draftedBy) children.push(note(draftedNote(block.prose.draftedBy)));
        break;
      case 'fields':
        children.push(pairs(block.rows, 2600));
        break;
      case 'list':
        for (const item of block.items) children.push(new Paragraph({ text: item, bullet: { level: 0 } }));
        break;
      case 'lettered':
        children.push(pairs(block.rows, 900));
        break;
      case 'closing':
        children.push(new Paragraph({ spacing: { before: 240 }, children: [] }));
        for (const line of block.lines)
          children.push(new Paragraph({ spacing: { after: line ? 0 : 480 }, text: line }));
        break;
    }
  }

  children.push(heading('Rules cited'));
  if (brief.rules.length === 0) children.push(new Paragraph({ text: 'This brief applied no rule.' }));
  for (const rule of brief.rules) {
    const to = rule.effectiveTo ? ` to ${formatDate(rule.effectiveTo)}` : '';
    children.push(
      new Paragraph({
        spacing: { before: 120 },
        keepNext: true,
        children: [new TextRun({ text: `${rule.ruleId}: ${rule.title}`, bold: true })],
      }),
      ...[
        `Citation: ${rule.citation}`,
        `In effect from ${formatDate(rule.effectiveFrom)}${to}`,
        `Source: ${rule.sourceUrl}`,
      ].map((text) => new Paragraph({ indent: { left: 240 }, children: [new TextRun({ text, size: 19 })] })),
    );
  }

  const document = new Document({
    title: `${brief.title}, ${brief.caseNumber}`,
    creator: brief.firmName,
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [
      {
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                children: [
                  new TextRun({
                    size: 16,
                    color: MUTED,
                    children: [
                      `${brief.title} · Case ${brief.caseNumber} · Page `,
                      PageNumber.CURRENT,
                      ' of ',
                      PageNumber.TOTAL_PAGES,
                    ],
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}
