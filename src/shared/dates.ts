/**
 * Dates and times as US readers write them: 11/23/2026, and 11/23/2026, 5:30 AM EST in a time zone.
 * Intl only and no other dependency, so islands may import it too.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date ('2026-11-23', such as a firm's onboardDate) as '11/23/2026'. A date has no time of
 * day, so it is never moved into a time zone: that could show the day before or after.
 */
export function formatDate(isoDate: string): string {
  const parts = ISO_DATE.exec(isoDate);
  return parts ? `${parts[2]}/${parts[3]}/${parts[1]}` : isoDate;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** Building a format costs far more than using one: one per time zone, kept. */
function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format;
}

/**
 * An instant (an ISO timestamp or a Date) as '11/23/2026, 5:30 AM EST' in the time zone, an IANA name
 * such as America/New_York. Some ICU versions put a narrow no-break space before AM/PM: a plain space
 * reads, searches and copies the same everywhere.
 */
export function formatDateTime(instant: string | Date, timeZone: string): string {
  return dateTimeFormat(timeZone)
    .format(new Date(instant))
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** The canonical spelling of a time zone that Intl knows ('us/eastern' → America/New_York). */
export function canonicalTimeZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
/** The time zones of the United States and its territories, for a firm to choose from. */
export const US_TIME_ZONES: Record<string, string> = {
  'America/New_York': 'Eastern Time (New York)',
  'America/Chicago': 'Central Time (Chicago)',
  'America/Denver': 'Mountain Time (Denver)',
  'America/Phoenix': 'Mountain Time, no daylight saving (Phoenix)',
  'America/Los_Angeles': 'Pacific Time (Los Angeles)',
  'America/Anchorage': 'Alaska Time (Anchorage)',
  'America/Adak': 'Hawaii-Aleutian Time (Adak)',
  'Pacific/Honolulu': 'Hawaii Time (Honolulu)',
  'America/Puerto_Rico': 'Atlantic Time (Puerto Rico, U.S. Virgin Islands)',
  'Pacific/Guam': 'Chamorro Time (Guam, Northern Mariana Islands)',
  'Pacific/Pago_Pago': 'Samoa Time (American Samoa)',
};

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date ('2026-11-23') where the firm is: its deadlines fall due by its own clock. */
export function todayIn(timeZone: string, now = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** A calendar date moved by whole days ('2026-11-23' + 7 → '2026-11-30'), with no time zone involved. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whether text is a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  // Month 13 or day 32 is no date at all (toISOString would throw); 2026-02-30 rolls over to March.
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The instant a calendar day begins on a zone's clock ('2026-11-01' in New York → 04:00 UTC). */
export function midnightIn(isoDate: string, timeZone: string): Date {
  const utcMidnight = new Date(`${isoDate}T00:00:00Z`);
  // What the zone's clock reads at that instant tells its offset; a second pass settles a DST change.
  let instant = utcMidnight;
  for (let pass = 0; pass < 2; pass++) {
    const read = zoneClock(instant, timeZone);
    instant = new Date(instant.getTime() - (read - utcMidnight.getTime()));
  }
  return instant;
}

/** The wall-clock time a zone shows at an instant, as if it were UTC (milliseconds). */
function zoneClock(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
}
