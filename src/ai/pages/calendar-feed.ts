import { page } from '../../access/page';
import { pages } from '../../shared/paths';
import { getCalendarFeed } from '../actions';

/**
 * /calendar/{token}.ics: the feed a calendar app reads with no session (its secret address is its only
 * key); the answer is the file itself, or 404 for an unknown or revoked address.
 */
export const calendarFeedPage = page({
  path: pages.calendarFeed(':token'),
  reads: [getCalendarFeed],
  params: { token: /^[A-Za-z0-9_-]{1,100}$/ },
  load: ({ read }) => read(getCalendarFeed),
  render: () => {
    throw new Error('A calendar feed is always its file.');
  },
});
