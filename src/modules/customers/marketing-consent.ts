import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModelEvents } from '../../events/index.js';
import { Customer } from './customer.entity.js';

/** Told, inside the transaction of the change, that a customer turned marketing e-mail on or off. */
export type MarketingConsentListener = (
  manager: EntityManager,
  customer: Customer,
) => Promise<void>;

/**
 * A customer's consent to marketing e-mail (`accepts_email_marketing`), kept in step with the
 * modules built on this one that record consent of their own (the newsletter list): they listen
 * to the changes customers make here, and set the consent from their side through `set`, so
 * this module never imports them.
 */
@Injectable()
export class MarketingConsent {
  private readonly listeners: MarketingConsentListener[] = [];

  constructor(private readonly events: ModelEvents) {}

  /** Registered once, at module initialisation. */
  onChange(listener: MarketingConsentListener): void {
    this.listeners.push(listener);
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
