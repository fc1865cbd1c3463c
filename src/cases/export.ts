/**
 * Export Data: the filtered list as a CSV file, written batch by batch as the rows are read, so an export
 * of 100,000 cases never sits in memory whole. Its header is the one Import Cases reads.
 */
import { type FileAnswer, fileAnswer } from '../http/file-answer';
import type { CaseStatus, CaseType, FormType } from '../shared/cases';
import { CSV_COLUMNS, type CsvColumn } from './import';

/** A case as the export writes it: dates YYYY-MM-DD, money in cents. */
export type ExportCase = {
  caseNumber: string;
  clientName: string;
  caseType: CaseType;
  formType: FormType;
  status: CaseStatus;
  assignee: string | null;
  dueDate: string | null;
  description: string;
  receiptNumber: string | null;
  priorityDate: string | null;
  legalFeeCents: number | null;
  amountPaidCents: number | null;
  created: string;
};

const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

const CELLS: Record<CsvColumn, (c: ExportCase) => string> = {
  caseNumber: (c) => c.caseNumber,
  clientName: (c) => c.clientName,
  caseType: (c) => c.caseType,
  formType: (c) => c.formType,
  status: (c) => c.status,
  assignee: (c) => c.assignee ?? '',
  dueDate: (c) => c.dueDate ?? '',
  description: (c) => c.description,
  receiptNumber: (c) => c.receiptNumber ?? '',
  priorityDate: (c) => c.priorityDate ?? '',
  legalFee: (c) => dollars(c.legalFeeCents),
  amountPaid: (c) => dollars(c.amountPaidCents),
  created: (c) => c.created,
};
const ORDER = Object.keys(CSV_COLUMNS) as CsvColumn[];

/** One case as its row of cells (the file answer neutralizes them). */
const cellsOf = (c: ExportCase) => ORDER.map((column) => CELLS[column](c));

async function* rowsOf(first: ExportCase[], rest: AsyncIterator<ExportCase[]>) {
  yield ORDER.map((column) => CSV_COLUMNS[column]);
  for (const c of first) yield cellsOf(c);
  for (let next = await rest.next(); !next.done; next = await rest.next())
    for (const c of next.value) yield cellsOf(c);
}

/**
 * The cases as the CSV file `filename` (gzipped as it is sent when the client accepts it). The first batch
 * is read now, before the headers go, so a failure there is still a clean error; a later one cuts the
 * download short (the client sees it incomplete) rather than ending a file that looks whole.
 */
export async function exportAnswer(
  filename: string,
  batches: AsyncIterable<ExportCase[]>,
): Promise<FileAnswer> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  return fileAnswer(filename, 'text/csv; charset=utf-8', {
    csv: rowsOf(first.done ? [] : first.value, iterator),
  });
}
