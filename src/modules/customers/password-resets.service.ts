import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ModelEvents } from '../../events/index.js';
import { PasswordHasher, SessionsService } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { claimCustomerToken } from './claim-customer-token.js';
import { Customer } from './customer.entity.js';
import { CustomerConfirmation } from './customer-confirmation.js';
import {
  type CustomerSession,
  CustomerSessionsService,
  sessionOwner,
} from './customer-sessions.service.js';
import type { RequestPasswordResetBody, ResetPasswordBody } from './dto/password-reset.body.js';
import { PasswordResetMail } from './password-reset-mail.js';
import { PasswordResetTokens } from './password-reset-tokens.js';
import { tokenMailData } from './token-mail-data.js';

/** The one answer to every reset request, known address or not. */
export const PASSWORD_RESET_REQUESTED = {
  message: 'If an account exists for this email, a password reset link has been sent to it',
};

/** Forgotten passwords: an e-mailed one-time token that sets a new password and signs in. */
@Injectable()
export class PasswordResetsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: PasswordHasher,
    private readonly mail: PasswordResetMail,
    private readonly tokens: PasswordResetTokens,
    private readonly sessions: SessionsService,
    private readonly customerSessions: CustomerSessionsService,
    private readonly events: ModelEvents,
    private readonly confirmation: CustomerConfirmation,
  ) {}

  /** Queues the e-mail; the same answer whether or not the address is a customer's. */
  async request(
    store: StoreContext,
    body: RequestPasswordResetBody,
  ): Promise<typeof PASSWORD_RESET_REQUESTED> {
    await this.mail.request(await tokenMailData(this.dataSource.manager, store.storeId, body));
    return PASSWORD_RESET_REQUESTED;
  }

  /**
   * Sets the new password, ends every session of the customer and starts a new one, in one
   * transaction; the token is used up by it. The token came by e-mail, so it also confirms an
   * account still waiting for its e-mail confirmation.
   */
  async reset(
    store: StoreContext,
    token: string,
    body: ResetPasswordBody,
    currency: string,
  ): Promise<CustomerSession> {
    // Hashed before the transaction: scrypt takes a while and must not hold a connection.
    const passwordDigest = await this.passwords.hash(body.password);
    return this.dataSource.transaction(async (manager) => {
      const customer = await claimCustomerToken(manager, this.tokens, store.storeId, token);
      await manager.update(Customer, { id: customer.id }, { passwordDigest });
      await this.sessions.endAll(sessionOwner(customer), manager);
      await this.confirmation.confirm(manager, customer);
      const updated = await manager.findOneByOrFail(Customer, { id: customer.id });
      await this.events.updated({ manager, storeId: store.storeId }, 'customer', updated);
      return this.customerSessions.start(updated, currency, manager);
    });
  }
}
