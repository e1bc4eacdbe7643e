import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModelEvents } from '../../events/index.js';
import { Customer } from './customer.entity.js';

/** Told, inside the transaction of the change, that a customer turned marketing e-mail on or off. */
export type MarketingConsentListener = (
  manager: EntityManager,
  customer: Customer,
) => Promise<void>;

/** The customer's newsletter subscription as the client's `NewsletterSubscriber` shows it. */
export interface NewsletterSubscriptionView {
  id: string;
  email: string;
  created_at: string;
  updated_at: string;
  verified: boolean;
  verified_at: string | null;
  customer_id: string | null;
}

/** Reads the subscription linked to a customer, for the account view. */
export type SubscriptionReader = (
  manager: EntityManager,
  customer: Customer,
) => Promise<NewsletterSubscriptionView | null>;

/**
 * A customer's consent to marketing e-mail (`accepts_email_marketing`), kept in step with the
 * modules built on this one that record consent of their own (the newsletter list): they listen
 * to the changes customers make here, set the consent from their side through `set`, and
 * provide the subscription the account view shows, so this module never imports them.
 */
@Injectable()
export class MarketingConsent {
  private readonly listeners: MarketingConsentListener[] = [];
  private subscriptionReader: SubscriptionReader | null = null;

  constructor(private readonly events: ModelEvents) {}

  /** Registered once, at module initialisation. */
  onChange(listener: MarketingConsentListener): void {
    this.listeners.push(listener);
  }

  /** Registered once, at module initialisation, by the module that keeps the list. */
  readSubscriptionsWith(reader: SubscriptionReader): void {
    this.subscriptionReader = reader;
  }

  /** The customer's subscription (null when none, or when no module keeps a list). */
  subscriptionOf(
    manager: EntityManager,
    customer: Customer,
  ): Promise<NewsletterSubscriptionView | null> {
    return this.subscriptionReader?.(manager, customer) ?? Promise.resolve(null);
  }

  /** A customer's own change (registration, profile) turned the consent on or off. */
  async changed(manager: EntityManager, customer: Customer): Promise<void> {
    for (const listener of this.listeners) await listener(manager, customer);
  }

  /**
   * Sets the consent for another module's change (a confirmed or ended subscription), in its
   * transaction; publishes `customer.updated` when it changed. Listeners are not told: the
   * change comes from one of them.
   */
  async set(
    manager: EntityManager,
    storeId: string,
    customerId: string,
    accepts: boolean,
  ): Promise<void> {
    const where = { id: customerId, storeId, acceptsMarketing: !accepts };
    const result = await manager.update(Customer, where, { acceptsMarketing: accepts });
    if (!result.affected) return;
    const customer = await manager.findOneByOrFail(Customer, { id: customerId });
    await this.events.updated({ manager, storeId }, 'customer', customer);
  }
}
