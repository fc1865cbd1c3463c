import { z } from 'zod';

/** GET {API}/backups: one page of the firm's backups, newest first. */
export const backupPageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be 1 to 200' }).int().min(1).max(200).default(20),
});

/** GET {API}/restores: one page of the restores, newest first. */
export const restorePageQuery = backupPageQuery;
