/** One e-mail: a plain-text part, and an HTML alternative when there is one. */
export interface MailMessage {
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (`X-…`), e.g. naming the delivery a message belongs to. */
  headers?: Record<string, string>;
}

/**
 * What the application needs to send e-mail; SMTP and a development stand-in implement it. `kind`
 * names the kind of mail (`password_reset`…) for logs, which never name the recipient. Answers the
 * message id the server gave the message; a refused send throws a `MailSendError`.
 */
export abstract class Mailer {
  abstract send(message: MailMessage, kind: string): Promise<string>;
}
