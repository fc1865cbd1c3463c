import nodemailer from 'nodemailer';
import type { OutgoingEmail } from './store';

/** Hands one email to the mail server; rejects when the server cannot be reached or refuses it. */
export type Mailer = { send(email: OutgoingEmail): Promise<void>; close(): void };

// Nodemailer waits minutes by default; a send must finish well within the outbox lease.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** A nodemailer SMTP transport from SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS }, { from });
  return {
    async send(email) {
      await transport.sendMail({ to: email.to, subject: email.subject, text: email.text });
    },
    close: () => transport.close(),
  };
}
