import { addDays } from '../shared/dates';

/**
 * iCalendar (RFC 5545) for the deadlines feed: all-day events, lines ended by CRLF and folded at 75 octets,
 * text escaped, each event with a UID that stays the same for a case's deadline however often it is read.
 */

type CalendarEvent = {
  /** Stable for the same case and deadline, so a calendar updates the event rather than adding another. */
  uid: string;
  /** ISO date of the all-day event. */
  date: string;
  summary: string;
  description: string;
  url?: string;
};

const MAX_OCTETS = 75;

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/**
 * A content line folded so that no line is longer than 75 octets (RFC 5545 §3.1): continuation lines begin
 * with a space, and a character's UTF-8 bytes are never split.
 */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line may hold 75 octets; a continuation line's leading space counts among its 75.
    const room = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > room) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** '2026-11-23' → '20261123' (a DATE value). */
const dateValue = (isoDate: string) => isoDate.replace(/-/g, '');

/** An instant in UTC as a DATE-TIME value: 20261123T143000Z. */
const stampOf = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** The whole calendar as text, every line CRLF-terminated and folded. */
export function buildCalendar(calendar: {
  /** The product's identifier (PRODID). */
  productId: string;
  name: string;
  description: string;
  /** When the feed was made: each event's DTSTAMP. */
  stamp: Date;
  events: CalendarEvent[];
}): string {
  const stamp = stampOf(calendar.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${calendar.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(calendar.name)}`,
    `X-WR-CALDESC:${text(calendar.description)}`,
    ...calendar.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${dateValue(event.date)}`,
      // An all-day event's DTEND is the day after: the end is exclusive.
      `DTEND;VALUE=DATE:${dateValue(addDays(event.date, 1))}`,
      `SUMMARY:${text(event.summary)}`,
      `DESCRIPTION:${text(event.description)}`,
      ...(event.url ? [`URL:${event.url}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map((line) => `${fold(line)}\r\n`).join('');
}
