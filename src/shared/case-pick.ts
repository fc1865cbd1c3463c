/**
 * A case picker's words and search (islands/ui/case-picker.tsx), the same on the server and in the browser.
 */
import { type CaseRecord, OPEN_STATUSES, STATUS_LABELS } from './cases';
import { formatDate } from './dates';

/** A case as a picker offers it; `note` says what sets it apart (overdue, decided). */
export type CaseChoice = { id: string; caseNumber: string; clientName: string; note?: string };

/**
 * What a picker shows: the search as typed, the cases it found (of `total`), the case chosen, and the firm's
 * today (YYYY-MM-DD) that said which are overdue.
 */
export type CasePick = {
  query: string;
  results: CaseChoice[];
  total: number;
  chosen?: CaseChoice;
  today: string;
};

/** How many cases one search lists; the total says when there are more. */
export const CASE_PICK_SIZE = 20;

/** The search box's name in a page's address (`?caseQuery=souza`). */
export const CASE_QUERY_PARAM = 'caseQuery';

/** "RI-2026-0042 · Ana Souza", then its note: "RI-2026-0007 · Ana Souza · overdue since 03/02/2026". */
export const caseChoiceLabel = (c: CaseChoice) =>
  [c.caseNumber, c.clientName, c.note].filter(Boolean).join(' · ');

/** A case as a picker offers it, on the firm's `today` (YYYY-MM-DD). */
export function caseChoiceOf(record: CaseRecord, today: string): CaseChoice {
  const open = OPEN_STATUSES.includes(record.status);
  const note =
    open && record.dueDate && record.dueDate < today
      ? `overdue since ${formatDate(record.dueDate)}`
      : open
        ? undefined
        : STATUS_LABELS[record.status].toLowerCase();
  return { id: record.id, caseNumber: record.caseNumber, clientName: record.client.name, note };
}

/**
 * The search a picker runs, the same on the server and live: with words, every case of the firm they
 * match; without, the open cases. Either way the soonest due first, so overdue cases lead.
 */
export function casePickQuery(query: string) {
  const words = query.trim();
  return {
    q: words,
    sort: 'dueDate',
    pageSize: CASE_PICK_SIZE,
    ...(words ? {} : { status: 'open' as const }),
  };
}

/** The picker's search from a page's query string (`?caseQuery=…`); anything else is no search. */
export function caseQueryOf(query: Record<string, unknown>): string {
  const value = query[CASE_QUERY_PARAM];
  return typeof value === 'string' ? value : '';
}
