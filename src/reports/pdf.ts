/**
 * A report as a PDF: the firm's name on a band of its color, the period, the cards, each chart drawn from
 * the same path data as the page's SVG (vector, not a picture), every table, the notes, and "Page n of N"
 * on every page. DejaVu Sans is embedded, so any name prints as written.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb } from '@cantoo/pdf-lib';
import { embedFonts } from '../pdf/fonts';
import { INK, MUTED, TextFlow } from '../pdf/layout';
import { readableOnWhiteText } from '../shared/colors';
import { formatDateTime } from '../shared/dates';
import {
  chartTable,
  formatCell,
  formatChange,
  formatPeriod,
  type ReportChart,
  type ReportData,
  type ReportTable,
} from '../shared/reports';
import { layoutChart } from './charts';

const MARGIN = 54;
const FOOTER = 40;
const GRID = rgb(0.85, 0.86, 0.88);

const colorOf = (hex: string) =>
  rgb(
    parseInt(hex.slice(1, 3), 16) / 255,
    parseInt(hex.slice(3, 5), 16) / 255,
    parseInt(hex.slice(5, 7), 16) / 255,
  );

/** Text cut to a width, with an ellipsis when it had to be cut. */
function fitted(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export async function reportPdf(report: ReportData): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`${report.title}: ${report.firmName}, ${formatPeriod(report.period)}`);
  doc.setAuthor(report.firmName);
  doc.setCreator('Reti Immigration');
  doc.setCreationDate(new Date(report.generatedAt));
  const fonts = await embedFonts(doc);
  const flow = new TextFlow(doc, fonts, { margin: MARGIN, bottom: MARGIN + FOOTER - 20 });

  header(flow, report);
  cards(flow, report);
  for (const chart of report.charts) {
    drawChart(flow, chart);
    drawTable(flow, chartTable(chart));
  }
  for (const table of report.tables) drawTable(flow, table);
  if (report.notes.length) {
    flow.ensure(40);
    flow.space(10);
    flow.write('How the figures are counted', { size: 12, bold: true });
    for (const note of report.notes) flow.write(`• ${note}`, { size: 9, color: MUTED });
  }
  footers(doc, fonts.regular, `${report.firmName} · ${report.title} · ${formatPeriod(report.period)}`);
  return doc.save();
}

function header(flow: TextFlow, report: ReportData) {
  const page = flow.newPage();
  const band = 64;
  const top = page.getHeight();
  const ink = readableOnWhiteText(report.color) ? rgb(1, 1, 1) : INK;
  page.drawRectangle({
    x: 0,
    y: top - band,
    width: page.getWidth(),
    height: band,
    color: colorOf(report.color),
  });
  page.drawText(fitted(report.firmName, flow.fonts.bold, 18, flow.width), {
    x: MARGIN,
    y: top - 30,
    size: 18,
    font: flow.fonts.bold,
    color: ink,
  });
  page.drawText(report.title, { x: MARGIN, y: top - 50, size: 12, font: flow.fonts.regular, color: ink });
  flow.y = top - band - 10;
  flow.write(`Period: ${formatPeriod(report.period)} (compared with ${formatPeriod(report.previous)})`, {
    size: 10,
  });
  flow.write(
    `Generated ${formatDateTime(report.generatedAt, report.timeZone)} · Times in ${report.timeZone}`,
    {
      size: 9,
      color: MUTED,
    },
  );
  flow.space(8);
}

