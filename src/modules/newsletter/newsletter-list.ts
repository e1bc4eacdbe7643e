import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ModelEvents } from '../../events/index.js';
import { MarketingConsent } from '../customers/index.js';
import { NewsletterSubscriber } from './newsletter-subscriber.entity.js';

/** An address to put on the list, and what is known of it. */
export interface ListEntry {
  email: string;
  /** The customer the address belongs to, when known. */
  customerId: string | null;
  /** Whether the address is proven its owner's (a signed-in customer's own address). */
  verified: boolean;
}

/**
 * The one writer of the newsletter list: every change runs in the caller's transaction, publishes
 * its `newsletter_subscriber.*` event and keeps the linked customer's marketing consent in step.
 */
@Injectable()
export class NewsletterList {
  constructor(
    private readonly events: ModelEvents,
    private readonly consent: MarketingConsent,
  ) {}

  /** Puts the address on the list, or completes what the list holds for it; answers the row. */
  async add(
    manager: EntityManager,
    storeId: string,
    entry: ListEntry,
  ): Promise<NewsletterSubscriber> {
    const scope = { manager, storeId };
    const [inserted]: { id: string }[] = await manager.query(
      `INSERT INTO newsletter_subscribers (store_id, email, customer_id, verified_at)
       VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END)
       ON CONFLICT (store_id, email) DO NOTHING RETURNING id::text`,
      [storeId, entry.email, entry.customerId, entry.verified],
    );
    if (inserted) {
      const created = await manager.findOneByOrFail(NewsletterSubscriber, { id: inserted.id });
      await this.events.created(scope, created);
      if (created.verifiedAt) await this.linkedConsent(manager, created, true);
      return created;
    }
    const existing = await manager.findOneOrFail(NewsletterSubscriber, {
      where: { storeId, email: entry.email },
      lock: { mode: 'pessimistic_write' },
    });
    const changes: Partial<NewsletterSubscriber> = {};
    if (entry.customerId !== null && existing.customerId !== entry.customerId) {
      changes.customerId = entry.customerId;
    }
    if (entry.verified && !existing.verifiedAt) changes.verifiedAt = new Date();
    if (Object.keys(changes).length === 0) return existing;
    return this.change(manager, existing, changes);
  }

  /** Confirms the subscription; the linked customer now accepts marketing e-mail. */
  async verify(
    manager: EntityManager,
    subscriber: NewsletterSubscriber,
  ): Promise<NewsletterSubscriber> {
    if (subscriber.verifiedAt) return subscriber;
    return this.change(manager, subscriber, { verifiedAt: new Date() });
  }

  /**
   * Takes the address off the list; a linked customer left with no subscription no longer
   * accepts marketing e-mail.
   */
  async remove(manager: EntityManager, subscriber: NewsletterSubscriber): Promise<void> {
    await this.events.deleted({ manager, storeId: subscriber.storeId }, subscriber);
    await manager.delete(NewsletterSubscriber, { id: subscriber.id });
    if (subscriber.customerId === null) return;
    const others = await manager.countBy(NewsletterSubscriber, {
      storeId: subscriber.storeId,
      customerId: subscriber.customerId,
    });
    if (others === 0) await this.linkedConsent(manager, subscriber, false);
  }

  private async change(
    manager: EntityManager,
    subscriber: NewsletterSubscriber,
    changes: Partial<NewsletterSubscriber>,
  ): Promise<NewsletterSubscriber> {
    await manager.update(NewsletterSubscriber, { id: subscriber.id }, changes);
    const changed = await manager.findOneByOrFail(NewsletterSubscriber, { id: subscriber.id });
    await this.events.updated({ manager, storeId: changed.storeId }, changed);
    if (changed.verifiedAt) await this.linkedConsent(manager, changed, true);
    return changed;
  }

  private async linkedConsent(
    manager: EntityManager,
    subscriber: NewsletterSubscriber,
    accepts: boolean,
  ): Promise<void> {
    if (subscriber.customerId === null) return;
    await this.consent.set(manager, subscriber.storeId, subscriber.customerId, accepts);
  }
}
