import { z } from 'zod';

/** Entries per page of Recent activity. */
export const ACTIVITY_PAGE_SIZE = 10;

/** GET {API}/activity: one page of the firm's activity, newest first. */
export const activityQuery = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be 1 to 100' })
    .int()
    .min(1, 'pageSize must be 1 to 100')
    .max(100, 'pageSize must be 1 to 100')
    .default(ACTIVITY_PAGE_SIZE),
});
