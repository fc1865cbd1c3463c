/** A draft's document (the letter, or its review sheet) as Word (DOCX), for the firm to edit before it is signed. */
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
import { type Brief, FRAME_WORDS } from './model';
import { ruleLines } from './review';

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

/** "Our ref. 2026-0001 · Page N of M", in the document's language, with Word's page fields. */
function pageWords(brief: Brief): Array<string | (typeof PageNumber)[keyof typeof PageNumber]> {
  const words = FRAME_WORDS[brief.language];
  const [before, between] = words.page(0, 0).split('0');
  return [
    `${words.case} ${brief.caseNumber} · ${before}`,
    PageNumber.CURRENT,
    between,
    PageNumber.TOTAL_PAGES,
  ];
}

export async function briefDocx(brief: Brief): Promise<Uint8Array> {
  const children: Array<Paragraph | Table> = [
    new Paragraph({ children: [new TextRun({ text: brief.firmName, bold: true, color: NAVY, size: 26 })] }),
    ...brief.letterhead.map(
      (line) => new Paragraph({ children: [new TextRun({ text: line, color: MUTED, size: SMALL })] }),
    ),
    new Paragraph({ spacing: { after: 240 }, children: [] }),
  ];
  if (brief.internal)
    children.push(
      new Paragraph({ children: [new TextRun({ text: brief.title, bold: true, color: NAVY, size: 36 })] }),
      new Paragraph({
        spacing: { after: 200 },
        children: [new TextRun({ text: brief.internal, bold: true })],
      }),
    );

  for (const block of brief.blocks) {
    switch (block.type) {
      case 'heading':
        children.push(heading(block.text));
        break;
      case 'paragraph': {
        // An address's lines are paragraphs of their own, as a reader (and a screen reader) meets them.
        const parts = block.text.split('\n');
        parts.forEach((part, i) =>
          children.push(
            new Paragraph({
              spacing: { after: i === parts.length - 1 ? 160 : 0 },
              children: [new TextRun(part)],
            }),
          ),
        );
        break;
      }
      case 'fields':
        children.push(
          pairs(
            block.rows.map(([label, value]) => [`${label}:`, value]),
            1800,
          ),
        );
        break;
      case 'list':
        for (const item of block.items) children.push(new Paragraph({ text: item, bullet: { level: 0 } }));
        break;
      case 'numbered':
        block.items.forEach((item, i) => {
          children.push(
            new Paragraph({
              spacing: { before: 80 },
              children: [new TextRun({ text: `${i + 1}. `, bold: true }), new TextRun(item.text)],
            }),
          );
          if (item.answer)
            children.push(new Paragraph({ indent: { left: 360 }, children: [new TextRun(item.answer)] }));
        });
        break;
      case 'lettered':
        children.push(pairs(block.rows, 900));
        break;
      case 'rules':
        for (const rule of block.rules) {
          const [head, ...rest] = ruleLines(rule);
          children.push(
            new Paragraph({
              spacing: { before: 120 },
              keepNext: true,
              children: [new TextRun({ text: head, bold: true })],
            }),
            ...rest.map(
              (text) => new Paragraph({ indent: { left: 240 }, children: [new TextRun({ text, size: 19 })] }),
            ),
          );
        }
        break;
      case 'closing':
        children.push(new Paragraph({ spacing: { before: 240 }, children: [] }));
        for (const line of block.lines)
          children.push(new Paragraph({ spacing: { after: line ? 0 : 480 }, text: line }));
        break;
    }
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
                    children: [...pageWords(brief)],
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
