import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type Customer, MarketingConsent } from '../customers/index.js';
import { NewsletterList } from './newsletter-list.js';
import { NewsletterSubscriber } from './newsletter-subscriber.entity.js';

/**
 * A customer who turns marketing e-mail on is subscribed with their own address (verified: the
 * signed-in account proves it); one who turns it off leaves the list with every subscription
 * linked to them or of their address.
 */
@Injectable()
export class NewsletterConsent implements OnModuleInit {
  constructor(
    private readonly consent: MarketingConsent,
    private readonly list: NewsletterList,
  ) {}

  onModuleInit(): void {
    this.consent.onChange((manager, customer) => this.follow(manager, customer));
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
