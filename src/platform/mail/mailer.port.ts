/** One plain-text e-mail. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/**
 * What the application needs to send e-mail; SMTP and a logging stand-in implement it. `kind`
 * names the kind of mail (`password_reset`…) for logs, which never name the recipient.
 */
export abstract class Mailer {
  abstract send(message: MailMessage, kind: string): Promise<void>;
}
