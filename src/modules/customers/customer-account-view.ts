import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Money } from '../../common/money/money.js';
import { Address } from './address.entity.js';
import { AddressSerializer, type AddressView } from './address.serializer.js';
import type { Customer } from './customer.entity.js';
import { CustomerSerializer, type CustomerView } from './customer.serializer.js';
import { MarketingConsent, type NewsletterSubscriptionView } from './marketing-consent.js';

/** The signed-in customer as the Store API shows it: the record, its address book and credit. */
export interface CustomerAccountView extends Omit<CustomerView, 'newsletter_subscriber'> {
  /** The subscription linked to the customer, if any. */
  newsletter_subscriber: NewsletterSubscriptionView | null;
  addresses: AddressView[];
  default_billing_address: AddressView | null;
  default_shipping_address: AddressView | null;
  /** What is left of the customer's store credit in this store and the request's currency. */
  available_store_credit_total: string;
  display_available_store_credit_total: string;
}

/** Renders `CustomerAccountView`s (three reads: the address book, the credit left, the subscription). */
@Injectable()
export class CustomerAccountViews {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerSerializer,
    private readonly addresses: AddressSerializer,
    private readonly consent: MarketingConsent,
  ) {}

  async render(
    customer: Customer,
    currency: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<CustomerAccountView> {
    const [book, credit, subscription] = await Promise.all([
      manager.find(Address, {
        where: { storeId: customer.storeId, customerId: customer.id },
        order: { createdAt: 'DESC', id: 'DESC' },
      }),
      this.creditLeft(manager, customer, currency),
      this.consent.subscriptionOf(manager, customer),
    ]);
    const addresses = book.map((address) =>
      this.addresses.serialize(address, {
        billing: address.id === customer.billAddressId,
        shipping: address.id === customer.shipAddressId,
      }),
    );
    const byId = (id: string | null) =>
      addresses[book.findIndex((address) => address.id === id)] ?? null;
    return {
      ...this.customers.serialize(customer),
      newsletter_subscriber: subscription,
      addresses,
      default_billing_address: byId(customer.billAddressId),
      default_shipping_address: byId(customer.shipAddressId),
      available_store_credit_total: credit.toString(),
      display_available_store_credit_total: credit.format(),
    };
  }

  /** Read here rather than through store-credits, which is built on this module. */
  private async creditLeft(
    manager: EntityManager,
    customer: Customer,
    currency: string,
  ): Promise<Money> {
    const [row]: { remaining: string }[] = await manager.query(
      `SELECT coalesce(sum(amount - amount_used), 0)::text AS remaining FROM store_credits
       WHERE store_id = $1 AND customer_id = $2 AND currency = $3`,
      [customer.storeId, customer.id, currency],
    );
    return Money.of(row.remaining, currency).round();
  }
}
