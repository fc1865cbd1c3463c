import { formatDate, formatDateTime } from '../../src/shared/dates';

const NEW_YORK = 'America/New_York';

describe('dates and times as US readers write them', () => {
  it('writes a calendar date as mm/dd/yyyy', () => {
    expect(formatDate('2026-11-23')).toBe('11/23/2026');
    expect(formatDate('2026-03-05')).toBe('03/05/2026');
  });

  it('never moves a calendar date into a time zone', () => {
    // As an instant, 2026-01-01 is midnight UTC: still New Year's Eve in New York. A date is not an instant.
    expect(formatDateTime('2026-01-01', NEW_YORK)).toBe('12/31/2025, 7:00 PM EST');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate('2026-12-31')).toBe('12/31/2026');
  });

  it('shows anything that is not a yyyy-mm-dd date as it is', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('2026-11-23T10:30:00Z')).toBe('2026-11-23T10:30:00Z');
  });

  it('shows a UTC instant in New York time, with its zone', () => {
    expect(formatDateTime('2026-11-23T10:30:00.000Z', NEW_YORK)).toBe('11/23/2026, 5:30 AM EST');
    expect(formatDateTime(new Date('2026-07-04T16:05:00Z'), NEW_YORK)).toBe('07/04/2026, 12:05 PM EDT');
    // Already the 24th in UTC, still the evening of the 23rd in New York.
    expect(formatDateTime('2026-11-24T03:30:00Z', NEW_YORK)).toBe('11/23/2026, 10:30 PM EST');
  });

  it('follows daylight saving time across both of its boundaries', () => {
    // March 8, 2026: at 2:00 AM EST the clocks jump to 3:00 AM EDT.
    expect(formatDateTime('2026-03-08T06:59:00Z', NEW_YORK)).toBe('03/08/2026, 1:59 AM EST');
    expect(formatDateTime('2026-03-08T07:00:00Z', NEW_YORK)).toBe('03/08/2026, 3:00 AM EDT');
    // November 1, 2026: at 2:00 AM EDT they fall back to 1:00 AM EST, so 1:30 AM happens twice.
    expect(formatDateTime('2026-11-01T05:30:00Z', NEW_YORK)).toBe('11/01/2026, 1:30 AM EDT');
    expect(formatDateTime('2026-11-01T06:30:00Z', NEW_YORK)).toBe('11/01/2026, 1:30 AM EST');
  });

  it('uses the time zone it is given', () => {
    expect(formatDateTime('2026-11-23T10:30:00Z', 'America/Los_Angeles')).toBe('11/23/2026, 2:30 AM PST');
    expect(formatDateTime('2026-11-23T10:30:00Z', 'America/Chicago')).toBe('11/23/2026, 4:30 AM CST');
    expect(formatDateTime('2026-11-23T10:30:00Z', 'UTC')).toBe('11/23/2026, 10:30 AM UTC');
  });

  it('writes plain spaces, whatever the ICU version puts before AM and PM', () => {
    for (const hour of ['00', '06', '12', '18'])
      expect(formatDateTime(`2026-11-23T${hour}:00:00Z`, NEW_YORK)).not.toMatch(/[\u00a0\u202f]/);
  });
});
