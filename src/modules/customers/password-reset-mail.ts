import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MailJobs } from '../../platform/mail/mail-jobs.js';
import type { TemplatedMail } from '../../platform/mail/templated-mail.js';
import {
  type CustomerTokenMailData,
  CustomerTokenMail,
  customerTokenMail,
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

  async compose(data: PasswordResetMailData): Promise<TemplatedMail | null> {
    const issued = await this.tokenMail.issue(data, this.tokens);
    return issued && customerTokenMail('password_reset', issued, data.redirectUrl, 'an hour');
  }
}
