import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  /** The body as sent (the mailer sends short plain-text lines, so no decoding is needed). */
  text: string;
}

/** A real SMTP server in the test process, collecting every message it accepts. */
export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The newest message to `address` (case-insensitive), or undefined. */
  lastTo(address: string): ReceivedMail | undefined;
  close(): Promise<void>;
}

/**
 * Starts an SMTP server on a free port, without TLS or authentication. A mail is recorded before
 * the server acknowledges it, so once the sender's call returns the mail is in `mails`.
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const headers = raw.slice(0, split);
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: /^Subject: (.*)$/im.exec(headers)?.[1]?.trim() ?? '',
          text: raw.slice(split + 4),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    lastTo: (address) => [...mails].reverse().find((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
