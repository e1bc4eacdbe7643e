import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ModelEvents } from '../../events/index.js';
import { PasswordHasher, SessionsService } from '../auth/index.js';
import { Store, type StoreContext } from '../stores/index.js';
import { Customer } from './customer.entity.js';
import {
  type CustomerSession,
  CustomerSessionsService,
  sessionOwner,
} from './customer-sessions.service.js';
import type { RequestPasswordResetBody, ResetPasswordBody } from './dto/password-reset.body.js';
import { PasswordResetMail } from './password-reset-mail.js';
import { PasswordResetTokens } from './password-reset-tokens.js';

/** The one answer to every reset request, known address or not. */
export const PASSWORD_RESET_REQUESTED = {
  message: 'If an account exists for this email, a password reset link has been sent to it',
};

const invalidToken = () =>
  new StoreError('validation_error', 'The password reset token is invalid or expired', {
    token: ['is invalid, expired or already used; ask for a new password reset'],
  });

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
  ) {}

  /** Queues the e-mail; the same answer whether or not the address is a customer's. */
  async request(
    store: StoreContext,
    body: RequestPasswordResetBody,
  ): Promise<typeof PASSWORD_RESET_REQUESTED> {
    const redirectUrl =
      body.redirect_url === undefined ? null : await this.onStoreSite(store, body.redirect_url);
    await this.mail.request({ storeId: store.storeId, email: body.email, redirectUrl });
    return PASSWORD_RESET_REQUESTED;
  }

  /**
   * Sets the new password, ends every session of the customer and starts a new one, in one
   * transaction; the token is used up by it.
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
      const customerId = await this.tokens.claim(manager, store.storeId, token);
      const customer = customerId
        ? await manager.findOne(Customer, {
            where: { id: customerId, storeId: store.storeId },
            lock: { mode: 'pessimistic_write' },
          })
        : null;
      if (!customer || customer.anonymizedAt) throw invalidToken();
      await manager.update(Customer, { id: customer.id }, { passwordDigest });
      await this.sessions.endAll(sessionOwner(customer), manager);
      const updated = await manager.findOneByOrFail(Customer, { id: customer.id });
      await this.events.updated({ manager, storeId: store.storeId }, 'customer', updated);
      return this.customerSessions.start(updated, currency, manager);
    });
  }

  /**
   * A reset link may only lead to the store's own site: anywhere else, whoever asked for the
   * reset of someone else's account would receive the token through the link.
   */
  private async onStoreSite(store: StoreContext, redirectUrl: string): Promise<string> {
    const site = (await this.dataSource.manager.findOneBy(Store, { id: store.storeId }))?.url;
    const origin = (value: string | null | undefined) => {
      try {
        const url = new URL(value ?? '');
        return /^https?:$/.test(url.protocol) ? url.origin : null;
      } catch {
        return null;
      }
    };
    const allowed = origin(site);
    if (!allowed || origin(redirectUrl) !== allowed) {
      throw new StoreError('validation_error', 'The request failed validation', {
        redirect_url: [
          allowed
            ? `redirect_url must be a page of the store's site (${allowed})`
            : 'redirect_url is not accepted: the store has no site URL',
        ],
      });
    }
    return redirectUrl;
  }
}
