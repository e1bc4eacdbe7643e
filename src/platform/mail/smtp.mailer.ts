import type { OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { MailSendError } from './mail-send-error.js';
import { Mailer, type MailMessage } from './mailer.port.js';
import { sendMailOptions } from './send-mail-options.js';

/** Connections kept open to the server, shared by the mails a process sends at the same time. */
const MAX_CONNECTIONS = 5;
/**
 * Bounds on a send (connecting, the greeting, silence on the socket), so that a stuck server
 * ends a try well within the lease a delivery is sent under.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/**
 * Sends e-mail through the SMTP server at `SMTP_URL` (nodemailer), over a small pool of
 * connections; `?pool=false` in the URL opens one per message instead.
 */
export class SmtpMailer extends Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(smtpUrl: string) {
    super();
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: MAX_CONNECTIONS,
      ...TIMEOUTS,
    });
  }

  async send(message: MailMessage): Promise<string> {
    try {
      const info = await this.transport.sendMail(sendMailOptions(message));
      return String(info.messageId);
    } catch (error) {
      throw MailSendError.from(error);
    }
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
