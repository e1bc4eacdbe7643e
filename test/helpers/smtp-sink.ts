import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';

export interface SunkMail {
  from: string | undefined;
  to: string[];
  subject: string;
  /** The body, decoded. */
  text: string;
  /** The whole message as received (headers and body). */
  raw: string;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header value. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, charset, encoding, text) => {
    const bytes =
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text
              .replaceAll('_', ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_match: string, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          );
    return bytes.toString(charset.toLowerCase() === 'utf-8' ? 'utf8' : 'latin1');
  });
}

/** The body of a message, with quoted-printable undone when the message uses it. */
function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const [head, body] = split < 0 ? ['', raw] : [raw.slice(0, split), raw.slice(split + 4)];
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(head)) return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A real SMTP server on 127.0.0.1 that accepts every message and keeps it. */
export class SmtpSink {
  readonly messages: SunkMail[] = [];

  private readonly server: SMTPServer;

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.keep(Buffer.concat(chunks).toString('utf8'), session.envelope);
          callback();
        });
      },
    });
  }

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink();
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    return sink;
  }

  private keep(raw: string, envelope: SMTPServerEnvelope): void {
    this.messages.push({
      from: envelope.mailFrom ? envelope.mailFrom.address : undefined,
      to: envelope.rcptTo.map((recipient) => recipient.address),
      subject: decodeHeader(/^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? ''),
      text: decodeBody(raw),
      raw,
    });
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
