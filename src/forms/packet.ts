/**
 * A filing packet as one PDF, in the order USCIS asks for a paper filing: the cover letter, Form G-1145 on
 * top of the forms, the fee summary, each official form filled, the signatures still to give, then the index
 * of the case's exhibits. The forms stay AcroForms (not flattened) under their official names, each below a
 * root named by its form ("I-130.form1[0]…"), so an attorney can correct a box before printing; their font
 * is DejaVu Sans, embedded whole, so names such as Nguyễn show and can be edited.
 */
import {
  degrees,
  PDFDict,
  PDFDocument,
  type PDFField,
  type PDFFont,
  PDFName,
  PDFString,
  PDFTextField,
  rgb,
} from '@cantoo/pdf-lib';
import { embedFieldFont, embedFonts, type Fonts } from '../pdf/fonts';
import { MUTED, TextFlow } from '../pdf/layout';
import type { FeeItem } from '../rules/fees';
import { formatMoney } from '../shared/cases';
import { formatDate } from '../shared/dates';
import type { FilledForm } from './fill';
import type { FormMap } from './maps/schema';
import { placeFilled } from './place';
import type { Template } from './templates';

export type PacketForm = {
  map: FormMap;
  /** The edition filled (official or the firm's upload); none when the firm has not uploaded the form. */
  template?: Template;
  edition: string;
  source: 'official' | 'firm-upload';
  filled: FilledForm;
};

