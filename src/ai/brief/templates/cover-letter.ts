/**
 * The cover letter of a filing: to the address the firm keeps for the form on the letter's date, the
 * petitioner and beneficiary (or applicant) in their roles, Form G-28 and each form with its edition and
 * fee, how the fees are paid, and the evidence filed with it (USCIS's notices and the firm's briefs are not
 * filed with an initial filing, and are not listed).
 */
import { formatMoney } from '../../../shared/cases';
import { formatDate } from '../../../shared/dates';
import { PAYMENT_METHOD_LABELS } from '../../../shared/ai';
import type { DocumentRecord } from '../../../shared/documents';
import { APPEARANCE, ELECTRONIC_PAYMENT } from '../authorities';
import {
  type Composer,
  closing,
  uscisOpening,
  formName,
  isPetition,
  lettered,
  ourClientWords,
  partyRows,
} from '../compose';
import { evidenceOf } from '../evidence';
import type { BriefMatter } from '../matter';
import type { Block } from '../model';

const G28 = 'Form G-28, Notice of Entry of Appearance as Attorney or Accredited Representative';

/** The forms filed: those chosen, else the case's form (with Form I-130A for a spouse's I-130). */
export function filedForms(m: BriefMatter): string[] {
  if (m.choices.forms?.length) return [...new Set(m.choices.forms.filter((f) => f !== 'G-28'))];
  const spouse = m.kase.formType === 'I-130' && Boolean(m.facts.facts.marriageDate);
  return spouse ? ['I-130', 'I-130A'] : [m.kase.formType];
}

/** The evidence filed with it: the case's documents but notices, briefs and forms (listed as forms), in filing order. */
export const coverExhibits = (m: BriefMatter): DocumentRecord[] =>
  evidenceOf(m.documents).filter((d) => d.category !== 'uscis-form' && d.type !== 'uscis-form');

const dollars = (fee: number) => formatMoney(fee).replace(/\.00$/, '');

export function coverBlocks(c: Composer): Block[] {
  const { m } = c;
  const forms = filedForms(m);
  const main = forms[0];
  const mainTitle = formName(main, m.formOf(main).title);
  const filingDate = m.facts.facts.filingDate ?? m.asOf;
  if (!m.facts.facts.filingDate)
    c.assume(
      `The fees are those in force on the letter’s date, ${formatDate(m.asOf)}: no filing date is on the case’s facts.`,
    );

  // Where it is filed: the firm's dated address for the form.
  const address = m.filingAddress;
  if (!address)
    c.miss(
      `Where Form ${main} is filed: the firm keeps no filing address for it in force on this date. Add it on Filing Addresses from the form’s “Where to file” page on uscis.gov.`,
    );
  else
    c.assume(
      `The filing address is the firm’s for Form ${main}${address.label ? ` (${address.label})` : ''}, in use from ${formatDate(address.effectiveFrom)} (${address.sourceUrl}): check it against uscis.gov before mailing.`,
    );

  // The forms, each with its edition and fee.
  c.cite(APPEARANCE);
  c.miss(
    `${G28}: the product does not fill it. Enclose the current edition, signed by the attorney and by ${isPetition(main) ? 'the petitioner' : 'the applicant'}.`,
  );
  const fees = m.fees(forms, filingDate);
  const formLines = [
    G28,
    ...forms.map((code) => {
      const { title, edition } = m.formOf(code);
      if (!edition)
        c.miss(
          `The edition of Form ${code}: the product does not hold it. Check the current edition at uscis.gov/${code.toLowerCase()}.`,
        );
      const fee = fees.items.find((f) => f.form === code);
      const feeWords =
        fee?.fee === null || fee === undefined
          ? ''
          : fee.fee === 0
            ? ', no filing fee'
            : `, filing fee ${dollars(fee.fee)}`;
      return `${formName(code, title)}${edition ? ` (edition ${edition})` : ''}${feeWords}`;
    }),
  ];
  for (const fee of fees.items) {
    if (fee.fee === null) c.miss(`The fee of Form ${fee.form}: ${fee.basis}`);
    if (fee.effectiveFrom)
      c.cite({
        ruleId: 'filing-fee',
        title: 'USCIS fee schedule',
        citation: fee.citation,
        sourceUrl: fee.sourceUrl,
        effectiveFrom: fee.effectiveFrom,
      });
  }
  const extra = fees.items.filter((f) => !forms.includes(f.form));
  // Nothing to pay (forms without a fee): no payment, and nothing to choose.
  const owed = fees.unknown.length > 0 || fees.total > 0;
  const method = owed ? m.choices.paymentMethod : undefined;
  if (owed) c.cite(ELECTRONIC_PAYMENT);
  if (owed && !method)
    c.miss(
      'How the fees are paid: choose Form G-1450 (card) or Form G-1650 (bank debit); USCIS takes paper-filed fees only these ways from 10/28/2025, unless Form G-1651 shows an exemption.',
    );
  if (method === 'G-1651')
    c.assume(
      'Form G-1651 claims an exemption from electronic payment: it must be certified, and the check or money order enclosed with it.',
    );
  const feeRows: Array<[string, string]> = extra
    .filter((f) => f.fee !== null)
    .map((f) => [`Form ${f.form}`, `${dollars(f.fee!)} (${f.basis})`]);
  if (fees.unknown.length === 0 && owed) feeRows.push(['Total fees', dollars(fees.total)]);
  if (method) feeRows.push(['Paid by', PAYMENT_METHOD_LABELS[method]]);

  // The evidence: the checklist's items the exhibits do not meet go on the review sheet.
  for (const item of m.checklist(main)) {
    c.cite(item.rule);
    if (c.lettersOf((d) => d.type !== null && item.documentTypes.includes(d.type)).length === 0)
      c.miss(`${item.title} (${item.rule.citation}): not among the exhibits.`);
  }
  if (c.exhibits.length === 0) c.miss('Supporting evidence: no document of the case is among the exhibits.');

  return [
    ...uscisOpening(
      m,
      [
        ['RE', `${mainTitle}${m.kase.receiptNumber ? `, Receipt Number ${m.kase.receiptNumber}` : ''}`],
        ...partyRows(c, main),
      ],
      address?.lines,
    ),
    ...c.para(
      'introduction',
      'Introduction',
      `On behalf of ${ourClientWords(c, main)}, we submit the enclosed ${mainTitle}${isPetition(main) ? `, for the beneficiary, ${m.client.name}` : ''}, with the forms, fees and supporting evidence listed below.`,
      [ourClientWords(c, main), mainTitle, m.client.name],
    ),
    { type: 'heading', text: 'Forms enclosed' },
    { type: 'list', items: formLines },
    ...(feeRows.length
      ? [{ type: 'heading', text: 'Filing fees' } as Block, { type: 'fields', rows: feeRows } as Block]
      : []),
    ...(c.exhibits.length
      ? [{ type: 'heading', text: 'Supporting evidence' } as Block, lettered(c.exhibits)]
      : []),
    ...c.para(
      'notices',
      'Notices',
      'Please send all notices about this filing to our office, as the enclosed Form G-28 provides. Should you need anything further, please contact us.',
    ),
    closing(m),
  ];
}
