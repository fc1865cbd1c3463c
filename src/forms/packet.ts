/**
 * A filing packet as one PDF, in the order USCIS asks for a paper filing: the cover letter, Form G-1145 on
 * top of the forms, the fee summary, each form, then the index of the case's exhibits. The forms are
 * AcroForm fields under their official names, so the person can still correct them in a PDF reader; their
 * font is DejaVu Sans, embedded whole, so names such as Nguyễn show and can be edited.
 */
import {
  degrees,
  PDFArray,
  PDFDict,
  PDFDocument,
  type PDFFont,
  PDFName,
  type PDFPage,
  type PDFRef,
  PDFString,
  PDFHexString,
  rgb,
} from '@cantoo/pdf-lib';
import { embedFieldFont, embedFonts, type Fonts } from '../pdf/fonts';
import { INK, MUTED, TextFlow } from '../pdf/layout';
import type { FilingFee } from '../rules/tables';
import { formatMoney } from '../shared/cases';
import { formatDate } from '../shared/dates';
import { PACKET_FORMS, type PacketForm } from '../shared/forms';
import type { FieldSpec, FormSpec } from './specs/types';

export type PacketInput = {
  firm: { name: string; addressLines: string[]; phone: string; email: string };
  preparer: { name: string; email: string };
  caseNumber: string;
  receiptNumber: string | null;
  clientName: string;
  /** ISO: the letter's date and the fees' as-of date. */
  asOf: string;
  draft: boolean;
  /** G-1145 first, then the forms in filing order; each with its boxes' text and the firm's official edition. */
  forms: Array<{
    spec: FormSpec;
    values: Map<string, string>;
    edition?: { bytes: Uint8Array; editionDate: string };
  }>;
  fees: Array<{ form: PacketForm; fee: FilingFee | undefined }>;
  exhibits: Array<{ name: string; type: string; uploadedOn: string }>;
  /** The PDF's creation date; now unless given. */
  createdAt?: Date;
};

const NAVY = rgb(0.11, 0.23, 0.42);
const FIELD_SIZE = 10;
const DRAFT_GRAY = rgb(0.75, 0.75, 0.78);

const money = (dollars: number) => formatMoney(dollars).replace(/\.00$/, '');

function coverLetter(flow: TextFlow, input: PacketInput) {
  flow.newPage();
  flow.write(input.firm.name, { size: 15, bold: true, color: NAVY });
  for (const line of [
    ...input.firm.addressLines,
    [input.firm.phone, input.firm.email].filter(Boolean).join(' · '),
  ])
    if (line) flow.write(line, { size: 9.5, color: MUTED });
  flow.rule();
  flow.space(10);
  flow.write(formatDate(input.asOf));
  flow.space(10);
  flow.write('U.S. Citizenship and Immigration Services');
  flow.write('At the address the forms’ instructions give for the filing (Where to File)', {
    size: 9.5,
    color: MUTED,
  });
  flow.space(10);
  const receipt = input.receiptNumber ? `, receipt number ${input.receiptNumber}` : '';
  flow.write(`Re: ${input.clientName} — case ${input.caseNumber}${receipt}`, { bold: true });
  flow.space(8);
  flow.write('Dear Sir or Madam:');
  flow.space(6);
  flow.write(
    `On behalf of our client, ${input.clientName}, we enclose the following forms, with the filing fees and supporting evidence listed in this packet:`,
  );
  flow.space(4);
  input.forms.forEach(({ spec }, i) =>
    flow.write(`${i + 1}. Form ${spec.code}, ${spec.title} (edition ${spec.edition})`, { indent: 18 }),
  );
  const total = input.fees.reduce((sum, f) => sum + (f.fee?.amount ?? 0), 0);
  flow.space(6);
  flow.write(
    `Filing fees: ${money(total)} in all, itemized in the fee summary. Exhibits: ${input.exhibits.length}, listed in the index of exhibits at the end of this packet.`,
  );
  flow.space(6);
  flow.write(
    'Form G-1145 is attached on top of the forms: please send the electronic notice of acceptance to the email address or mobile telephone number it gives.',
  );
  flow.space(6);
  flow.write('Thank you for your attention to this filing.');
  flow.space(14);
  flow.write('Sincerely,');
  flow.space(22);
  flow.write(input.preparer.name, { bold: true });
  flow.write(input.firm.name);
  if (input.preparer.email) flow.write(input.preparer.email, { size: 9.5, color: MUTED });
}

