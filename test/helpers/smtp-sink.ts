import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerEnvelope } from 'smtp-server';

export interface SunkMail {
  from: string | undefined;
  to: string[];
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The HTML part, decoded ('' when the message has none). */
  html: string;
  /** The `Message-ID` header, with its angle brackets. */
  messageId: string | undefined;
  /** Every header, named in lower case; a header that appears more than once keeps its first value. */
  headers: Map<string, unknown>;
  /** The whole message as received (headers and body). */
  raw: string;
}

/** An SMTP reply code the sink answers a message's DATA with: 250 accepts it, others refuse it. */
export type SmtpReply = number;

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed by `mailparser`.
 * By default it accepts everything; `script` and `scriptFor` make it answer the next messages
 * (all of them, or those to one recipient) with given codes first, e.g. `[451, 451, 250]`.
 */
export class SmtpSink {
  /** The messages accepted, in the order they arrived. */
  readonly messages: SunkMail[] = [];
  /** Every DATA received, accepted or refused, with the code it was answered. */
  readonly replies: { to: string[]; code: SmtpReply }[] = [];
  /** How long the sink waits before answering a message's DATA (a slow server). */
  delayMs = 0;
  /** Messages received and not answered yet. */
  inFlight = 0;

  private readonly server: SMTPServer;
  private readonly anyScript: SmtpReply[] = [];
  private readonly recipientScripts = new Map<string, SmtpReply[]>();

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      size: 10 * 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.receive(Buffer.concat(chunks), session.envelope).then(
            () => callback(),
            (refusal: Error) => callback(refusal),
          );
        });
      },
    });
  }

  static async start(): Promise<SmtpSink> {
    const sink = new SmtpSink();
    // A client killed mid-conversation resets its connection: the server goes on with the others.
    sink.server.on('error', () => undefined);
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    return sink;
  }

  /** The next messages (to anyone) are answered with these codes, in order, then accepted. */
  script(codes: SmtpReply[]): void {
    this.anyScript.push(...codes);
  }

  /** The next messages to `address` are answered with these codes, in order, then accepted. */
  scriptFor(address: string, codes: SmtpReply[]): void {
    const key = address.toLowerCase();
    this.recipientScripts.set(key, [...(this.recipientScripts.get(key) ?? []), ...codes]);
  }

  /** Messages accepted for `address`. */
  to(address: string): SunkMail[] {
    const key = address.toLowerCase();
    return this.messages.filter((mail) => mail.to.some((to) => to.toLowerCase() === key));
  }

  private nextReply(to: string[]): SmtpReply {
    for (const address of to) {
      const codes = this.recipientScripts.get(address.toLowerCase());
      if (codes?.length) return codes.shift()!;
    }
    return this.anyScript.shift() ?? 250;
  }

  private async receive(raw: Buffer, envelope: SMTPServerEnvelope): Promise<void> {
    const to = envelope.rcptTo.map((recipient) => recipient.address);
    this.inFlight += 1;
    try {
      if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    } finally {
      this.inFlight -= 1;
    }
    const code = this.nextReply(to);
    this.replies.push({ to, code });
    if (code >= 300) {
      const refusal = new Error(`Scripted refusal ${code}`) as Error & { responseCode: number };
      refusal.responseCode = code;
      throw refusal;
    }
    const parsed = await simpleParser(raw);
    this.messages.push({
      from: envelope.mailFrom ? envelope.mailFrom.address : undefined,
      to,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      messageId: parsed.messageId,
      headers: parsed.headers,
      raw: raw.toString('utf8'),
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
