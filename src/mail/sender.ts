import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import { createOutboxStore, type OutboxRow, type OutgoingEmail } from './store';
import type { Mailer } from './transport';

/** What became of a message: sent now, kept for a retry, or kept and logged because there is no SMTP. */
export type Delivery = 'sent' | 'queued' | 'logged';

/** Longer than a send can take (see the transport's timeouts), so a leased message is never sent twice. */
const LEASE_SECONDS = 300;
/** Enqueue with this hold a message you will deliver() at once: the background passes leave it to you. */
export const FIRST_TRY_HOLD_SECONDS = LEASE_SECONDS;
const POLL_MS = 5_000;
/** A pass hands over after this many messages; the rest go in the next one. */
const PASS_LIMIT = 50;

/** Capped exponential back-off: 30 s after the first failure, doubling each time, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers the outbox: every app process runs one in the background, and a request can have one message
 * delivered at once. Without a mailer (no SMTP_URL) each message is written to the log once instead and
 * stays pending, to be sent when SMTP_URL is set. Nothing is ever dropped.
 */
export function createMailSender(deps: { db: Kysely<DB>; mailer?: Mailer; logger: Logger }) {
  const { mailer, logger } = deps;
  const store = createOutboxStore(deps.db);
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let stopped = false;

  async function attempt(row: OutboxRow, sender: Mailer): Promise<boolean> {
    try {
      await sender.send({ to: row.to_address, subject: row.subject, text: row.text_body });
    } catch (error) {
      const retryInSeconds = retryDelaySeconds(row.attempts + 1);
      await store.markFailed(row.id, reason(error), retryInSeconds);
      logger.warn(
        { outboxId: row.id, attempts: row.attempts + 1, retryInSeconds, err: reason(error) },
        'email not sent; kept in the outbox for a retry',
      );
      return false;
    }
    await store.markSent(row.id);
    logger.info({ outboxId: row.id, to: row.to_address }, 'email sent');
    return true;
  }

  // The whole text, so someone running without SMTP can follow a link from the log.
  const logKept = (row: OutboxRow) =>
    logger.info(
      { outboxId: row.id, to: row.to_address, subject: row.subject, text: row.text_body },
      'email kept in the outbox (SMTP_URL is not set)',
    );

  /** Handles what is due; a failed send ends the pass, since the server is then most likely down. */
  async function deliverDue(): Promise<number> {
    let handled = 0;
    while (handled < PASS_LIMIT && !stopped) {
      if (!mailer) {
        const row = await store.claimUnlogged();
        if (!row) break;
        logKept(row);
      } else {
        const row = await store.claimDue(LEASE_SECONDS);
        if (!row || !(await attempt(row, mailer))) break;
      }
      handled++;
    }
    return handled;
  }

  function tick(): void {
    pass = deliverDue()
      .then(
        () => undefined,
        (error) => logger.error({ err: error }, 'outbox pass failed'),
      )
      .finally(() => {
        pass = undefined;
        if (!stopped) timer = setTimeout(tick, POLL_MS).unref();
      });
  }

  return {
    /** Starts the background passes: the first now (resolved when it is done), then every few seconds. */
    start(): Promise<void> {
      if (!mailer)
        logger.warn('SMTP_URL is not set: emails stay in the outbox table and are written to this log');
      tick();
      return pass ?? Promise.resolve();
    },

    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await pass;
      mailer?.close();
    },

    deliverDue,

    /**
     * Tries a new message at once, for a person waiting on it. Never throws: whatever goes wrong, the
     * message stays in the outbox and the background passes retry it.
     */
    async deliver(id: string): Promise<Delivery> {
      try {
        if (!mailer) {
          const row = await store.claimUnlogged(id);
          if (row) logKept(row);
          return 'logged';
        }
        const row = await store.claimFresh(id, LEASE_SECONDS);
        return row && (await attempt(row, mailer)) ? 'sent' : 'queued';
      } catch (error) {
        logger.error({ err: error, outboxId: id }, 'email not delivered at once; kept in the outbox');
        return mailer ? 'queued' : 'logged';
      }
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;

/** The outbox for other features: an email stored in the caller's transaction, sent once it commits. */
export function createOutbox(db: Kysely<DB>) {
  const store = createOutboxStore(db);
  return {
    /** `holdSeconds` keeps the background senders off the message while its creator tries it at once. */
    enqueue: (email: OutgoingEmail, holdSeconds = 0) => store.enqueue(email, holdSeconds),
  };
}