function feeSummary(flow: TextFlow, input: PacketInput) {
  flow.newPage();
  flow.write('Filing Fee Summary', { size: 16, bold: true, color: NAVY });
  flow.write(`Fees as of ${formatDate(input.asOf)}, paper filing, from USCIS Form G-1055 (Fee Schedule)`, {
    size: 10,
    color: MUTED,
  });
  flow.rule();
  let total = 0;
  for (const { form, fee } of input.fees) {
    flow.space(4);
    if (!fee) {
      flow.write(`Form ${form}: no fee in the fee schedule the product holds for this date.`, { bold: true });
      flow.write('Check Form G-1055 at uscis.gov/g-1055 before filing.', { indent: 14, size: 9.5 });
      continue;
    }
    total += fee.amount;
    flow.write(`Form ${form}, ${PACKET_FORMS[form]}: ${money(fee.amount)}`, { bold: true });
    flow.write(
      `G-1055 edition of ${formatDate(fee.scheduleDate)}; rule ${fee.rule.ruleId}, ${fee.rule.citation}, in force from ${formatDate(fee.rule.effectiveFrom)}; ${fee.rule.sourceUrl}`,
      { indent: 14, size: 9.5, color: MUTED },
    );
    for (const note of fee.notes) flow.write(note, { indent: 14, size: 9.5 });
  }
  flow.space(6);
  flow.rule();
  flow.write(`Total: ${money(total)}`, { bold: true, size: 12 });
  flow.write(
    'Pay each form’s fee separately (USCIS may reject a filing whose combined payment is wrong for one form), by check, money order or Form G-1450.',
    { size: 9.5, color: MUTED },
  );
}

/** A field's line on a generated form: its part and item, its label, then the box. */
function fieldRow(
  flow: TextFlow,
  field: FieldSpec,
  text: string | undefined,
  font: PDFFont,
  doc: PDFDocument,
) {
  const form = doc.getForm();
  flow.ensure(44);
  flow.write(`Item ${field.item}. ${field.label}`, { size: 9.5 });
  const box = form.createTextField(field.pdfName);
  if (field.maxLength) box.setMaxLength(field.maxLength);
  if (text !== undefined) box.setText(text);
  const width = Math.min(flow.width, Math.max(110, (field.maxLength ?? 40) * 7.2));
  box.addToPage(flow.page, {
    x: flow.margin,
    y: flow.y - 20,
    width,
    height: 18,
    font,
    borderColor: MUTED,
    borderWidth: 0.75,
    textColor: INK,
  });
  box.setFontSize(FIELD_SIZE);
  flow.y -= 26;
}

function generatedForm(flow: TextFlow, form: PacketInput['forms'][number], font: PDFFont, doc: PDFDocument) {
  const { spec, values } = form;
  flow.newPage();
  flow.write(`Form ${spec.code}, ${spec.title}`, { size: 15, bold: true, color: NAVY });
  flow.write(
    `Edition ${spec.edition}. The boxes below carry the official PDF field names; copy them onto the official edition (${spec.sourceUrl}) or upload that edition to have it filled instead. Review every answer before filing.`,
    { size: 9, color: MUTED },
  );
  flow.rule();
  let part = '';
  for (const field of spec.fields) {
    if (field.part !== part) {
      part = field.part;
      flow.space(4);
      flow.ensure(60);
      flow.write(part, { bold: true, size: 11.5 });
    }
    fieldRow(flow, field, values.get(field.pdfName), font, doc);
  }
}

/**
 * The firm's official edition with the case's answers: its fields keep their names, their text is written in
 * the embedded font, and its XFA layer (which readers would show instead) is removed.
 */
async function filledEdition(form: PacketInput['forms'][number]): Promise<PDFDocument> {
  const doc = await PDFDocument.load(form.edition!.bytes, { updateMetadata: false });
  const acro = doc.getForm();
  acro.deleteXFA();
  const font = await embedFieldFont(doc);
  for (const [name, text] of form.values) acro.getTextField(name).setText(text);
  acro.updateFieldAppearances(font);
  useFieldFont(doc, font);
  return PDFDocument.load(await doc.save({ updateFieldAppearances: false }), { updateMetadata: false });
}

/** The form's default resources name the font its fields are written in, so a reader can redraw edits. */
function useFieldFont(doc: PDFDocument, font: PDFFont) {
  const acroForm = doc.getForm().acroForm.dict;
  const dr = acroForm.lookupMaybe(PDFName.of('DR'), PDFDict) ?? doc.context.obj({});
  const fonts = dr.lookupMaybe(PDFName.of('Font'), PDFDict) ?? doc.context.obj({});
  fonts.set(PDFName.of(font.name), font.ref);
  dr.set(PDFName.of('Font'), fonts);
  acroForm.set(PDFName.of('DR'), dr);
  acroForm.set(PDFName.of('DA'), PDFString.of(`/${font.name} ${FIELD_SIZE} Tf 0 g`));
}

const nameOf = (dict: PDFDict) => {
  const t = dict.lookup(PDFName.of('T'));
  return t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : undefined;
};

/**
 * Adds the fields of copied pages to the packet's form. Official editions share their root ("form1[0]"):
 * a root or branch of the same name is joined, so every field keeps its full official name.
 */
