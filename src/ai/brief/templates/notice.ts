/**
 * A notice on file that asks for an answer: the newest RFE or NOID of the case, with what the document
 * analysis read from it (receipt number, form, date, due date, the items asked for in the notice's order).
 */
import { formatDate } from '../../../shared/dates';
import type { DocumentRecord } from '../../../shared/documents';
import type { Composer } from '../compose';
import type { BriefMatter } from '../matter';

export type NoticeKind = 'rfe' | 'noid';

export const NOTICE_KINDS = {
  rfe: { type: 'i797-rfe', name: 'Request for Evidence', upload: 'the Request for Evidence (Form I-797E)' },
  noid: { type: 'uscis-noid', name: 'Notice of Intent to Deny', upload: 'the Notice of Intent to Deny' },
} as const;

export type NoticeOnFile = {
  doc: DocumentRecord;
  /** As the notice prints them; the case's where the notice gave none (the review sheet says so). */
  receipt: string | null;
  form: string;
  noticeDate: string | null;
  /** ISO: the day USCIS must receive the response. */
  dueDate: string | null;
  items: string[];
};

const newestFirst = (a: DocumentRecord, b: DocumentRecord) =>
  (b.fields?.noticeDate ?? b.createdAt).localeCompare(a.fields?.noticeDate ?? a.createdAt);

/** The newest notice of the kind in the file, or none. */
export function noticeDocument(m: BriefMatter, kind: NoticeKind): DocumentRecord | undefined {
  return m.documents
    .filter((d) => d.status === 'done' && d.type === NOTICE_KINDS[kind].type)
    .sort(newestFirst)[0];
}

/**
 * The notice's facts, each from the notice itself where it printed it; what came from elsewhere, or is not
 * known, goes on the review sheet.
 */
export function noticeOnFile(c: Composer, kind: NoticeKind): NoticeOnFile | undefined {
  const { m } = c;
  const { name, upload } = NOTICE_KINDS[kind];
  const doc = noticeDocument(m, kind);
  if (!doc) {
    c.miss(
      `No ${name} is in the case file: upload ${upload} to the case. Its receipt number, form, date, due date and the items it asks for are read from it; then prepare this draft again.`,
    );
    return undefined;
  }
  const others = m.documents.filter((d) => d.type === doc.type && d.id !== doc.id).length;
  if (others)
    c.assume(
      `This draft answers the newest ${name} on file (${doc.name}); ${others} older one${others === 1 ? ' is' : 's are'} in the file too.`,
    );
  const f = doc.fields;
  const receipt = f?.receiptNumbers[0] ?? m.kase.receiptNumber;
  if (!f?.receiptNumbers.length)
    if (receipt) c.assume(`The receipt number ${receipt} is the case’s: none was read from ${doc.name}.`);
    else c.miss(`The receipt number: neither ${doc.name} nor the case gives one. Enter it on the case.`);
  const form = f?.formNumber ?? m.kase.formType;
  if (!f?.formNumber) c.assume(`The form is the case’s (Form ${form}): ${doc.name} did not name one.`);
  const noticeDate = f?.noticeDate ?? null;
  if (!noticeDate) c.miss(`The notice’s date: it was not read from ${doc.name}. Check it on the notice.`);
  let dueDate = f?.responseDueDate ?? null;
  if (!dueDate) {
    const onDocket = m.docket.find((d) => d.source.documentId === doc.id && d.kind === 'deadline');
    dueDate = onDocket?.date ?? null;
    if (onDocket)
      c.assume(
        `The due date ${formatDate(onDocket.date)} is the docket’s (${onDocket.explanation ?? onDocket.title}): the notice’s own was not read.`,
      );
    else
      c.miss(
        `The response’s due date: it was not read from ${doc.name} and is not on the docket. Check it on the notice.`,
      );
  }
  if (dueDate && dueDate < m.asOf)
    c.miss(
      `The response was due on ${formatDate(dueDate)}, before today: check the notice and the docket before sending it.`,
    );
  const items = f?.requestedItems ?? [];
  if (items.length === 0)
    c.miss(
      `What the notice asks for: no numbered items were read from ${doc.name}. Check the notice, and list each item in the text.`,
    );
  return { doc, receipt, form, noticeDate, dueDate, items };
}
