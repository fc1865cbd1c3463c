import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema';
import type { FirmSmtp } from '../settings/service';
import { createOutboxStore, NOT_CONFIGURED, type OutboxRow, type QueuedEmail } from './store';
import type { SmtpEncryption } from '../db/schema';
import { type MailHostChecker, mailHostChecker } from './hosts';
import { createFirmMailer, describeSmtpFailure, type Mailer, withoutSecret } from './transport';

/** What became of a message: sent now, kept for a retry, or kept and logged because there is no SMTP. */
export type Delivery = 'sent' | 'queued' | 'logged';
/** The outcome of a try, with why it failed (in fixed words) when it was kept for a retry. */
export type DeliveryReport = { delivery: Delivery; failure?: string };

/** Longer than a send can take (see the transport's timeouts), so a leased message is never sent twice. */
const LEASE_SECONDS = 300;
/** Enqueue with this hold a message you will deliver() at once: the background passes leave it to you. */
export const FIRST_TRY_HOLD_SECONDS = LEASE_SECONDS;
const POLL_MS = 5_000;
/** A pass hands over after this many messages; the rest go in the next one. */
const PASS_LIMIT = 50;
/** Without any server for it, a firm's message is looked at again this often, for its firm's SMTP. */
const PARK_SECONDS = 60;

/** Capped exponential back-off: 30 s after the first failure, doubling each time, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers the outbox: every app process runs one in the background, and a request can have one message
 * delivered at once. A message sent for a firm goes through that firm's own SMTP server when it has one
 * set, else through the platform's (SMTP_URL). A message no server can send yet is written to the log
 * once and stays pending, to be sent once one is set. Nothing is ever dropped.
 */
export function createMailSender(deps: {
  db: Kysely<DB>;
  /** The platform's server (SMTP_URL), if set. */
  mailer?: Mailer;
  logger: Logger;
  /** A firm's own server, if it has one (the settings service). */
  smtpOf?: (firmId: string) => Promise<FirmSmtp | null>;
  /** The sender address of a firm whose settings give none. */
  fallbackFrom?: string;
  /** Where a firm's own server may be, checked at every send (by default: no private address). */
  checkHost?: MailHostChecker;
}) {
  const { mailer, logger } = deps;
  const checkHost = deps.checkHost ?? mailHostChecker([]);
  const store = createOutboxStore(deps.db);
  /** One transport per firm, made again when its settings change (their version), so a change counts at once. */
  const firmMailers = new Map<string, { version: string; mailer: Mailer }>();
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let stopped = false;

  /**
   * The server for a row, with what keeps its password out of the log and its encryption (the failure's
   * words depend on it); none: no server.
   */
  async function serverFor(
    row: OutboxRow,
  ): Promise<{ mailer: Mailer; scrub(text: string): string; encryption?: SmtpEncryption } | undefined> {
    const smtp = row.firm_id && deps.smtpOf ? await deps.smtpOf(row.firm_id) : null;
    if (!smtp) {
      // The firm's server was removed from its settings: its transport goes too.
      if (row.firm_id && firmMailers.has(row.firm_id)) {
        firmMailers.get(row.firm_id)!.mailer.close();
        firmMailers.delete(row.firm_id);
      }
      return mailer && { mailer, scrub: (text) => text };
    }
    let cached = firmMailers.get(row.firm_id!);
    if (cached?.version !== smtp.version) {
      cached?.mailer.close();
      cached = {
        version: smtp.version,
        mailer: createFirmMailer(smtp, deps.fallbackFrom ?? '', checkHost),
      };
      firmMailers.set(row.firm_id!, cached);
    }
    return {
      mailer: cached.mailer,
      scrub: (text) => withoutSecret(text, smtp),
      encryption: smtp.encryption,
    };
  }

  /** Sends a claimed row: 'sent', 'queued' (failed, kept for a retry), or 'logged' (no server for it yet). */
  async function handle(row: OutboxRow): Promise<DeliveryReport> {
    let server: Awaited<ReturnType<typeof serverFor>>;
    try {
      server = await serverFor(row);
      if (!server) {
        if (row.last_error !== NOT_CONFIGURED) logKept(row);
        await store.park(row.id, row.firm_id ? PARK_SECONDS : 0);
        return { delivery: 'logged' };
      }
      await server.mailer.send({ to: row.to_address, subject: row.subject, text: row.text_body });
    } catch (error) {
      const retryInSeconds = retryDelaySeconds(row.attempts + 1);
      // The row keeps fixed words (the firm's administrator reads them); the log keeps the detail.
      const failure = describeSmtpFailure(error, server?.encryption);
      await store.markFailed(row.id, failure, retryInSeconds);
      logger.warn(
        {
          outboxId: row.id,
          firmId: row.firm_id,
          attempts: row.attempts + 1,
          retryInSeconds,
          err: (server?.scrub ?? String)(reason(error)),
        },
        'email not sent; kept in the outbox for a retry',
      );
      return { delivery: 'queued', failure };
    }
    await store.markSent(row.id);
    logger.info({ outboxId: row.id, firmId: row.firm_id, to: row.to_address }, 'email sent');
    return { delivery: 'sent' };
  }

  // The whole text, so someone running without SMTP can follow a link from the log.
  const logKept = (row: OutboxRow) =>
    logger.info(
      {
        outboxId: row.id,
        firmId: row.firm_id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
      },
      'email kept in the outbox (SMTP_URL is not set)',
    );

  /** Handles what is due; a failed send ends the pass, since the server is then most likely down. */
  async function deliverDue(): Promise<number> {
    let handled = 0;
    while (handled < PASS_LIMIT && !stopped) {
      const row = await store.claimDue(LEASE_SECONDS, mailer !== undefined);
      if (!row || (await handle(row)).delivery === 'queued') break;
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
      for (const cached of firmMailers.values()) cached.mailer.close();
      firmMailers.clear();
    },

    deliverDue,

    /**
     * Tries a new message at once, for a person waiting on it. Never throws: whatever goes wrong, the
     * message stays in the outbox and the background passes retry it.
     */
    async deliver(id: string): Promise<DeliveryReport> {
      try {
        const row = await store.claimFresh(id, LEASE_SECONDS);
        if (!row) return { delivery: mailer ? 'queued' : 'logged' };
        return await handle(row);
      } catch (error) {
        logger.error({ err: error, outboxId: id }, 'email not delivered at once; kept in the outbox');
        return { delivery: mailer ? 'queued' : 'logged' };
      }
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;

/**
 * The outbox for other features: an email stored in the caller's transaction, sent once it commits. An
 * email sent for a firm names it (`firmId`): it then goes through the firm's own SMTP server, if set.
 */
export function createOutbox(db: Kysely<DB>) {
  const store = createOutboxStore(db);
  return {
    /** `holdSeconds` keeps the background senders off the message while its creator tries it at once. */
    enqueue: (email: QueuedEmail, holdSeconds = 0) => store.enqueue(email, holdSeconds),
    /** Emails no longer to be sent (their content is out of date); those already sent stay as they are. */
    withdraw: (ids: string[], reason: string) => store.withdraw(ids, reason),
  };
}
