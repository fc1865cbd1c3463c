import net from 'node:net';
import nodemailer from 'nodemailer';
import type { FirmSmtp } from '../settings/service';
import type { SmtpEncryption } from '../db/schema';
import { MailHostError, type MailHostChecker } from './hosts';
import type { OutgoingEmail } from './store';

/**
 * Hands one email to the mail server and answers the server's reply line ("250 2.0.0 Ok: queued as …");
 * rejects when the server cannot be reached or refuses it.
 */
export type Mailer = { send(email: OutgoingEmail): Promise<string>; close(): void };

type Timeouts = { connectionTimeout: number; greetingTimeout: number; socketTimeout: number };

// Nodemailer waits minutes by default; a send must finish well within the outbox lease.
const TIMEOUTS: Timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** A person waits for the test email: a server that does not answer is reported within seconds. */
export const TEST_TIMEOUTS: Timeouts = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 10_000,
};

// Nodemailer's own logging is off (its defaults, said aloud): with debug on it would log the SMTP
// conversation, AUTH lines included.
const QUIET = { logger: false, debug: false } as const;

function mailerOf(transport: ReturnType<typeof nodemailer.createTransport>): Mailer {
  return {
    async send(email) {
      const info = await transport.sendMail({ to: email.to, subject: email.subject, text: email.text });
      return String(info.response ?? '');
    },
    close: () => transport.close(),
  };
}

/** A nodemailer SMTP transport from SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  return mailerOf(nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS, ...QUIET }, { from }));
}

/**
 * A firm's own server: `ssl` is TLS from the first byte (usually port 465), `tls` requires STARTTLS
 * (usually 587) and `none` never upgrades; credentials only when a user name is set. Each send first checks
 * where the host leads (see mailHostChecker) and connects to that very address, with the host name kept for
 * TLS (SNI and the certificate's check), so that a name answering differently the next time (DNS
 * rebinding) cannot lead the connection anywhere else.
 */
export function createFirmMailer(
  smtp: FirmSmtp,
  fallbackFrom: string,
  checkHost: MailHostChecker,
  timeouts = TIMEOUTS,
): Mailer {
  return {
    async send(email) {
      const address = await checkHost(smtp.host, timeouts.connectionTimeout);
      const transport = nodemailer.createTransport(
        {
          host: address,
          // TLS checks the certificate against the name typed (an address typed is no name to check).
          servername: net.isIP(smtp.host) ? undefined : smtp.host,
          port: smtp.port,
          secure: smtp.encryption === 'ssl',
          requireTLS: smtp.encryption === 'tls',
          ignoreTLS: smtp.encryption === 'none',
          auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
          ...timeouts,
          ...QUIET,
        },
        { from: smtp.from || fallbackFrom },
      );
      try {
        return await mailerOf(transport).send(email);
      } finally {
        transport.close();
      }
    },
    close: () => undefined,
  };
}

const MASK = '********';

/**
 * `text` with the password taken out, in the forms it travels in: as typed, and base64-encoded as
 * AUTH LOGIN and AUTH PLAIN send it, so no server echo or library message can carry it to a log or a page.
 */
export function withoutSecret(text: string, smtp: Pick<FirmSmtp, 'user' | 'password'>): string {
  if (!smtp.password) return text;
  const forms = [
    smtp.password,
    Buffer.from(smtp.password).toString('base64'),
    Buffer.from(`\u0000${smtp.user}\u0000${smtp.password}`).toString('base64'),
    Buffer.from(`${smtp.user}\u0000${smtp.user}\u0000${smtp.password}`).toString('base64'),
  ];
  return forms.reduce((out, secret) => out.split(secret).join(MASK), text);
}

type SmtpFailure = Error & { code?: string; originalCode?: string; command?: string };

/** What went wrong, in the same few words whatever the other end said. */
export const SMTP_FAILURES = {
  refusedAddress:
    "The mail server's address is on a private, local or reserved network, which this server does not connect to. The platform's operator can allow an on-premises mail server (SMTP_ALLOW_PRIVATE_HOSTS).",
  notFound: 'The mail server could not be found. Check its host name.',
  unreachable:
    'The mail server could not be reached. Check its host, port and encryption setting, and that it is running.',
  signIn: 'The mail server refused the sign-in. Check the user name and password.',
  noStartTls:
    'The mail server does not offer TLS (STARTTLS). Choose another encryption setting or port: SSL usually uses port 465, TLS port 587.',
  certificate:
    "The mail server's TLS certificate was not accepted (expired, self-signed, or for another name).",
  refusedEmail: 'The mail server refused the email.',
  other: 'The email could not be sent.',
} as const;

/** A TLS handshake that failed on the certificate: there is a mail server, and its certificate is wrong. */
const CERTIFICATE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ALTNAME/;

/**
 * Why a send failed, in fixed words for the firm's administrator (the test report, the outbox's last
 * error, the dashboard): never the other end's text, so that a host and port that are no mail server
 * cannot be read through it (a banner, a version, a token), nor told apart from one that is closed or
 * silent, and never a credential.
 */
export function describeSmtpFailure(error: unknown, encryption?: SmtpEncryption): string {
  if (error instanceof MailHostError)
    return error.kind === 'refused' ? SMTP_FAILURES.refusedAddress : SMTP_FAILURES.notFound;
  // Not `instanceof Error`: errors made by Node's own sockets may come from another realm (a test's VM).
  const e = (error && typeof error === 'object' ? error : {}) as SmtpFailure;
  const codes = `${e.code ?? ''} ${e.originalCode ?? ''}`;
  if (e.code === 'EAUTH') return SMTP_FAILURES.signIn;
  if (e.code === 'ETLS' && e.command === 'STARTTLS' && encryption === 'tls') return SMTP_FAILURES.noStartTls;
  if (CERTIFICATE.test(codes)) return SMTP_FAILURES.certificate;
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return SMTP_FAILURES.refusedEmail;
  if (/EDNS|ENOTFOUND|EAI_AGAIN/.test(codes)) return SMTP_FAILURES.notFound;
  if (/ECONNECTION|ETIMEDOUT|ESOCKET|EPROTOCOL|ETLS|ECONN|EHOST|ENET|EPIPE/.test(codes))
    return SMTP_FAILURES.unreachable;
  return SMTP_FAILURES.other;
}
