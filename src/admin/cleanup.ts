import type { Kysely } from 'kysely';
import { createEndedSessions } from '../auth/ended-sessions';
import type { BackupsService } from '../backups/service';
import type { DB } from '../db/schema';
import { createInvitationRecords } from '../invitations/service';
import { createUsersService } from '../users/service';

/** What a source removed, and what to do once the removal is committed (delete files). */
export type Removal = { count: number; afterCommit?: () => Promise<void> };

/**
 * One kind of data a firm's retention settings say may go. The cleanup page previews every source's
 * count, then removes them all in one transaction with one audit row. A later feature adds its own
 * (closed cases' documents past retention) by adding one source to the list.
 */
export type CleanupSource = {
  /** The key in the audit row and the API's answer (its words are in src/audit/words.ts). */
  key: string;
  label: string;
  description: (retentionDays: number) => string;
  count(db: Kysely<DB>, firmId: string, retentionDays: number): Promise<number>;
  /** Removes inside the caller's transaction. */
  remove(trx: Kysely<DB>, firmId: string, retentionDays: number): Promise<Removal>;
};

const userIdsOf = async (db: Kysely<DB>, firmId: string) =>
  (await createUsersService(db).listByFirm(firmId)).map((u) => u.id);

/** The product's cleanup sources, in the order the page lists them. */
export function cleanupSources(deps: { backups: BackupsService }): CleanupSource[] {
  return [
    {
      key: 'invitations',
      label: 'Expired invitations',
      description: () => 'Invitation links that expired before anyone accepted them: they can never be used.',
      count: (db, firmId) => createInvitationRecords(db).countExpired(firmId),
      remove: async (trx, firmId) => ({ count: await createInvitationRecords(trx).removeExpired(firmId) }),
    },
    {
      key: 'sessions',
      label: 'Ended sessions',
      description: () => "Sign-ins of the firm's users that timed out or ended, still stored on the server.",
      count: async (db, firmId) => createEndedSessions(db).count(await userIdsOf(db, firmId)),
      remove: async (trx, firmId) => ({
        count: await createEndedSessions(trx).remove(await userIdsOf(trx, firmId)),
      }),
    },
    {
      key: 'backups',
      label: 'Old backups',
      description: (days) =>
        `Backups older than the ${days}-day retention (the newest good backup is always kept).`,
      count: (db, firmId, days) => deps.backups.expiredIn(db).count(firmId, days),
      remove: (trx, firmId, days) => deps.backups.expiredIn(trx).remove(firmId, days),
    },
  ];
}
