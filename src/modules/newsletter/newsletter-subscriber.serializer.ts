import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { NewsletterSubscriptionView } from '../customers/index.js';
import type { NewsletterSubscriber } from './newsletter-subscriber.entity.js';

/** The client's `NewsletterSubscriber`, as the customer's account view also shows it. */
export type NewsletterSubscriberView = NewsletterSubscriptionView;

/** The v3 representation of a subscriber, for the Store and Admin APIs and event payloads. */
@Injectable()
export class NewsletterSubscriberSerializer {
  constructor(private readonly ids: PublicIdCodec) {}

  publicId(subscriber: Pick<NewsletterSubscriber, 'id'>): string {
    return this.ids.encode(ID_PREFIX.newsletterSubscriber, subscriber.id);
  }

  /** The subscriber's key behind a public id, or undefined when it is not one. */
  keyOf(publicId: string): string | undefined {
    return this.ids.decode(ID_PREFIX.newsletterSubscriber, publicId);
  }

  serialize(subscriber: NewsletterSubscriber): NewsletterSubscriberView {
    const verifiedAt = subscriber.verifiedAt ? new Date(subscriber.verifiedAt) : null;
    return {
      id: this.publicId(subscriber),
      email: subscriber.email,
      created_at: new Date(subscriber.createdAt).toISOString(),
      updated_at: new Date(subscriber.updatedAt).toISOString(),
      verified: verifiedAt !== null,
      verified_at: verifiedAt?.toISOString() ?? null,
      customer_id:
        subscriber.customerId === null
          ? null
          : this.ids.encode(ID_PREFIX.customer, subscriber.customerId),
    };
  }

  /**
   * What a request to subscribe an address not proven to be the caller's is answered: a pending
   * subscription as of now, whatever the list already holds for the address, so the answer never
   * tells whether (or since when, or by whom) it is subscribed.
   */
  pending(subscriber: Pick<NewsletterSubscriber, 'id' | 'email'>): NewsletterSubscriberView {
    const now = new Date().toISOString();
    return {
      id: this.publicId(subscriber),
      email: subscriber.email,
      created_at: now,
      updated_at: now,
      verified: false,
      verified_at: null,
      customer_id: null,
    };
  }
}
