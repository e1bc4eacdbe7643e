import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MailJobs } from '../../platform/mail/mail-jobs.js';
import type { MailMessage } from '../../platform/mail/mailer.port.js';
import { TOKEN_LIFETIME_S } from '../auth/index.js';
import { AccountConfirmationTokens } from './account-confirmation-tokens.js';
import {
  type CustomerTokenMailData,
  CustomerTokenMail,
  linkOrToken,
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

  async compose(data: CustomerTokenMailData): Promise<MailMessage | null> {
    const issued = await this.tokenMail.issue(
      data,
      this.tokens,
      (customer) => customer.confirmedAt === null,
    );
    if (!issued) return null;
    const { store, customer, from, token } = issued;
    return {
      from,
      to: customer.email,
      subject: `Confirm your e-mail address at ${store.name}`,
      text: [
        `An account was opened at ${store.name} with the e-mail address ${customer.email}.`,
        '',
        ...linkOrToken(data.redirectUrl, token, {
          link: `To confirm that the address is yours, open this link within ${LIFETIME_DAYS} days:`,
          token: `To confirm that the address is yours within ${LIFETIME_DAYS} days, use this confirmation token:`,
        }),
        '',
        'It works once, and only until you ask for another one.',
        'If you did not open this account, ignore this e-mail: nobody can sign in to it unconfirmed.',
        '',
      ].join('\n'),
    };
  }
}
