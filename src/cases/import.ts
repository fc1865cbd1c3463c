/**
 * Import Cases: a CSV file read row by row, each row checked on its own before anything is written. No
 * database here: the service gives the firm's users and learns which receipt numbers are stored already.
 */
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { z } from 'zod';
import {
  CASE_LIMITS,
  CASE_STATUSES,
  CASE_TYPES,
  type CaseStatus,
  type CaseType,
  FORM_CODES,
  type FormType,
} from '../shared/cases';
import { isIsoDate } from '../shared/dates';
import { ServiceError } from '../shared/errors';
import { requiredText } from '../shared/fields';
import { newCaseSchema } from './schema';

/**
 * all-or-nothing and valid-rows add every row as a new case (a row of a case the firm has is refused);
 * update changes the firm's case of each row's Case Number and adds the others, all or nothing.
 */
export const IMPORT_MODES = ['all-or-nothing', 'valid-rows', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** POST {API}/cases/import's text field (the file comes beside it). Nothing half-done unless asked for. */
export const importInput = z.object({
  mode: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(IMPORT_MODES, { error: 'Mode must be all-or-nothing, valid-rows or update' })
      .default('all-or-nothing'),
  ),
});

/** The columns in the export's order, with the header the export writes (and import reads). */
export const CSV_COLUMNS = {
  caseNumber: 'Case Number',
  clientName: 'Client Name',
  caseType: 'Case Type',
  formType: 'Form Type',
  status: 'Status',
  assignee: 'Assigned To',
  dueDate: 'Due Date',
  description: 'Description',
  receiptNumber: 'Receipt Number',
  priorityDate: 'Priority Date',
  legalFee: 'Legal Fee',
  amountPaid: 'Amount Paid',
  created: 'Created',
} as const;
export type CsvColumn = keyof typeof CSV_COLUMNS;

/** Other names people give the columns, compared without case, spaces or punctuation. */
const ALIASES: Record<CsvColumn, string[]> = {
  caseNumber: ['Case', 'Case ID', 'Case No'],
  clientName: ['Client', 'Client Full Name'],
  caseType: ['Type'],
  formType: ['Form', 'USCIS Form'],
  status: ['Case Status'],
  assignee: ['Assignee', 'Assigned', 'Attorney'],
  dueDate: ['Deadline', 'Due'],
  description: ['Notes'],
  receiptNumber: ['Receipt', 'Receipt No', 'USCIS Receipt Number'],
  priorityDate: [],
  legalFee: ['Fee'],
  amountPaid: ['Paid'],
  created: ['Created At', 'Opened'],
};

/** Read but not imported: a case is created now (its number names the case to update, or is refused). */
const IGNORED = new Set<CsvColumn>(['created']);
/** Longer than any case number the product gives ("RI-2026-0001"), short enough to be no burden. */
const CASE_NUMBER_MAX = 40;
const REQUIRED: CsvColumn[] = ['clientName', 'caseType', 'formType'];

const headerKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const COLUMN_OF = new Map<string, CsvColumn>(
  (Object.keys(CSV_COLUMNS) as CsvColumn[]).flatMap((column) =>
    [CSV_COLUMNS[column], ...ALIASES[column]].map((name): [string, CsvColumn] => [headerKey(name), column]),
  ),
);
const READ_NAMES = (Object.keys(CSV_COLUMNS) as CsvColumn[])
  .filter((c) => !IGNORED.has(c))
  .map((c) => CSV_COLUMNS[c]);

/** A refusal of the whole file: nothing is written, and the message says why. */
export const fileRefusal = (message: string) => new ServiceError('invalid', message, { file: message });

export const IMPORT_REFUSALS = {
  noFile: 'Choose a CSV file of cases to import.',
  tooLarge: `The file is larger than ${CASE_LIMITS.importBytes / 1024 / 1024} MB: import at most ${CASE_LIMITS.importRows.toLocaleString('en-US')} rows and ${CASE_LIMITS.importBytes / 1024 / 1024} MB at a time (split the file).`,
};

/** "long text…" in quotes, as a message shows what was written. */
const quoted = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

