import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MailJobs } from '../../platform/mail/mail-jobs.js';
import type { MailMessage } from '../../platform/mail/mailer.port.js';
import {
  type CustomerTokenMailData,
  CustomerTokenMail,
  linkOrToken,
} from './customer-token-mail.js';
import { PasswordResetTokens } from './password-reset-tokens.js';

export const PASSWORD_RESET_MAIL = 'customer_password_reset';

/** What a reset request leaves for the worker: who asked, in which store, and where to link. */
export type PasswordResetMailData = CustomerTokenMailData;

/**
 * The password reset e-mail. Requests only enqueue it, whatever the address, so they answer
 * alike and in the same time; the worker finds the customer, issues the token and writes the
 * message (nothing at all for an address that is no customer of the store).
 */
@Injectable()
export class PasswordResetMail implements OnModuleInit {
  constructor(
    private readonly mail: MailJobs,
    private readonly tokenMail: CustomerTokenMail,
    private readonly tokens: PasswordResetTokens,
  ) {}

  onModuleInit(): void {
    this.mail.register<PasswordResetMailData>(PASSWORD_RESET_MAIL, (data) => this.compose(data));
  }

  request(data: PasswordResetMailData): Promise<void> {
    return this.mail.enqueue(PASSWORD_RESET_MAIL, data);
  }

  async compose(data: PasswordResetMailData): Promise<MailMessage | null> {
    const issued = await this.tokenMail.issue(data, this.tokens);
    if (!issued) return null;
    const { store, customer, from, token } = issued;
    return {
      from,
      to: customer.email,
      subject: `Reset your password at ${store.name}`,
      text: [
        `Someone asked to reset the password of the account ${customer.email} at ${store.name}.`,
        '',
        ...linkOrToken(data.redirectUrl, token, {
          link: 'To choose a new password, open this link within an hour:',
          token: 'To choose a new password within the next hour, use this reset token:',
        }),
        '',
        'It works once, and only until you ask for another one.',
        'If you did not ask for this, ignore this e-mail: your password stays as it is.',
        '',
      ].join('\n'),
    };
  }
}