export type PacketInput = {
  firm: { name: string; addressLines: string[]; phone: string; email: string };
  preparer: { name: string; email: string };
  caseNumber: string;
  receiptNumber: string | null;
  /** Who files and for whom, in their roles ("Petitioner: …", "Beneficiary: …"). */
  parties: string[];
  /** ISO: the letter's date and the fees' as-of date. */
  asOf: string;
  draft: boolean;
  filing: 'paper' | 'online';
  /** G-1145 first, then the forms in filing order. */
  forms: PacketForm[];
  fees: { items: FeeItem[]; total: number; unknown: string[] };
  exhibits: Array<{ name: string; type: string; uploadedOn: string }>;
  /** Told after each form is placed (for a job's progress). */
  onForm?: (done: number, of: number) => void;
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
  flow.write(`Re: case ${input.caseNumber}${receipt}`, { bold: true });
  for (const line of input.parties) flow.write(line, { bold: true });
  flow.space(8);
  flow.write('Dear Sir or Madam:');
  flow.space(6);
  flow.write(
    'On behalf of our client, we enclose the following forms, with the filing fees and supporting evidence listed in this packet:',
  );
  flow.space(4);
  input.forms.forEach(({ map, edition }, i) =>
    flow.write(`${i + 1}. Form ${map.form}, ${map.title} (edition ${edition})`, { indent: 18 }),
  );
  const total = input.fees.total;
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
  flow.write(`Fees for a ${input.filing} filing dated ${formatDate(input.asOf)}, from USCIS's fee rules`, {
    size: 10,
    color: MUTED,
  });
  flow.rule();
  for (const item of input.fees.items) {
    flow.space(4);
    flow.write(`Form ${item.form}: ${item.fee === null ? 'fee unknown' : money(item.fee)}`, { bold: true });
    flow.write(item.basis, { indent: 14, size: 9.5 });
    flow.write(`${item.citation}; in force from ${formatDate(item.effectiveFrom)}; ${item.sourceUrl}`, {
      indent: 14,
      size: 9,
      color: MUTED,
    });
  }
  flow.space(6);
  flow.rule();
  flow.write(`Total: ${money(input.fees.total)}`, { bold: true, size: 12 });
  if (input.fees.unknown.length > 0)
    flow.write(
      `Not counted: ${input.fees.unknown.join(', ')} (see each one's basis above; check Form G-1055).`,
      {
        size: 9.5,
      },
    );
  flow.write(
    'Pay each form’s fee separately (USCIS may reject a filing whose combined payment is wrong for one form), by check, money order or Form G-1450.',
    { size: 9.5, color: MUTED },
  );
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

/** The form's official pages, filled; a form the firm has not uploaded gets a page saying so. */
async function placeForm(doc: PDFDocument, flow: TextFlow, form: PacketForm, font: PDFFont) {
  if (!form.template) {
    flow.newPage();
    flow.write(`Form ${form.map.form}, ${form.map.title}`, { size: 15, bold: true, color: NAVY });
    flow.write(
      `The firm has not uploaded the official PDF of Form ${form.map.form}: a firm administrator uploads it once from ${form.map.sourceUrl} (USCIS Forms › the form › Upload edition), and the next packet fills it.`,
    );
    return;
  }
  const byName = await placeFilled(doc, form.template, form.map.form, form.filled.boxes, font);
  writeOverflow(form, byName, `${form.map.form}.`, font);
}

/**
 * List entries past the form's rows go to its Additional Information rows, one list per row, with the
 * page, part and item they continue.
 */
function writeOverflow(form: PacketForm, byName: Map<string, PDFField>, prefix: string, font: PDFFont) {
  const slots = [...form.map.additional];
  for (const entry of form.filled.overflow) {
    const slot = slots.shift();
    if (!slot) return;
    const put = (name: string | undefined, text: string) => {
      const field = name && byName.get(prefix + name);
      if (!(field instanceof PDFTextField)) return;
      field.setText(text);
      field.defaultUpdateAppearances(font);
    };
    put(slot.part, entry.part.replace('Part ', ''));
    put(slot.item, entry.item);
    put(slot.text, entry.lines.join('\n'));
  }
}

/** What the attorney still does by hand: the signatures, and lists too long for the form's rows. */
function handWork(flow: TextFlow, input: PacketInput) {
  flow.newPage();
  flow.write('Before Filing: Signatures and Continuations', { size: 16, bold: true, color: NAVY });
  flow.write('Signature boxes are left empty for wet ink. Each one below must be signed and dated by hand.', {
    size: 10,
    color: MUTED,
  });
  flow.rule();
  for (const form of input.forms) {
    if (form.map.signatures.length === 0) continue;
    flow.space(4);
    flow.write(`Form ${form.map.form} (edition ${form.edition})`, { bold: true });
    for (const s of form.map.signatures)
      flow.write(`${s.part}, Item ${s.item}: ${s.who}`, { indent: 14, size: 10 });
  }
  const more = input.forms.flatMap((form) => {
    const slots = form.map.additional.length;
    return form.filled.overflow.slice(slots).map((o) => ({ form: form.map.form, ...o }));
  });
  if (more.length === 0) return;
  flow.space(8);
  flow.write('Continuation (more entries than the forms have rows)', { bold: true, size: 12 });
  flow.write('Copy these onto the form’s Additional Information part, or attach this page signed.', {
    size: 9.5,
    color: MUTED,
  });
  for (const o of more) {
    flow.write(`Form ${o.form}, ${o.part}, Item ${o.item}`, { bold: true, size: 10 });
    for (const line of o.lines) flow.write(line, { indent: 14, size: 10 });
  }
}

function exhibitIndex(flow: TextFlow, input: PacketInput) {
  flow.newPage();
  flow.write('Index of Exhibits', { size: 16, bold: true, color: NAVY });
  flow.write(`Case ${input.caseNumber}`, { size: 10, color: MUTED });
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

/** A draft: DRAFT across every page, official ones included, and on top. */
function markDraft(doc: PDFDocument, fonts: Fonts) {
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
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
  }
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
  const [first, ...rest] = input.forms;
  let done = 0;
  const placed = async (form: PacketForm) => {
    await placeForm(doc, flow, form, fieldFont);
    input.onForm?.(++done, input.forms.length);
    // Let other requests through between forms: each is a few hundred milliseconds of work.
    await new Promise((resolve) => setImmediate(resolve));
  };
  if (first) await placed(first);
  feeSummary(flow, input);
  for (const form of rest) await placed(form);
  handWork(flow, input);
  exhibitIndex(flow, input);

  useFieldFont(doc, fieldFont);
  if (input.draft) markDraft(doc, fonts);
  // Object streams make the file a third smaller but its saving three times slower (1.7 s against 0.7 s for
  // five official forms): a packet is downloaded once and stored, so speed wins.
  return doc.save({ updateFieldAppearances: false, useObjectStreams: false });
}
