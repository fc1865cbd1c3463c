/**
 * Dates as documents write them ("03/15/2024", "March 15, 2024", "15 MAR 2024", "15 de marzo de 2024",
 * "2024-03-15"), read as ISO calendar dates. Pure: the century of a two-digit year comes from `today`.
 */

const MONTHS: Record<string, number> = {};
const MONTH_NAMES: [number, string[]][] = [
  [1, ['january', 'jan', 'enero', 'janvier', 'janeiro', 'januar', 'gennaio']],
  [2, ['february', 'feb', 'febrero', 'février', 'fevrier', 'fevereiro', 'februar', 'febbraio']],
  [3, ['march', 'mar', 'marzo', 'mars', 'março', 'marco', 'märz', 'maerz']],
  [4, ['april', 'apr', 'abril', 'avril', 'aprile']],
  [5, ['may', 'mayo', 'mai', 'maio', 'maggio']],
  [6, ['june', 'jun', 'junio', 'juin', 'junho', 'juni', 'giugno']],
  [7, ['july', 'jul', 'julio', 'juillet', 'julho', 'juli', 'luglio']],
  [8, ['august', 'aug', 'agosto', 'août', 'aout']],
  [9, ['september', 'sep', 'sept', 'septiembre', 'setiembre', 'septembre', 'setembro', 'settembre']],
  [10, ['october', 'oct', 'octubre', 'octobre', 'outubro', 'oktober', 'ottobre']],
  [11, ['november', 'nov', 'noviembre', 'novembre', 'novembro']],
  [12, ['december', 'dec', 'diciembre', 'décembre', 'decembre', 'dezembro', 'dezember', 'dicembre']],
];
for (const [month, names] of MONTH_NAMES) for (const name of names) MONTHS[name] = month;
// Longest first, so that "march" is tried before "mar".
const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const PATTERNS: {
  pattern: RegExp;
  read: (m: RegExpExecArray, o: DateOptions) => [number, number, number] | null;
}[] = [
  // March 15, 2024 · Mar. 15 2024 · March 15th, 2024
  {
    pattern: new RegExp(
      `(?<![\\p{L}])(${MONTH})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`,
      'giu',
    ),
    read: (m) => [Number(m[3]), MONTHS[m[1].toLowerCase()], Number(m[2])],
  },
  // 15 March 2024 · 15 MAR 2024 · 15-Mar-2024 · 15th of March, 2024 · 15 de marzo de 2024
  {
    pattern: new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|er)?(?:\\s+of|\\s+de)?[\\s./-]+(${MONTH})\\.?,?(?:\\s+de(?:l)?)?[\\s./-]+(\\d{4})(?!\\d)`,
      'giu',
    ),
    read: (m) => [Number(m[3]), MONTHS[m[2].toLowerCase()], Number(m[1])],
  },
  // 2024 March 15 (as the I-94 website writes dates)
  {
    pattern: new RegExp(`(?<!\\d)(\\d{4})\\s+(${MONTH})\\.?\\s+(\\d{1,2})(?!\\d)`, 'giu'),
    read: (m) => [Number(m[1]), MONTHS[m[2].toLowerCase()], Number(m[3])],
  },
  // 2024-03-15 · 2024/03/15
  {
    pattern: /(?<!\d|\d[/.-])(\d{4})([-/])(\d{1,2})\2(\d{1,2})(?!\d|[/.-]\d)/g,
    read: (m) => [Number(m[1]), Number(m[3]), Number(m[4])],
  },
  // 03/15/2024 · 3-15-24 · 15.03.2024: month first in English, day first in other languages and with dots.
  {
    pattern: /(?<!\d|\d[/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?!\d|[/.-]\d)/g,
    read: (m, o) => {
      const a = Number(m[1]);
      const b = Number(m[3]);
      const year = m[4].length === 2 ? fullYear(Number(m[4]), o.today) : Number(m[4]);
      const dayFirst = a > 12 || (b <= 12 && (m[2] === '.' || o.dayFirst));
      return dayFirst ? [year, b, a] : [year, a, b];
    },
  },
];

export type DateOptions = {
  /** ISO today: a two-digit year is the one within ten years ahead of it or else in the century before. */
  today: string;
  /** Read 03/04/2024 as 3 April (documents not in English). */
  dayFirst?: boolean;
};

function fullYear(yy: number, today: string): number {
  const limit = Number(today.slice(0, 4)) + 10;
  return 2000 + yy <= limit ? 2000 + yy : 1900 + yy;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2150 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month))
    return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Every date in the text, as ISO dates, in the order they appear (repeats kept, overlaps resolved). */
export function findDates(
  text: string,
  options: DateOptions,
): { date: string; index: number; found: string }[] {
  const hits: { date: string; index: number; end: number; found: string }[] = [];
  for (const { pattern, read } of PATTERNS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const parts = read(m, options);
      const date = parts && isoDate(...parts);
      if (date) hits.push({ date, index: m.index, end: m.index + m[0].length, found: m[0] });
    }
  }
  hits.sort((a, b) => a.index - b.index || b.end - a.end);
  const kept: typeof hits = [];
  for (const hit of hits) if (!kept.length || hit.index >= kept[kept.length - 1].end) kept.push(hit);
  return kept.map(({ date, index, found }) => ({ date, index, found }));
}

/** The calendar date `months` after an ISO date; a day past the month's end falls on its last day. */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return isoDate(year, month, Math.min(d, daysIn(year, month))) as string;
}
