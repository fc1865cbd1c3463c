/**
 * The response to an RFE or a NOID: the notice on top (8 CFR 103.2(b)(11)), the RE line with the notice's
 * form and receipt number and the date USCIS must receive it, then each item the notice asks for in the
 * notice's order with the exhibits that answer it. An item nothing in the file answers is listed, with no
 * claim about it, and marked missing on the review sheet; the letter concludes that the evidence answers
 * the notice only when every item has its evidence.
 */
import { formatDate } from '../../../shared/dates';
import type { DocumentRecord } from '../../../shared/documents';
import { RESPONSE_TOGETHER } from '../authorities';
import {
  type Composer,
  closing,
  exhibitWords,
  formName,
  lettered,
  ourClientWords,
  partyRows,
  uscisOpening,
} from '../compose';
import { documentsAnswering, evidenceOf } from '../evidence';
import type { BriefMatter } from '../matter';
import type { Block } from '../model';
import { NOTICE_KINDS, type NoticeKind, noticeDocument, noticeOnFile } from './notice';

/** The exhibits proposed: for each item in the notice's order, the documents that answer it. */
export function responseExhibits(m: BriefMatter, kind: NoticeKind): DocumentRecord[] {
  const items = noticeDocument(m, kind)?.fields?.requestedItems ?? [];
  const evidence = evidenceOf(m.documents);
  return [...new Set(items.flatMap((item) => documentsAnswering(item, evidence)))];
}

/** An item as the letter quotes it, shortened for the review sheet. */
const short = (item: string) => (item.length > 90 ? `${item.slice(0, 87)}…` : item);

export function responseBlocks(c: Composer, kind: NoticeKind): Block[] {
  const { m } = c;
  const { name } = NOTICE_KINDS[kind];
  const notice = noticeOnFile(c, kind);
  const form = notice?.form ?? m.kase.formType;
  const receipt = notice?.receipt ?? m.kase.receiptNumber;
  const title = formName(form, m.formOf(form).title);
  c.cite(RESPONSE_TOGETHER);

  const answered = (notice?.items ?? []).map((item, i) => {
    const letters = c.lettersOf((d) => documentsAnswering(item, [d]).length > 0);
    if (letters.length === 0)
      c.miss(
        `Item ${i + 1} of the notice (“${short(item)}”): nothing in the file answers it. Upload the evidence (it is matched by what the analysis reads), add it as an exhibit, or explain in item ${i + 1}’s text why it is not available.`,
      );
    const explanation = c.optional(`item-${i + 1}`, `Item ${i + 1}: our explanation`);
    const enclosed = letters.length ? `Enclosed as ${exhibitWords(letters)}.` : '';
    return { text: item, answer: [enclosed, explanation].filter(Boolean).join(' ') || undefined, letters };
  });
  if (answered.some((a) => a.letters.length))
    c.assume(
      'Each exhibit is matched to an item by what the document analysis read (its type or form): check that it answers every part of the item.',
    );
  const everyItem = answered.length > 0 && answered.every((a) => a.letters.length > 0);
  const matched = new Set(answered.flatMap((a) => a.letters));
  const added = c.exhibits.filter((e) => !matched.has(e.letter));
  c.assume(
    'Send the response to the address the notice gives for it: this letter is addressed to USCIS without it.',
  );

  const dated = notice?.noticeDate ? ` dated ${formatDate(notice.noticeDate)}` : '';
  const rows: Array<[string, string]> = [
    ['RE', `Response to ${name}, Form ${form}${receipt ? `, Receipt Number ${receipt}` : ''}`],
    ...partyRows(c, form),
  ];
  if (notice?.noticeDate) rows.push(['Notice date', formatDate(notice.noticeDate)]);
  if (notice?.dueDate) rows.push(['Response due', `To be received by ${formatDate(notice.dueDate)}`]);
  return [
    ...uscisOpening(m, rows),
    ...c.para(
      'introduction',
      'Introduction',
      `On behalf of ${ourClientWords(c, form)}, we respond to the ${name}${dated} concerning ${title}${receipt ? ` (receipt number ${receipt})` : ''}. A copy of the notice is on top of this response. Our response to each item follows, in the order of the notice.`,
      [ourClientWords(c, form), name, dated.trim(), title, receipt],
    ),
    ...(answered.length
      ? [
          { type: 'heading', text: 'The evidence requested' } as Block,
          { type: 'numbered', items: answered.map(({ text, answer }) => ({ text, answer })) } as Block,
        ]
      : []),
    ...(added.length ? [{ type: 'heading', text: 'Additional evidence' } as Block, lettered(added)] : []),
    ...(c.exhibits.length
      ? [{ type: 'heading', text: 'Index of exhibits' } as Block, lettered(c.exhibits)]
      : []),
    ...c.para(
      'conclusion',
      'Conclusion',
      everyItem
        ? `The enclosed evidence responds to each item of the ${name}. We respectfully request that USCIS approve the ${title}.`
        : `We respectfully request that USCIS consider this response and approve the ${title}.`,
      [name, title],
    ),
    closing(m),
  ];
}