/** Each value's column (undefined: a column of no name, or one import does not keep). */
export function columnsOf(header: string[]): Array<CsvColumn | undefined> {
  const seen = new Map<CsvColumn, string>();
  const columns = header.map((raw) => {
    const name = raw.trim();
    if (!name) return undefined;
    const column = COLUMN_OF.get(headerKey(name));
    if (!column)
      throw fileRefusal(
        `The first row names a column Import Cases does not know: ${quoted(name)}. Columns it reads: ${READ_NAMES.join(', ')}.`,
      );
    const twice = seen.get(column);
    if (twice)
      throw fileRefusal(`The columns ${quoted(twice)} and ${quoted(name)} are the same column: keep one.`);
    seen.set(column, name);
    return IGNORED.has(column) ? undefined : column;
  });
  const missing = REQUIRED.filter((c) => !seen.has(c)).map((c) => CSV_COLUMNS[c]);
  if (missing.length)
    throw fileRefusal(
      `The first row must name the columns, and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing from it.`,
    );
  return columns;
}

const PLAUSIBLE_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** 11/23/2026, 1/5/2026 or 2026-11-23 as '2026-11-23'; undefined when it is no real date. */
export function isoDateOf(text: string): string | undefined {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : text;
  // A month or day out of range is refused here: isIsoDate would meet an invalid Date.
  return PLAUSIBLE_DATE.test(iso) && isIsoDate(iso) ? iso : undefined;
}

/** "Lopez, Ana" and "  Ana   Lopez " are both "Ana Lopez". */
export function clientNameOf(text: string): string {
  const name = text.trim().replace(/\s+/g, ' ');
  const comma = /^([^,]+),\s*([^,]+)$/.exec(name);
  return comma ? `${comma[2]} ${comma[1]}`.trim() : name;
}

/** An active user of the firm, as "Assigned To" may name them. */
export type Assignable = { id: string; loginId: string; email: string; name: string };

/** Finds a user by login ID, email or full name (any case); a name two users share names nobody. */
export function assigneeFinder(users: Assignable[]): (text: string) => string | { problem: string } {
  const byKey = new Map<string, string[]>();
  const add = (key: string, id: string) => {
    const ids = byKey.get(key.toLowerCase()) ?? [];
    if (!ids.includes(id)) ids.push(id);
    byKey.set(key.toLowerCase(), ids);
  };
  for (const user of users) for (const key of [user.loginId, user.email, user.name]) add(key, user.id);
  return (text) => {
    const ids = byKey.get(text.replace(/\s+/g, ' ').toLowerCase()) ?? [];
    if (ids.length === 1) return ids[0];
    return {
      problem: ids.length
        ? `Assigned To ${quoted(text)} names ${ids.length} users of the firm: give a user ID or email instead`
        : `Assigned To ${quoted(text)} is not an active user of the firm (give a user ID, email or full name)`,
    };
  };
}

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A value that must be one of `choices` (looked up by `keyOf`), or the message that lists them. */
function oneOf<T>(label: string, choices: Map<string, T>, keyOf: (v: string) => string, listed: string) {
  return z.string().transform((v, ctx) => {
    const found = choices.get(keyOf(v.trim()));
    if (found !== undefined) return found;
    ctx.addIssue({ code: 'custom', message: `${label} ${quoted(v.trim())} is not one of ${listed}` });
    return z.NEVER;
  });
}

const lettersOnly = (v: string) => v.toUpperCase().replace(/[^A-Z0-9]/g, '');
const CASE_TYPE_OF = new Map(CASE_TYPES.map((t): [string, CaseType] => [lettersOnly(t), t]));
const FORM_OF = new Map(FORM_CODES.map((f): [string, FormType] => [lettersOnly(f), f]));
const STATUS_OF = new Map(CASE_STATUSES.map((s): [string, CaseStatus] => [lettersOnly(s), s]));

