import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MailJobs } from '../../platform/mail/mail-jobs.js';
import type { TemplatedMail } from '../../platform/mail/templated-mail.js';
import { TOKEN_LIFETIME_S } from '../auth/index.js';
import { AccountConfirmationTokens } from './account-confirmation-tokens.js';
import {
  type CustomerTokenMailData,
  CustomerTokenMail,
  customerTokenMail,
} from './customer-token-mail.js';

export const ACCOUNT_CONFIRMATION_MAIL = 'customer_account_confirmation';

const LIFETIME_DAYS = TOKEN_LIFETIME_S.accountConfirmation / (24 * 60 * 60);

/**
 * The e-mail that asks a new customer to confirm the address theirs. Registration queues it once
 * the customer is stored, a request for another one whatever the address; the worker issues the
 * token and writes the message, to an unconfirmed customer only.
 */
@Injectable()
export class AccountConfirmationMail implements OnModuleInit {
  constructor(
    private readonly mail: MailJobs,
    private readonly tokenMail: CustomerTokenMail,
    private readonly tokens: AccountConfirmationTokens,
  ) {}

  onModuleInit(): void {
    this.mail.register<CustomerTokenMailData>(ACCOUNT_CONFIRMATION_MAIL, (data) =>
      this.compose(data),
    );
  }

  request(data: CustomerTokenMailData): Promise<void> {
    return this.mail.enqueue(ACCOUNT_CONFIRMATION_MAIL, data);
  }

  async compose(data: CustomerTokenMailData): Promise<TemplatedMail | null> {
    const issued = await this.tokenMail.issue(
      data,
      this.tokens,
      (customer) => customer.confirmedAt === null,
    );
    return (
      issued &&
      customerTokenMail('account_confirmation', issued, data.redirectUrl, `${LIFETIME_DAYS} days`)
    );
  }
}
