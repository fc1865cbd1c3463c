/**
 * Federal legal holidays and the roll-over of a period that ends on a day USCIS is closed.
 *
 * 8 CFR 1.2 ("Day"): a period for taking an action counts Saturdays, Sundays and legal holidays, but when
 * its last day is a Saturday, Sunday or legal holiday it runs to the end of the next day that is none of
 * them. The legal holidays are those of 5 U.S.C. 6103(a), on the day federal offices observe them: one that
 * falls on a Saturday is observed the Friday before, one on a Sunday the Monday after (5 U.S.C. 6103(b);
 * Executive Order 11582). Juneteenth is a legal holiday from June 17, 2021 (Pub. L. 117-17). Inauguration Day
 * (5 U.S.C. 6103(c)) closes only offices around Washington, DC, and a day a President closes offices by order
 * is not in the statute: neither is counted here.
 */
import { formatDate } from '../shared/dates';
import { addDays } from './calendar';
import { staffTables } from './staff-tables';

export type Holiday = { date: string; name: string };

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The nth `day` (0 Sunday … 6 Saturday) of a month; n = -1 for the last. */
function nth(year: number, month: number, day: number, n: number): string {
  if (n > 0) {
    const first = weekday(iso(year, month, 1));
    return iso(year, month, 1 + ((day - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDate = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = weekday(iso(year, month, lastDate));
  return iso(year, month, lastDate - ((last - day + 7) % 7));
}

/** A fixed-date holiday on the day it is observed: Saturday → Friday, Sunday → Monday. */
function observed(date: string): string {
  const day = weekday(date);
  return day === 6 ? addDays(date, -1) : day === 0 ? addDays(date, 1) : date;
}

/** The holidays of 5 U.S.C. 6103(a) whose day falls in `year`, as observed. */
function holidaysOf(year: number): Holiday[] {
  const fixed = (month: number, day: number, name: string): Holiday => {
    const date = observed(iso(year, month, day));
    return { date, name: date === iso(year, month, day) ? name : `${name} (observed)` };
  };
  return [
    fixed(1, 1, 'New Year’s Day'),
    { date: nth(year, 1, 1, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { date: nth(year, 2, 1, 3), name: 'Washington’s Birthday' },
    { date: nth(year, 5, 1, -1), name: 'Memorial Day' },
    ...(year >= 2021 ? [fixed(6, 19, 'Juneteenth National Independence Day')] : []),
    fixed(7, 4, 'Independence Day'),
    { date: nth(year, 9, 1, 1), name: 'Labor Day' },
    { date: nth(year, 10, 1, 2), name: 'Columbus Day' },
    fixed(11, 11, 'Veterans Day'),
    { date: nth(year, 11, 4, 4), name: 'Thanksgiving Day' },
    fixed(12, 25, 'Christmas Day'),
  ];
}

/** Each year's holidays, computed once: every roll-over asks for them day by day. */
const BY_YEAR = new Map<number, readonly Holiday[]>();

/**
 * The legal holidays observed in a calendar year, soonest first. New Year's Day on a Saturday is observed
 * on December 31 of the year before, so that day belongs here.
 */
export function federalHolidays(year: number): readonly Holiday[] {
  let holidays = BY_YEAR.get(year);
  if (!holidays) {
    holidays = [...holidaysOf(year), ...holidaysOf(year + 1)]
      .filter((h) => h.date.startsWith(`${year}-`))
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    BY_YEAR.set(year, holidays);
  }
  return holidays;
}

/** The legal holiday observed on a date, if any: the statute's, or one platform staff added. */
export function holidayOn(date: string): Holiday | undefined {
  return (
    federalHolidays(Number(date.slice(0, 4))).find((h) => h.date === date) ??
    staffTables().holidays.find((h) => h.date === date)
  );
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Why USCIS is closed on a date ("a Saturday", "Christmas Day"), or undefined on a business day. */
export function closedBecause(date: string): string | undefined {
  const day = weekday(date);
  if (day === 0 || day === 6) return `a ${DAY_NAMES[day]}`;
  return holidayOn(date)?.name;
}

/**
 * The last day of a period under 8 CFR 1.2: the day itself on a business day, else the next business day.
 * `words` says what moved, for the answer's explanation.
 */
export function rollOver(date: string): { date: string; unadjustedDate?: string; words: string } {
  const why = closedBecause(date);
  if (!why) return { date, words: '' };
  let next = addDays(date, 1);
  while (closedBecause(next)) next = addDays(next, 1);
  return {
    date: next,
    unadjustedDate: date,
    words: `; ${formatDate(date)} is ${why}, so the period runs to ${DAY_NAMES[weekday(next)]} ${formatDate(next)} (8 CFR 1.2)`,
  };
}
