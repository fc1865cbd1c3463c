import { formatDate, formatDateTime } from '../../src/shared/dates';
import { useRenderContext } from '../context';

/** A calendar date (yyyy-mm-dd) as 11/23/2026, never shifted by a time zone. */
export function DateText({ value }: { value: string }) {
  return <time dateTime={value}>{formatDate(value)}</time>;
}

/** An instant (an ISO timestamp) as 11/23/2026, 5:30 AM EST, in the time zone of the page. */
export function DateTimeText({ value }: { value: string }) {
  const { timeZone } = useRenderContext();
  return <time dateTime={value}>{formatDateTime(value, timeZone)}</time>;
}
