import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ModelEvents } from '../../events/index.js';
import { Store } from '../stores/index.js';
import { Customer } from './customer.entity.js';

const notConfirmed = () =>
  new StoreError(
    'access_denied',
    "The account's e-mail address is not confirmed yet: open the link of the confirmation e-mail, or ask for a new one",
    { reason: 'account_not_confirmed' },
  );

/**
 * Whether customers have proved their e-mail address theirs, where the store asks them to: the
 * store's setting, the sign-in rule that follows from it, and the confirmation itself.
 */
@Injectable()
export class CustomerConfirmation {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: ModelEvents,
  ) {}

  /** Whether the store asks new customers to confirm their e-mail address. */
  async required(storeId: string, manager: EntityManager = this.dataSource.manager) {
    const store = await manager.findOne(Store, {
      select: { id: true, accountConfirmationRequired: true },
      where: { id: storeId },
    });
    return store?.accountConfirmationRequired ?? false;
  }

  /**
   * Refuses (403 `access_denied`) the sign-in of a customer the store still waits on to confirm.
   * Once the store stops asking, a customer who never confirmed signs in like any other.
   */
  async assertMaySignIn(customer: Customer): Promise<void> {
    if (customer.confirmedAt === null && (await this.required(customer.storeId))) {
      throw notConfirmed();
    }
  }

  /**
   * Marks an unconfirmed customer confirmed as of now, in the caller's transaction, and publishes
   * `customer.confirmed`; nothing happens to a customer confirmed already.
   */
  async confirm(manager: EntityManager, customer: Customer): Promise<void> {
    const { affected } = await manager.update(
      Customer,
      { id: customer.id, confirmedAt: IsNull() },
      { confirmedAt: () => 'now()' },
    );
    if (affected !== 1) return;
    const confirmed = await manager.findOneByOrFail(Customer, { id: customer.id });
    await this.events.publish(
      { manager, storeId: customer.storeId },
      'customer.confirmed',
      confirmed,
    );
  }
}
