import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { AccessTokensService } from '../auth/index.js';
import { PasswordHasher } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { type SessionOwner, SessionsService } from '../auth/index.js';
import type { Customer } from './customer.entity.js';
import { CustomerConfirmation } from './customer-confirmation.js';
import { CustomerRecords } from './customer-records.js';
import { CustomerAccountViews, type CustomerAccountView } from './customer-account-view.js';
import { CustomerSerializer } from './customer.serializer.js';
import { EMAIL_PROVIDER, isEmailProvider } from './dto/login.body.js';

/** The client's `AuthTokens`: the user is the whole account view. */
export interface CustomerSession {
  token: string;
  refresh_token: string;
  user: CustomerAccountView;
}

const signInFailed = () =>
  new StoreError('authentication_failed', 'The email or password is not correct');
const invalidRefreshToken = () =>
  new StoreError('invalid_refresh_token', 'The refresh token is invalid or expired');

export function sessionOwner(customer: Pick<Customer, 'id' | 'storeId'>): SessionOwner {
  return { subject: 'customer', storeId: customer.storeId, subjectId: customer.id };
}

/** Customer sign-in: a 1 h access token plus a 30-day refresh token that rotates on every use. */
@Injectable()
export class CustomerSessionsService {
  private readonly logger = new Logger(CustomerSessionsService.name);
  constructor(
    private readonly customers: CustomerRecords,
    private readonly passwords: PasswordHasher,
    private readonly tokens: AccessTokensService,
    private readonly sessions: SessionsService,
    private readonly serializer: CustomerSerializer,
    private readonly accounts: CustomerAccountViews,
    private readonly confirmation: CustomerConfirmation,
  ) {}

  async login(
    store: StoreContext,
    credentials: { email: string; password: string; provider?: unknown },
    currency = store.defaultCurrency,
  ): Promise<CustomerSession> {
    if (!isEmailProvider(credentials.provider)) {
      throw new StoreError('invalid_provider', `Unknown sign-in provider; use "${EMAIL_PROVIDER}"`);
    }
    const customer = await this.customers.byEmail(store.storeId, credentials.email);
    // An unknown e-mail costs the same scrypt run as a wrong password (see PasswordHasher).
    const matches = await this.passwords.verify(credentials.password, customer?.passwordDigest);
    if (!customer || !matches) {
      this.logger.debug('Customer sign-in refused');
      throw signInFailed();
    }
    await this.confirmation.assertMaySignIn(customer);
    this.logger.debug(`Customer ${this.serializer.publicId(customer)} signed in`);
    return this.start(customer, currency);
  }

  /**
   * Opens a sign-in chain for `customer` (inside the caller's transaction when given one); the
   * user is shown with its credit in `currency`.
   */
  async start(
    customer: Customer,
    currency: string,
    manager?: EntityManager,
  ): Promise<CustomerSession> {
    const refreshToken = await this.sessions.start(sessionOwner(customer), manager);
    return this.sessionOf(customer, refreshToken, currency, manager);
  }

  async refresh(
    store: StoreContext,
    refreshToken: string,
    currency: string,
  ): Promise<CustomerSession> {
    const next = await this.sessions.rotate(refreshToken, 'customer');
    // Looked up in the calling store: a token shown to another store finds no customer there.
    const customer = await this.customers.active(store.storeId, next.subjectId);
    if (!customer) {
      // Shown to the wrong store, or its customer is gone: end the chain rather than extend it.
      await this.sessions.end(next.refreshToken, 'customer');
      throw invalidRefreshToken();
    }
    this.logger.debug(`Customer ${this.serializer.publicId(customer)} refreshed a session`);
    return this.sessionOf(customer, next.refreshToken, currency);
  }

  async logout(store: StoreContext, refreshToken: string): Promise<void> {
    const owner = await this.sessions.end(refreshToken, 'customer');
    // Ended all the same: whoever holds a token may give it up, but it names no session here.
    if (owner.storeId !== store.storeId) throw invalidRefreshToken();
    this.logger.debug('Customer session ended');
  }

  private async sessionOf(
    customer: Customer,
    refreshToken: string,
    currency: string,
    manager?: EntityManager,
  ): Promise<CustomerSession> {
    const { token } = this.tokens.issue(sessionOwner(customer));
    const user = await this.accounts.render(customer, currency, manager);
    return { token, refresh_token: refreshToken, user };
  }
}
