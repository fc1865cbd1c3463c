import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, OutboxTable } from '../db/schema';

export type OutgoingEmail = { to: string; subject: string; text: string };
/** An email for the outbox: one sent for a firm goes through that firm's own SMTP server when it has one. */
export type QueuedEmail = OutgoingEmail & { firmId?: string | null };
export type OutboxRow = Selectable<OutboxTable>;

/** What a message without SMTP carries in last_error: it was written to the log, and waits for SMTP_URL. */
export const NOT_CONFIGURED = 'Not sent: SMTP_URL is not set. Kept here and written to the log.';

const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

/** Emails waiting to be sent: kept in the database so that none is lost when sending fails. */
export function createOutboxStore(db: Kysely<DB>) {
  /**
   * Takes one pending message for this process: the row is locked while it is picked (SKIP LOCKED, so
   * concurrent claimers take different rows) and leased by pushing next_attempt_at past the time a send
   * can take, so no other process picks it up meanwhile.
   */
  async function claim(
    pick: { id: string } | 'due' | 'due-without-platform',
    leaseSeconds: number,
  ): Promise<OutboxRow | undefined> {
    return db
      .updateTable('outbox')
      .set({ next_attempt_at: secondsFromNow(leaseSeconds) })
      .where('id', 'in', (eb) => {
        let query = eb.selectFrom('outbox').select('id').where('status', '=', 'pending');
        // A message's creator gets the first try (attempts = 0); after that only its due time counts.
        query =
          typeof pick === 'object'
            ? query.where('id', '=', pick.id).where('attempts', '=', 0)
            : query.where('next_attempt_at', '<=', sql<Date>`now()`).orderBy('next_attempt_at');
        // Without the platform's SMTP only a firm's own server can send: a platform message is taken
        // once, to be written to the log, and then waits for SMTP_URL.
        if (pick === 'due-without-platform')
          query = query.where((w) => w.or([w('firm_id', 'is not', null), w('last_error', 'is', null)]));
        return query.limit(1).forUpdate().skipLocked();
      })
      .returningAll()
      .executeTakeFirst();
  }

  return {
    /** `holdSeconds` keeps the background senders off the message while its creator tries it at once. */
    async enqueue(email: QueuedEmail, holdSeconds = 0): Promise<string> {
      const row = await db
        .insertInto('outbox')
        .values({
          firm_id: email.firmId ?? null,
          to_address: email.to,
          subject: email.subject,
          text_body: email.text,
          last_error: null,
          sent_at: null,
          next_attempt_at: secondsFromNow(holdSeconds),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** `withPlatform` false: no SMTP_URL, so only what a firm's server may send, or is not logged yet. */
    claimDue: (leaseSeconds: number, withPlatform = true) =>
      claim(withPlatform ? 'due' : 'due-without-platform', leaseSeconds),
    claimFresh: (id: string, leaseSeconds: number) => claim({ id }, leaseSeconds),

    async markSent(id: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          status: 'sent',
          sent_at: sql<Date>`now()`,
          last_attempt_at: sql<Date>`now()`,
          attempts: eb('attempts', '+', 1),
          last_error: null,
        }))
        .where('id', '=', id)
        .execute();
    },

    /** The message stays pending: it is tried again after `retrySeconds`. */
    async markFailed(id: string, error: string, retrySeconds: number): Promise<void> {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: error.slice(0, 1000),
          last_attempt_at: sql<Date>`now()`,
          next_attempt_at: secondsFromNow(retrySeconds),
        }))
        .where('id', '=', id)
        .execute();
    },

    /** Pending messages that must not go out any more: failed, with why, and never tried again. */
    async withdraw(ids: string[], reason: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('outbox')
        .set({ status: 'failed', last_error: reason })
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * No server may send it now (no SMTP_URL, and no SMTP of its firm): marked as written to the log
     * (last_error), so each is logged once across every process, and due again after `seconds`. Not an
     * attempt: a later send ignores the mark.
     */
    async park(id: string, seconds: number): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ last_error: NOT_CONFIGURED, next_attempt_at: secondsFromNow(seconds) })
        .where('id', '=', id)
        .execute();
    },

    /**
     * A firm's emails still waiting to go out and when the oldest was queued; those of them whose last try
     * failed, when the latest failure was and why; and when the firm's last email was sent.
     */
    async backlogOf(firmId: string): Promise<OutboxBacklog> {
      const failed = sql<boolean>`status = 'pending' AND attempts > 0 AND last_error IS NOT NULL AND last_error <> ${NOT_CONFIGURED}`;
      // The latest failure rides along as two scalar subqueries: one statement for the whole backlog.
      const latest = (column: 'last_error' | 'last_attempt_at') =>
        db
          .selectFrom('outbox')
          .select(column)
          .where('firm_id', '=', firmId)
          .where(failed)
          .where('last_attempt_at', 'is not', null)
          .orderBy('last_attempt_at', 'desc')
          .limit(1);
      const row = await db
        .selectFrom('outbox')
        .where('firm_id', '=', firmId)
        .select((eb) => [
          eb.fn.countAll<number>().filterWhere('status', '=', 'pending').as('pending'),
          eb.fn.min('created_at').filterWhere('status', '=', 'pending').as('oldest'),
          eb.fn.countAll<number>().filterWhere(failed).as('failing'),
          eb.fn.max('sent_at').as('lastSent'),
          latest('last_error').as('lastError'),
          latest('last_attempt_at').as('lastAttempt'),
        ])
        .executeTakeFirstOrThrow();
      const date = (value: unknown) => (value ? new Date(value as string) : null);
      return {
        pending: Number(row.pending),
        oldest: date(row.oldest),
        failing: Number(row.failing),
        lastFailure: row.lastAttempt ? { at: date(row.lastAttempt)!, reason: String(row.lastError) } : null,
        lastSent: date(row.lastSent),
      };
    },
  };
}

export type OutboxBacklog = {
  pending: number;
  oldest: Date | null;
  /** Waiting emails whose last try failed. */
  failing: number;
  lastFailure: { at: Date; reason: string } | null;
  lastSent: Date | null;
};

export type OutboxStore = ReturnType<typeof createOutboxStore>;
