import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type QueryDeepPartialEntity } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ModelEvents } from '../../events/index.js';
import { PasswordHasher } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { SessionsService } from '../auth/index.js';
import { AccountConfirmationMail } from './account-confirmation-mail.js';
import { CustomerAccountViews, type CustomerAccountView } from './customer-account-view.js';
import { Customer } from './customer.entity.js';
import { CustomerConfirmation } from './customer-confirmation.js';
import { profileChanges } from './customer-profile.js';
import { CustomerRecords } from './customer-records.js';
import {
  type CustomerSession,
  CustomerSessionsService,
  sessionOwner,
} from './customer-sessions.service.js';
import type { RegisterCustomerBody } from './dto/register-customer.body.js';
import type { UpdateProfileBody } from './dto/update-profile.body.js';
import { MarketingConsent } from './marketing-consent.js';

const wrongCurrentPassword = () =>
  new StoreError(
    'current_password_invalid',
    'current_password must be the present password to change the email or password',
  );

/**
 * A registration the store still waits on to confirm the e-mail address: the account, with no
 * session until the customer confirms and signs in.
 */
export interface UnconfirmedRegistration {
  token: null;
  refresh_token: null;
  user: CustomerAccountView;
}

/** A shopper's own account: registration and profile. */
@Injectable()
export class CustomerAccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: PasswordHasher,
    private readonly customers: CustomerRecords,
    private readonly sessions: SessionsService,
    private readonly customerSessions: CustomerSessionsService,
    private readonly views: CustomerAccountViews,
    private readonly events: ModelEvents,
    private readonly consent: MarketingConsent,
    private readonly confirmation: CustomerConfirmation,
    private readonly confirmationMail: AccountConfirmationMail,
  ) {}

  /**
   * Creates the account and signs it in, in one transaction. Where the store asks new customers
   * to confirm their e-mail address, the account waits unconfirmed, without a session, and the
   * confirmation e-mail is queued.
   */
  async register(
    store: StoreContext,
    body: RegisterCustomerBody,
    currency: string,
  ): Promise<CustomerSession | UnconfirmedRegistration> {
    // Hashed before the transaction: scrypt takes a while and must not hold a connection.
    const passwordDigest = await this.passwords.hash(body.password);
    const unconfirmed = await this.confirmation.required(store.storeId);
    const registration = await this.dataSource.transaction(async (manager) => {
      const customer = await manager.save(
        manager.create(Customer, {
          storeId: store.storeId,
          email: body.email,
          passwordDigest,
          // Left out, the column's default confirms the customer at once.
          ...(unconfirmed ? { confirmedAt: null } : {}),
          ...profileChanges(body),
        }),
      );
      await this.events.created({ manager, storeId: store.storeId }, 'customer', customer);
      if (customer.acceptsMarketing) await this.consent.changed(manager, customer);
      if (!unconfirmed) return this.customerSessions.start(customer, currency, manager);
      const user = await this.views.render(customer, currency, manager);
      return { token: null, refresh_token: null, user } satisfies UnconfirmedRegistration;
    });
    // Queued once the customer is committed: the worker looks the address up.
    if (unconfirmed) {
      await this.confirmationMail.request({
        storeId: store.storeId,
        email: registration.user.email,
        redirectUrl: null,
      });
    }
    return registration;
  }

  async profile(
    store: StoreContext,
    customerId: string,
    currency: string,
  ): Promise<CustomerAccountView> {
    return this.views.render(await this.customers.signedIn(store.storeId, customerId), currency);
  }

  /**
   * Profile fields change freely; the email and the password only with the present password. A
   * new password ends every session of the customer in the same transaction.
   */
  async updateProfile(
    store: StoreContext,
    customerId: string,
    body: UpdateProfileBody,
    currency: string,
  ): Promise<CustomerAccountView> {
    const customer = await this.customers.signedIn(store.storeId, customerId);
    const email =
      body.email !== undefined && body.email !== customer.email ? body.email : undefined;
    const newPassword = body.password;
    const needsProof = email !== undefined || newPassword !== undefined;
    if (needsProof) await this.verifyCurrentPassword(customer, body.current_password);
    const passwordDigest =
      newPassword === undefined ? undefined : await this.passwords.hash(newPassword);

    // The jsonb `metadata` holds unknown values, which TypeORM's update type cannot express.
    const changes = {
      ...profileChanges(body),
      ...(email === undefined ? {} : { email }),
      ...(passwordDigest === undefined ? {} : { passwordDigest }),
    } as QueryDeepPartialEntity<Customer>;
    return this.dataSource.transaction(async (manager) => {
      const where = { id: customer.id, storeId: store.storeId };
      if (Object.keys(changes).length > 0) {
        // Conditional on the digest just verified: a concurrent password change wins.
        const updated = await manager.update(
          Customer,
          needsProof ? { ...where, passwordDigest: customer.passwordDigest! } : where,
          changes,
        );
        if (updated.affected !== 1) throw wrongCurrentPassword();
      }
      if (passwordDigest !== undefined) await this.sessions.endAll(sessionOwner(customer), manager);
      const updated = await manager.findOneByOrFail(Customer, where);
      await this.events.updated({ manager, storeId: store.storeId }, 'customer', updated);
      if (updated.acceptsMarketing !== customer.acceptsMarketing) {
        await this.consent.changed(manager, updated);
      }
      return this.views.render(updated, currency, manager);
    });
  }

  private async verifyCurrentPassword(customer: Customer, given: string | undefined) {
    const valid =
      customer.passwordDigest !== null &&
      given !== undefined &&
      (await this.passwords.verify(given, customer.passwordDigest));
    if (!valid) throw wrongCurrentPassword();
  }
}
