import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MailJobs } from '../../platform/mail/mail-jobs.js';
import type { MailMessage } from '../../platform/mail/mailer.port.js';
import { Store } from '../stores/index.js';
import { CustomerRecords } from './customer-records.js';
import { PasswordResetTokens } from './password-reset-tokens.js';

export const PASSWORD_RESET_MAIL = 'customer_password_reset';
const FALLBACK_FROM = 'no-reply@localhost';

/** What a reset request leaves for the worker: who asked, in which store, and where to link. */
export interface PasswordResetMailData {
  storeId: string;
  email: string;
  redirectUrl: string | null;
}

/**
 * The password reset e-mail. Requests only enqueue it, whatever the address, so they answer
 * alike and in the same time; the worker finds the customer, issues the token and writes the
 * message (nothing at all for an address that is no customer of the store).
 */
@Injectable()
export class PasswordResetMail implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailJobs,
    private readonly customers: CustomerRecords,
    private readonly tokens: PasswordResetTokens,
  ) {}

  onModuleInit(): void {
    this.mail.register<PasswordResetMailData>(PASSWORD_RESET_MAIL, (data) => this.compose(data));
  }

  request(data: PasswordResetMailData): Promise<void> {
    return this.mail.enqueue(PASSWORD_RESET_MAIL, data);
  }

  async compose(data: PasswordResetMailData): Promise<MailMessage | null> {
    const customer = await this.customers.byEmail(data.storeId, data.email);
    if (!customer || customer.anonymizedAt) return null;
    const store = await this.dataSource.manager.findOneBy(Store, { id: data.storeId });
    if (!store) return null;
    const token = await this.dataSource.transaction((manager) =>
      this.tokens.issue(manager, customer),
    );
    return {
      from: store.mailFromAddress ?? FALLBACK_FROM,
      to: customer.email,
      subject: `Reset your password at ${store.name}`,
      text: text(store, customer.email, token, data.redirectUrl),
    };
  }
}

function linkTo(redirectUrl: string, token: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

function text(store: Store, email: string, token: string, redirectUrl: string | null): string {
  return [
    `Someone asked to reset the password of the account ${email} at ${store.name}.`,
    '',
    ...(redirectUrl
      ? [
          'To choose a new password, open this link within an hour:',
          `  ${linkTo(redirectUrl, token)}`,
        ]
      : ['To choose a new password within the next hour, use this reset token:', `  ${token}`]),
    '',
    'It works once, and only until you ask for another one.',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
  ].join('\n');
}
