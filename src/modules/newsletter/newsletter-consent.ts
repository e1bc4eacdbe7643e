import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type Customer, MarketingConsent } from '../customers/index.js';
import { NewsletterList } from './newsletter-list.js';
import { NewsletterSubscriber } from './newsletter-subscriber.entity.js';
import {
  NewsletterSubscriberSerializer,
  type NewsletterSubscriberView,
} from './newsletter-subscriber.serializer.js';

/**
 * The customer's side of the list. The account view shows the subscription linked to the
 * customer (the one of their own address first). A customer who turns marketing e-mail on is subscribed with their own address (verified: the
 * signed-in account proves it); one who turns it off leaves the list with every subscription
 * linked to them or of their address.
 */
@Injectable()
export class NewsletterConsent implements OnModuleInit {
  constructor(
    private readonly consent: MarketingConsent,
    private readonly list: NewsletterList,
    private readonly serializer: NewsletterSubscriberSerializer,
  ) {}

  onModuleInit(): void {
    this.consent.onChange((manager, customer) => this.follow(manager, customer));
    this.consent.readSubscriptionsWith((manager, customer) => this.linkedTo(manager, customer));
  }

  async linkedTo(
    manager: EntityManager,
    customer: Customer,
  ): Promise<NewsletterSubscriberView | null> {
    const subscriber = await manager
      .createQueryBuilder(NewsletterSubscriber, 'ns')
      .where('ns.store_id = :storeId AND ns.customer_id = :customerId', {
        storeId: customer.storeId,
        customerId: customer.id,
      })
      .orderBy('ns.email = :email', 'DESC')
      .setParameter('email', customer.email)
      .addOrderBy('ns.created_at', 'DESC')
      .getOne();
    return subscriber ? this.serializer.serialize(subscriber) : null;
  }

  async follow(manager: EntityManager, customer: Customer): Promise<void> {
    if (customer.acceptsMarketing) {
      await this.list.add(manager, customer.storeId, {
        email: customer.email,
        customerId: customer.id,
        verified: true,
      });
      return;
    }
    const subscribers = await manager.find(NewsletterSubscriber, {
      where: [
        { storeId: customer.storeId, customerId: customer.id },
        { storeId: customer.storeId, email: customer.email },
      ],
      lock: { mode: 'pessimistic_write' },
    });
    for (const subscriber of subscribers) await this.list.remove(manager, subscriber);
  }
}
