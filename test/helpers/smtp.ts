import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The user name the client signed in with, when the server asked for one. */
  user?: string;
};

export type TestSmtpServer = {
  port: number;
  url: string;
  received: ReceivedEmail[];
  /** Waits until an email matching `match` has arrived, and answers it. */
  waitFor(match: (email: ReceivedEmail) => boolean, timeoutMs?: number): Promise<ReceivedEmail>;
  close(): Promise<void>;
};

/** The headers and the decoded body of a single-part text message, as nodemailer writes one. */
function parse(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1] ?? '';
  const text =
    header('Content-Transfer-Encoding').toLowerCase() === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : body;
  return { subject: header('Subject'), text: text.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

/**
 * A real SMTP server on loopback that keeps what it receives; `port` 0 picks a free one. With `auth` it
 * requires signing in with that user and password (over plain text: loopback only).
 */
export async function startSmtpServer(
  port = 0,
  options: { auth?: { user: string; password: string } } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  const { auth } = options;
  const server = new SMTPServer({
    authOptional: !auth,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(credentials, _session, callback) {
      if (credentials.username === auth?.user && credentials.password === auth?.password)
        return callback(null, { user: credentials.username });
      callback(new Error('Invalid username or password'));
    },
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = session.envelope;
        received.push({
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          to: envelope.rcptTo.map((r) => r.address),
          ...(session.user ? { user: String(session.user) } : {}),
          ...parse(Buffer.concat(chunks).toString('latin1')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching email within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port with nothing listening on it (an SMTP server that is down). */
export async function freePort(): Promise<number> {
  const probe = await startSmtpServer();
  await probe.close();
  return probe.port;
}

/** The invitation link in an email's text. */
export const inviteLink = (text: string) => /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