function adoptFields(doc: PDFDocument, pages: PDFPage[]) {
  const context = doc.context;
  const acroForm = doc.getForm().acroForm;
  const roots = new Set<PDFRef>();
  for (const page of pages) {
    const annots = page.node.Annots();
    for (let i = 0; annots && i < annots.size(); i++) {
      let ref = annots.get(i) as PDFRef;
      let dict = context.lookup(ref, PDFDict);
      if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Widget')) continue;
      for (let parent = dict.get(PDFName.of('Parent')); parent; parent = dict.get(PDFName.of('Parent'))) {
        ref = parent as PDFRef;
        dict = context.lookup(ref, PDFDict);
      }
      roots.add(ref);
    }
  }
  const join = (kids: PDFArray, ref: PDFRef, parent?: PDFRef) => {
    const dict = context.lookup(ref, PDFDict);
    const name = nameOf(dict);
    for (let i = 0; i < kids.size(); i++) {
      const other = context.lookup(kids.get(i), PDFDict);
      const otherKids = other.lookupMaybe(PDFName.of('Kids'), PDFArray);
      const ownKids = dict.lookupMaybe(PDFName.of('Kids'), PDFArray);
      if (name === undefined || nameOf(other) !== name || !otherKids || !ownKids) continue;
      // The same branch on both sides (form1[0], #subform[3]): its children join the packet's branch.
      for (let k = 0; k < ownKids.size(); k++) {
        const kid = ownKids.get(k) as PDFRef;
        context.lookup(kid, PDFDict).set(PDFName.of('Parent'), kids.get(i));
        join(otherKids, kid, kids.get(i) as PDFRef);
      }
      return;
    }
    if (parent) dict.set(PDFName.of('Parent'), parent);
    kids.push(ref);
  };
  for (const root of roots) join(acroForm.Fields() ?? context.obj([]), root);
}

async function officialForm(doc: PDFDocument, form: PacketInput['forms'][number]): Promise<void> {
  const edition = await filledEdition(form);
  const pages = await doc.copyPages(edition, edition.getPageIndices());
  for (const page of pages) doc.addPage(page);
  adoptFields(doc, pages);
}

function exhibitIndex(flow: TextFlow, input: PacketInput) {
  flow.newPage();
  flow.write('Index of Exhibits', { size: 16, bold: true, color: NAVY });
  flow.write(`Case ${input.caseNumber} · ${input.clientName}`, { size: 10, color: MUTED });
  flow.rule();
  if (input.exhibits.length === 0) {
    flow.write(
      'No documents are filed under this case yet: upload its evidence, then generate the packet again.',
    );
    return;
  }
  input.exhibits.forEach((exhibit, i) => {
    flow.space(3);
    flow.write(`Exhibit ${i + 1}. ${exhibit.name}`, { bold: true });
    flow.write(`${exhibit.type} · uploaded ${formatDate(exhibit.uploadedOn)}`, {
      indent: 14,
      size: 9.5,
      color: MUTED,
    });
  });
}

/** Every page: the case and its page number at the foot, and on a draft the word DRAFT across and on top. */
function markPages(doc: PDFDocument, fonts: Fonts, input: PacketInput) {
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const { width, height } = page.getSize();
    const label = `Case ${input.caseNumber} · Page ${i + 1} of ${pages.length}`;
    const size = 8;
    page.drawText(label, {
      x: (width - fonts.regular.widthOfTextAtSize(label, size)) / 2,
      y: 18,
      size,
      font: fonts.regular,
      color: MUTED,
    });
    if (!input.draft) return;
    page.drawText('DRAFT', {
      x: width * 0.18,
      y: height * 0.3,
      size: 120,
      font: fonts.bold,
      color: DRAFT_GRAY,
      opacity: 0.45,
      rotate: degrees(40),
    });
    page.drawText('DRAFT — not for filing', {
      x: 36,
      y: height - 24,
      size: 10,
      font: fonts.bold,
      color: NAVY,
    });
  });
}

export async function buildPacket(input: PacketInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const createdAt = input.createdAt ?? new Date();
  doc.setTitle(`USCIS forms packet, case ${input.caseNumber}`);
  doc.setAuthor(input.firm.name);
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  const fonts = await embedFonts(doc);
  const fieldFont = await embedFieldFont(doc);
  const flow = new TextFlow(doc, fonts, { bottom: 40 });

  coverLetter(flow, input);
  const [g1145, ...forms] = input.forms;
  await placeForm(doc, flow, g1145, fieldFont);
  feeSummary(flow, input);
  for (const form of forms) await placeForm(doc, flow, form, fieldFont);
  exhibitIndex(flow, input);

  const acro = doc.getForm();
  acro.updateFieldAppearances(fieldFont);
  useFieldFont(doc, fieldFont);
  markPages(doc, fonts, input);
  return doc.save({ updateFieldAppearances: false });
}

async function placeForm(
  doc: PDFDocument,
  flow: TextFlow,
  form: PacketInput['forms'][number],
  font: PDFFont,
) {
  if (form.edition) await officialForm(doc, form);
  else generatedForm(flow, form, font, doc);
}
