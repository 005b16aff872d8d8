import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/** A message the sink accepted: the envelope and the raw RFC 5322 text, quoted-printable decoded. */
export interface SunkMessage {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps what it receives (tests only). */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL`. */
  url: string;
  messages: SunkMessage[];
  /** Resolves when `count` messages have arrived (rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<SunkMessage[]>;
  close(): Promise<void>;
}

/** Soft line breaks and `=XX` escapes of quoted-printable undone, so a test can look for text. */
const decodeQuotedPrintable = (s: string): string =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * Starts an SMTP sink with the `smtp-server` package on `port` (default: a free one): no TLS, no
 * authentication; a recipient
 * whose address starts with `refuse` is refused with 550, as a real server refuses a mailbox.
 * @example
 * const sink = await startSmtpSink();
 * const h = await createHarness({ mail: { smtpUrl: sink.url, from: 'bureau@test.kz' } });
 * const [message] = await sink.waitFor(1);
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: SunkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refuse'))
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    waitFor: async (count, ms = 10_000) => {
      const until = Date.now() + ms;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`the SMTP sink got ${messages.length} of ${count} messages`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