const dateOf = (label: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .transform((v, ctx) => {
        const iso = isoDateOf(v.trim());
        if (iso) return iso;
        ctx.addIssue({
          code: 'custom',
          message: `${label} ${quoted(v.trim())} is not a date: write it as MM/DD/YYYY or YYYY-MM-DD`,
        });
        return z.NEVER;
      })
      .optional(),
  );

/** One row's values by column, checked; `findAssignee` knows the firm's active users. */
function rowSchema(findAssignee: ReturnType<typeof assigneeFinder>) {
  return z.object({
    caseNumber: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .max(CASE_NUMBER_MAX, `Case Number is at most ${CASE_NUMBER_MAX} characters`)
        .transform((v) => v.toUpperCase())
        .optional(),
    ),
    clientName: z.preprocess(
      (v) => (typeof v === 'string' ? clientNameOf(v) : v),
      requiredText('Client Name', CASE_LIMITS.name * 2),
    ),
    caseType: oneOf('Case Type', CASE_TYPE_OF, lettersOnly, CASE_TYPES.join(', ')),
    formType: oneOf('Form Type', FORM_OF, lettersOnly, FORM_CODES.join(', ')),
    status: z.preprocess(blank, oneOf('Status', STATUS_OF, lettersOnly, CASE_STATUSES.join(', ')).optional()),
    assignee: z.preprocess(
      blank,
      z
        .string()
        .transform((v, ctx) => {
          const found = findAssignee(v.trim());
          if (typeof found === 'string') return found;
          ctx.addIssue({ code: 'custom', message: found.problem });
          return z.NEVER;
        })
        .optional(),
    ),
    dueDate: dateOf('Due Date'),
    priorityDate: dateOf('Priority Date'),
    description: newCaseSchema.shape.description,
    receiptNumber: newCaseSchema.shape.receiptNumber,
    legalFee: newCaseSchema.shape.legalFee,
    amountPaid: newCaseSchema.shape.amountPaid,
  });
}

/** A row that can be imported, as the store writes it (money in cents). */
export type CaseImport = {
  line: number;
  /** The case the row is of, as the file numbers it (upper case). */
  caseNumber: string | null;
  /** The columns the file has: an update changes only these (a column left out is left as it is). */
  given: ReadonlySet<CsvColumn>;
  clientName: string;
  caseType: CaseType;
  formType: FormType;
  /** Null when the cell is empty: a new case is pending, an updated one keeps its status. */
  status: CaseStatus | null;
  assigneeId: string | null;
  dueDate: string | null;
  priorityDate: string | null;
  description: string;
  receiptNumber: string | null;
  legalFeeCents: number | null;
  amountPaidCents: number | null;
};
export type Rejection = { line: number; reason: string };
/** What an import did: the API's answer (`updated`: the firm's cases it changed, in update mode). */
export type ImportResult = { imported: number; updated: number; rejected: Rejection[] };
export const isRejection = (row: CaseImport | Rejection): row is Rejection => 'reason' in row;

const cents = (dollars: number | null | undefined) => (dollars == null ? null : Math.round(dollars * 100));

/**
 * Our export puts an apostrophe before a value a spreadsheet would run as a formula; read back, the
 * apostrophe goes, so an exported file imports as it was.
 */
const unguarded = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/**
 * Checks rows one by one; a receipt number or case number a row before took already is refused with that
 * row's line.
 */
