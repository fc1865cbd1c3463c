import nodemailer from 'nodemailer';
import type { FirmSmtp } from '../settings/service';
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
 * (usually 587) and `none` never upgrades; credentials only when a user name is set.
 */
export function createFirmMailer(smtp: FirmSmtp, fallbackFrom: string, timeouts = TIMEOUTS): Mailer {
  return mailerOf(
    nodemailer.createTransport(
      {
        host: smtp.host,
        port: smtp.port,
        secure: smtp.encryption === 'ssl',
        requireTLS: smtp.encryption === 'tls',
        ignoreTLS: smtp.encryption === 'none',
        auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
        ...timeouts,
        ...QUIET,
      },
      { from: smtp.from || fallbackFrom },
    ),
  );
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

type SmtpFailure = Error & {
  code?: string;
  originalCode?: string;
  response?: string;
  responseCode?: number;
  command?: string;
};

/**
 * What went wrong with a firm's server, in words for its administrator: refused, unknown name, no
 * answer, TLS, credentials, or the server's own refusal with its reply. Never the password.
 */
export function describeSmtpFailure(error: unknown, smtp: FirmSmtp, timeouts = TIMEOUTS): string {
  // Not `instanceof Error`: errors made by Node's own sockets may come from another realm (a test's VM).
  const e = (error && typeof error === 'object' ? error : new Error(String(error))) as SmtpFailure;
  const where = `${smtp.host}:${smtp.port}`;
  const reply = e.response ? ` (${e.response.trim()})` : '';
  const system = e.originalCode ?? e.code;
  let message: string;
  if (system === 'ECONNREFUSED') message = `Connection refused by ${where}.`;
  else if (system === 'ENOTFOUND' || system === 'EAI_AGAIN' || e.code === 'EDNS')
    message = `The server name ${smtp.host} could not be found.`;
  else if (system === 'ECONNRESET') message = `${where} closed the connection.`;
  else if (e.code === 'ETIMEDOUT') {
    const seconds = Math.round(
      (/greeting/i.test(e.message) ? timeouts.greetingTimeout : timeouts.connectionTimeout) / 1000,
    );
    message = /greeting/i.test(e.message)
      ? `${where} did not greet within ${seconds} seconds. Check the port and the encryption setting.`
      : `No answer from ${where} within ${seconds} seconds.`;
  } else if (e.code === 'EAUTH') message = `The server refused the user name or password${reply}.`;
  else if (e.code === 'ETLS' || /ssl|tls|certificate|wrong version number/i.test(e.message))
    message =
      smtp.encryption === 'tls' && e.command === 'STARTTLS'
        ? `${where} does not offer TLS (STARTTLS)${reply}. Choose another encryption setting or port.`
        : `The TLS connection with ${where} failed: ${e.message}. SSL usually uses port 465, TLS port 587.`;
  else if (e.responseCode) message = `The server refused the email${reply}.`;
  else message = `The email could not be sent: ${e.message}.`;
  return withoutSecret(message.replace(/\.\.$/, '.'), smtp);
}
