import { Logger } from '@nestjs/common';
import { Mailer, type MailMessage } from './mailer.port.js';

/**
 * Stands in for SMTP when `SMTP_URL` is unset (development): logs that a message would have gone
 * out, naming its subject and recipient only (bodies may carry links or personal data).
 */
export class LoggingMailer extends Mailer {
  private readonly logger = new Logger('Mail');

  async send(message: MailMessage): Promise<void> {
    this.logger.log(`Not sent (SMTP_URL is unset): "${message.subject}" to ${message.to}`);
  }
}
