import type { OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { Mailer, type MailMessage } from './mailer.port.js';

/** Sends e-mail through the SMTP server at `SMTP_URL` (nodemailer). */
export class SmtpMailer extends Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(smtpUrl: string) {
    super();
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail(message);
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
