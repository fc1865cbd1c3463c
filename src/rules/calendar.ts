/**
 * Calendar arithmetic on ISO dates (YYYY-MM-DD), with no time zone: a rule's dates are days, not instants.
 * Weekends and holidays are never moved here; a rule that moves them says so itself.
 */
import { addDays } from '../shared/dates';

export { addDays };

const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The same day `years` later. 29 February falls on 1 March in a common year: a period counted from a leap
 * day is then never a day short (an N-400 filed one day early is denied, 8 CFR 334.2(b)).
 */
export function addYears(date: string, years: number): string {
  const [year, month, day] = parts(date);
  const target = year + years;
  if (month === 2 && day === 29 && !isLeap(target)) return iso(target, 3, 1);
  return iso(target, month, day);
}

/** The same day `months` later; a day the month lacks (31 April) falls on the next month's first day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return day > last ? addDays(iso(y, m, last), 1) : iso(y, m, day);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