/** The metric cards, three to a row: label, figure, change. */
function cards(flow: TextFlow, report: ReportData) {
  const gap = 10;
  const width = (flow.width - 2 * gap) / 3;
  const height = 62;
  report.cards.forEach((card, i) => {
    if (i % 3 === 0) {
      flow.ensure(height + gap);
      flow.space(height + gap);
    }
    const x = MARGIN + (i % 3) * (width + gap);
    const y = flow.y;
    const { page, fonts } = flow;
    page.drawRectangle({
      x,
      y,
      width,
      height,
      borderColor: GRID,
      borderWidth: 1,
      color: rgb(0.97, 0.97, 0.98),
    });
    page.drawText(fitted(card.label, fonts.regular, 9, width - 16), {
      x: x + 8,
      y: y + height - 16,
      size: 9,
      font: fonts.regular,
      color: MUTED,
    });
    page.drawText(fitted(formatCell(card.value, card.format), fonts.bold, 16, width - 16), {
      x: x + 8,
      y: y + height - 38,
      size: 16,
      font: fonts.bold,
      color: INK,
    });
    page.drawText(fitted(formatChange(card), fonts.regular, 8, width - 16), {
      x: x + 8,
      y: y + 9,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
  });
  flow.space(14);
}

/** The chart's own paths, scaled to the text width (and shrunk further if a page could not hold it). */
function drawChart(flow: TextFlow, chart: ReportChart) {
  const layout = layoutChart(chart);
  const available = flow.page.getHeight() - 2 * MARGIN - FOOTER - 60;
  const scale = Math.min(flow.width / layout.width, available / layout.height);
  flow.ensure(layout.height * scale + 50);
  flow.space(8);
  flow.write(chart.title, { size: 12, bold: true });
  flow.write(chart.description, { size: 9, color: MUTED });
  flow.space(4);
  const page: PDFPage = flow.page;
  const x = MARGIN;
  const y = flow.y;
  for (const d of layout.grid) page.drawSvgPath(d, { x, y, scale, borderColor: GRID, borderWidth: 0.75 });
  for (const bar of layout.bars) page.drawSvgPath(bar.d, { x, y, scale, color: colorOf(bar.color) });
  for (const item of layout.legend) {
    page.drawRectangle({
      x: x + item.x * scale,
      y: y - (item.y + 1) * scale,
      width: 9 * scale,
      height: 9 * scale,
      color: colorOf(item.color),
    });
    page.drawText(item.text, {
      x: x + (item.x + 13) * scale,
      y: y - item.y * scale,
      size: 9 * scale,
      font: flow.fonts.regular,
      color: INK,
    });
  }
  for (const label of layout.labels) {
    const font = label.bold ? flow.fonts.bold : flow.fonts.regular;
    const size = 9 * scale;
    const width = font.widthOfTextAtSize(label.text, size);
    const shift = label.anchor === 'end' ? width : label.anchor === 'middle' ? width / 2 : 0;
    page.drawText(label.text, {
      x: x + label.x * scale - shift,
      y: y - label.y * scale,
      size,
      font,
      color: INK,
    });
  }
  flow.y = y - layout.height * scale;
  flow.space(6);
}

/** A table with its header repeated on each page it runs onto; figures align right. */
function drawTable(flow: TextFlow, table: ReportTable) {
  const size = 9;
  const row = 15;
  const first = table.columns.length > 2 ? 0.34 : 0.6;
  const widths = table.columns.map((_, i) =>
    i === 0 ? flow.width * first : (flow.width * (1 - first)) / (table.columns.length - 1),
  );
  const drawRow = (cells: string[], bold: boolean) => {
    flow.ensure(row);
    flow.y -= row;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const font = bold ? flow.fonts.bold : flow.fonts.regular;
      const text = fitted(cell, font, size, widths[i] - 6);
      const right = i > 0 && table.columns[i].format !== 'text' && table.columns[i].format !== 'date';
      const tx = right ? x + widths[i] - 3 - font.widthOfTextAtSize(text, size) : x + 3;
      flow.page.drawText(text, { x: tx, y: flow.y + 4, size, font, color: INK });
      x += widths[i];
    });
    flow.page.drawLine({
      start: { x: MARGIN, y: flow.y },
      end: { x: MARGIN + flow.width, y: flow.y },
      thickness: 0.5,
      color: GRID,
    });
  };
  flow.ensure(3 * row + 20);
  flow.space(8);
  flow.write(table.title, { size: 11, bold: true });
  const head = table.columns.map((c) => c.label);
  drawRow(head, true);
  if (!table.rows.length) flow.write('Nothing in this period.', { size: 9, color: MUTED });
  for (const cells of table.rows) {
    const startPage = flow.page;
    flow.ensure(row);
    if (flow.page !== startPage) drawRow(head, true);
    drawRow(
      cells.map((cell, i) => formatCell(cell, table.columns[i].format)),
      false,
    );
  }
  if (table.note) flow.write(table.note, { size: 8, color: MUTED });
}

function footers(doc: PDFDocument, font: PDFFont, text: string) {
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const size = 8;
    const number = `Page ${i + 1} of ${pages.length}`;
    page.drawText(fitted(text, font, size, page.getWidth() - 2 * MARGIN - 80), {
      x: MARGIN,
      y: 28,
      size,
      font,
      color: MUTED,
    });
    page.drawText(number, {
      x: page.getWidth() - MARGIN - font.widthOfTextAtSize(number, size),
      y: 28,
      size,
      font,
      color: MUTED,
    });
  });
}
