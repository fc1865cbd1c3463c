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
