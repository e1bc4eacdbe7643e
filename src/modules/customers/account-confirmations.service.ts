import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { StoreContext } from '../stores/index.js';
import { AccountConfirmationMail } from './account-confirmation-mail.js';
import { AccountConfirmationTokens } from './account-confirmation-tokens.js';
import { claimCustomerToken } from './claim-customer-token.js';
import { CustomerConfirmation } from './customer-confirmation.js';
import type { RequestAccountConfirmationBody } from './dto/account-confirmation.body.js';
import { tokenMailData } from './token-mail-data.js';

/** The one answer to every request for a confirmation e-mail, known address or not. */
export const ACCOUNT_CONFIRMATION_REQUESTED = {
  message:
    'If an unconfirmed account exists for this email, a confirmation link has been sent to it',
};

/** What a confirmed account answers, as Spree's v2 `account_confirmations` does. */
export const ACCOUNT_CONFIRMED = { state: 'confirmed' } as const;

/** New customers' e-mail confirmations: an e-mailed one-time token that confirms the account. */
@Injectable()
export class AccountConfirmationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: AccountConfirmationMail,
    private readonly tokens: AccountConfirmationTokens,
    private readonly confirmation: CustomerConfirmation,
  ) {}

  /** Queues another confirmation e-mail; the same answer whatever the address. */
  async request(
    store: StoreContext,
    body: RequestAccountConfirmationBody,
  ): Promise<typeof ACCOUNT_CONFIRMATION_REQUESTED> {
    await this.mail.request(await tokenMailData(this.dataSource.manager, store.storeId, body));
    return ACCOUNT_CONFIRMATION_REQUESTED;
  }

  /** Uses the token up and confirms its customer; 422 on `token` for any token that does not. */
  async confirm(store: StoreContext, token: string): Promise<typeof ACCOUNT_CONFIRMED> {
    await this.dataSource.transaction(async (manager) => {
      const customer = await claimCustomerToken(manager, this.tokens, store.storeId, token);
      await this.confirmation.confirm(manager, customer);
    });
    return ACCOUNT_CONFIRMED;
  }
}
