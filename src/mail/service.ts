import type { Kysely } from 'kysely';
import { createAuditService } from '../audit/service';
import type { DB } from '../db/schema';
import type { FirmSmtp } from '../settings/service';
import { PRODUCT_NAME } from '../shared/constants';
import { ServiceError } from '../shared/errors';
import type { SessionUser } from '../shared/session';
import { createUsersService } from '../users/service';
import type { MailHostChecker } from './hosts';
import { createFirmMailer, describeSmtpFailure, TEST_TIMEOUTS, withoutSecret } from './transport';

/** What "Send test email" reports: the server's reply line when it took the email, else why not. */
export type EmailTestReport = { sent: boolean; to: string; message: string };

export const NO_FIRM_SMTP =
  "No mail server is set for your firm. Save its host, port and sender address under Email first; until then its emails go through the platform's server.";

const NO_FIRM = "Only a firm's administrator can test its mail server.";

/** "Send test email": one email sent at once (not through the outbox) through the firm's own server. */
export function createEmailTestService(deps: {
  db: Kysely<DB>;
  smtpOf: (firmId: string) => Promise<FirmSmtp | null>;
  /** The sender address when the firm's settings give none. */
  fallbackFrom: string;
  /** Where the firm's server may be (see mailHostChecker). */
  checkHost: MailHostChecker;
  timeouts?: typeof TEST_TIMEOUTS;
}) {
  const timeouts = deps.timeouts ?? TEST_TIMEOUTS;

  /** The address the test goes to unless another is given: the administrator's own. */
  async function ownAddress(actor: SessionUser): Promise<string> {
    const row = await createUsersService(deps.db).findById(actor.id);
    if (!row) throw new ServiceError('unauthenticated', 'Your account no longer exists. Log in again.');
    return row.email;
  }

  return {
    ownAddress,

    async send(actor: SessionUser, input: { to?: string }): Promise<EmailTestReport> {
      if (!actor.firmId) throw new ServiceError('forbidden', NO_FIRM);
      const smtp = await deps.smtpOf(actor.firmId);
      if (!smtp) throw new ServiceError('conflict', NO_FIRM_SMTP);
      const to = input.to || (await ownAddress(actor));
      const mailer = createFirmMailer(smtp, deps.fallbackFrom, deps.checkHost, timeouts);
      let report: EmailTestReport;
      try {
        const reply = await mailer.send({
          to,
          subject: `Test email from ${PRODUCT_NAME}`,
          text: [
            'Hello,',
            '',
            `This is a test email from ${PRODUCT_NAME}, sent through your firm's mail server ${smtp.host}:${smtp.port}.`,
            "If you can read it, your firm's email settings work.",
            '',
            PRODUCT_NAME,
          ].join('\n'),
        });
        const said = withoutSecret(reply, smtp) || 'no reply line';
        report = {
          sent: true,
          to,
          message: `The test email to ${to} was accepted. The server said: ${said}`,
        };
      } catch (error) {
        report = {
          sent: false,
          to,
          message: `The test email to ${to} was not sent. ${describeSmtpFailure(error, smtp.encryption)}`,
        };
      } finally {
        mailer.close();
      }
      await createAuditService(deps.db).record({
        actorUserId: actor.id,
        action: 'settings.email.tested',
        entity: 'settings',
        entityId: actor.firmId,
        firmId: actor.firmId,
        after: { host: smtp.host, port: smtp.port, ...report },
      });
      return report;
    },
  };
}

export type EmailTestService = ReturnType<typeof createEmailTestService>;
