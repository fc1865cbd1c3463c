import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, InvitationsTable } from '../db/schema';
import type { Role } from '../shared/session';

export type InvitationRow = Selectable<InvitationsTable>;
/** An invitation with what its page shows, and whether it is past its time by the database's clock. */
export type FoundInvitation = InvitationRow & {
  firm_name: string;
  login_id: string | null;
  /** The invited account's role (none for a firm's first administrator, made on acceptance). */
  role: Role | null;
  expired: boolean;
};

type NewInvitation = {
  firmId: string;
  userId: string | null;
  email: string;
  tokenHash: string;
  createdBy: string;
  days: number;
};

export function createInvitationsStore(db: Kysely<DB>) {
  return {
    insert(invitation: NewInvitation): Promise<InvitationRow> {
      return db
        .insertInto('invitations')
        .values({
          firm_id: invitation.firmId,
          user_id: invitation.userId,
          email: invitation.email,
          token_hash: invitation.tokenHash,
          created_by: invitation.createdBy,
          expires_at: sql<Date>`now() + make_interval(days => ${invitation.days})`,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findByTokenHash(tokenHash: string): Promise<FoundInvitation | undefined> {
      return db
        .selectFrom('invitations')
        .innerJoin('firms', 'firms.id', 'invitations.firm_id')
        .leftJoin('users', 'users.id', 'invitations.user_id')
        .selectAll('invitations')
        .select([
          'firms.name as firm_name',
          'users.login_id',
          'users.role',
          sql<boolean>`invitations.expires_at <= now()`.as('expired'),
        ])
        .where('invitations.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Uses the invitation up; false when it was used or expired meanwhile (two tabs, one link). */
    async markUsed(id: string): Promise<boolean> {
      const result = await db
        .updateTable('invitations')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The firm's invitations that expired before anyone accepted them. */
    async countExpired(firmId: string): Promise<number> {
      const row = await db
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('firm_id', '=', firmId)
        .where('used_at', 'is', null)
        .where('expires_at', '<=', sql<Date>`now()`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async deleteExpired(firmId: string): Promise<number> {
      const result = await db
        .deleteFrom('invitations')
        .where('firm_id', '=', firmId)
        .where('used_at', 'is', null)
        .where('expires_at', '<=', sql<Date>`now()`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Which email carries the invitation. */
    async setOutbox(id: string, outboxId: string): Promise<void> {
      await db.updateTable('invitations').set({ outbox_id: outboxId }).where('id', '=', id).execute();
    },

    /**
     * A user's links not used yet go: a new invitation replaces them (an old link is then not valid).
     * Answers their emails, for the caller to withdraw those still unsent.
     */
    async deleteOpenUserInvitations(userId: string): Promise<string[]> {
      const rows = await db
        .deleteFrom('invitations')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .returning('outbox_id')
        .execute();
      return rows.flatMap((r) => (r.outbox_id ? [r.outbox_id] : []));
    },

    /** Once a firm has its administrator, the other links sent to its contact are spent too. */
    async closeFirmInvitations(firmId: string): Promise<void> {
      await db
        .updateTable('invitations')
        .set({ used_at: sql<Date>`now()` })
        .where('firm_id', '=', firmId)
        .where('user_id', 'is', null)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