function rowChecker(columns: Array<CsvColumn | undefined>, findAssignee: ReturnType<typeof assigneeFinder>) {
  const schema = rowSchema(findAssignee);
  const given: ReadonlySet<CsvColumn> = new Set(columns.filter((c) => c !== undefined));
  const receipts = new Map<string, number>();
  const numbers = new Map<string, number>();
  return ({ line, values }: CsvRecord): CaseImport | Rejection => {
    if (values.length !== columns.length)
      return {
        line,
        reason: `This row has ${values.length} values where the first row names ${columns.length} columns (is a comma missing, or a value with a comma not in quotes?)`,
      };
    const fields: Partial<Record<CsvColumn, string>> = {};
    columns.forEach((column, i) => column && (fields[column] = unguarded(values[i])));
    const parsed = schema.safeParse(fields);
    if (!parsed.success) return { line, reason: parsed.error.issues.map((i) => i.message).join('; ') };
    const row = parsed.data;
    const earlier = row.receiptNumber ? receipts.get(row.receiptNumber) : undefined;
    if (earlier) return { line, reason: `Receipt Number ${row.receiptNumber} is on line ${earlier} already` };
    const sameCase = row.caseNumber ? numbers.get(row.caseNumber) : undefined;
    if (sameCase) return { line, reason: `Case Number ${row.caseNumber} is on line ${sameCase} already` };
    if (row.receiptNumber) receipts.set(row.receiptNumber, line);
    if (row.caseNumber) numbers.set(row.caseNumber, line);
    return {
      line,
      caseNumber: row.caseNumber ?? null,
      given,
      clientName: row.clientName,
      caseType: row.caseType,
      formType: row.formType,
      status: row.status ?? null,
      assigneeId: row.assignee ?? null,
      dueDate: row.dueDate ?? null,
      priorityDate: row.priorityDate ?? null,
      description: row.description,
      receiptNumber: row.receiptNumber ?? null,
      legalFeeCents: cents(row.legalFee),
      amountPaidCents: cents(row.amountPaid),
    };
  };
}

/** One record of the file: its values, and the line it starts on (the header is line 1). */
type CsvRecord = { line: number; values: string[] };

/** Why csv-parse stopped, in a person's words. */
function malformed(error: CsvError): ServiceError {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? ` (line ${line})` : '';
  const why: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: 'a value opens a quote that is never closed',
    CSV_INVALID_CLOSING_QUOTE: 'a quoted value has other characters after its closing quote',
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted value has other characters after its closing quote',
    CSV_MAX_RECORD_SIZE: 'a row is far too long',
  };
  const reason = why[error.code] ?? 'it is not in CSV form';
  return fileRefusal(
    `The file could not be read as CSV${where}: ${reason}. Put quotes around a value that holds a comma, quote or line break, and write a quote inside it twice ("").`,
  );
}

const NOT_TEXT =
  'The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and try again.';

/** The line a record starts on: csv-parse counts to its end, and a quoted value may hold line breaks. */
const startLine = (endLine: number, values: string[]) =>
  endLine - values.reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);

/**
 * The file's records, the header first. A file with more than `maxRows` rows below the header, one that is
 * not UTF-8 text, and one that is not CSV are refused whole (at the first sign, so nothing more is read).
 */
async function* csvRecords(input: Readable, maxRows: number = CASE_LIMITS.importRows) {
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: CASE_LIMITS.description * 8,
  });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let rows = -1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      if (record.every((v) => v.trim() === '')) continue;
      if (++rows > maxRows)
        throw fileRefusal(
          `The file has more than ${maxRows.toLocaleString('en-US')} rows below its header: import at most ${maxRows.toLocaleString('en-US')} cases at a time (split the file).`,
        );
      if (record.some((v) => v.includes('\uFFFD') || v.includes('\u0000'))) throw fileRefusal(NOT_TEXT);
      yield { line: startLine(info.lines, record), values: record } satisfies CsvRecord;
    }
  } catch (error) {
    throw error instanceof CsvError ? malformed(error) : error;
  } finally {
    input.unpipe(parser);
    input.destroy();
  }
}

/**
 * Every row of the file, checked: each yields the case to import or why not. The header must name the
 * columns; a file with no row below it is refused.
 */
export async function* checkedRows(
  input: Readable,
  findAssignee: ReturnType<typeof assigneeFinder>,
  maxRows?: number,
): AsyncGenerator<CaseImport | Rejection> {
  let check: ReturnType<typeof rowChecker> | undefined;
  let rows = 0;
  for await (const record of csvRecords(input, maxRows)) {
    if (!check) {
      check = rowChecker(columnsOf(record.values), findAssignee);
      continue;
    }
    rows++;
    yield check(record);
  }
  if (!check)
    throw fileRefusal('The file is empty. Its first row names the columns, and each row below is a case.');
  if (rows === 0) throw fileRefusal('The file has no rows below its header: there is no case to import.');
}
