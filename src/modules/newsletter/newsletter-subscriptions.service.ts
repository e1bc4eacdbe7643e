import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { type Principal } from '../auth/index.js';
import { CustomerRecords } from '../customers/index.js';
import { Store, type StoreContext } from '../stores/index.js';
import type { NewsletterEmailBody } from './dto/subscribe.body.js';
import { NewsletterList } from './newsletter-list.js';
import { NewsletterMail } from './newsletter-mail.js';
import { NewsletterSubscriber } from './newsletter-subscriber.entity.js';
import {
  NewsletterSubscriberSerializer,
  type NewsletterSubscriberView,
} from './newsletter-subscriber.serializer.js';
import { NewsletterUnsubscribeTokens, NewsletterVerificationTokens } from './newsletter-tokens.js';
import { onStoreSite } from './store-site-link.js';

/** The one answer to every unsubscribe request, subscribed address or not. */
export const UNSUBSCRIBE_REQUESTED = {
  message: 'If this address is subscribed, an unsubscribe link has been sent to it',
};

const invalidToken = (reason: string) =>
  new StoreError('validation_error', 'The newsletter token is invalid or expired', {
    token: [reason],
  });

/** The Store API's newsletter: subscribing with double opt-in, confirming, unsubscribing. */
@Injectable()
export class NewsletterSubscriptionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly list: NewsletterList,
    private readonly mail: NewsletterMail,
    private readonly customers: CustomerRecords,
    private readonly verifications: NewsletterVerificationTokens,
    private readonly unsubscribes: NewsletterUnsubscribeTokens,
    private readonly serializer: NewsletterSubscriberSerializer,
  ) {}

  /**
   * A signed-in customer's own address is subscribed at once (the token proves it is theirs) and
   * answered as it stands. Any other address is put on the list unverified, a confirmation is
   * mailed, and the answer is a pending subscription whatever the list held before.
   */
  async subscribe(
    store: StoreContext,
    principal: Principal,
    body: NewsletterEmailBody,
  ): Promise<NewsletterSubscriberView> {
    const caller =
      principal.kind === 'customer'
        ? await this.customers.signedIn(store.storeId, principal.customerId)
        : null;
    if (caller?.email === body.email) {
      const own = await this.dataSource.transaction((manager) =>
        this.list.add(manager, store.storeId, {
          email: body.email,
          customerId: caller.id,
          verified: true,
        }),
      );
      return this.serializer.serialize(own);
    }
    const owner = await this.customers.byEmail(store.storeId, body.email);
    const subscriber = await this.dataSource.transaction((manager) =>
      this.list.add(manager, store.storeId, {
        email: body.email,
        customerId: owner && !owner.anonymizedAt ? owner.id : null,
        verified: false,
      }),
    );
    await this.mail.requestVerification(await this.mailData(store, body));
    return this.serializer.pending(subscriber);
  }

  /** Confirms the subscription of the e-mailed token, which it uses up. */
  async verify(store: StoreContext, token: string): Promise<NewsletterSubscriberView> {
    return this.dataSource.transaction(async (manager) => {
      const id = await this.verifications.claim(manager, store.storeId, token);
      const subscriber = id
        ? await manager.findOne(NewsletterSubscriber, {
            where: { id, storeId: store.storeId },
            lock: { mode: 'pessimistic_write' },
          })
        : null;
      if (!subscriber) throw invalidToken('is invalid, expired or already used');
      return this.serializer.serialize(await this.list.verify(manager, subscriber));
    });
  }

  /** Mails an unsubscribe link when the address is on the list; the same answer either way. */
  async requestUnsubscribe(
    store: StoreContext,
    body: NewsletterEmailBody,
  ): Promise<typeof UNSUBSCRIBE_REQUESTED> {
    await this.mail.requestUnsubscribe(await this.mailData(store, body));
    return UNSUBSCRIBE_REQUESTED;
  }

  /**
   * Ends a subscription: its signed-in owner needs no token, anyone else the e-mailed one, which
   * must be the subscription's own.
   */
  async unsubscribe(
    store: StoreContext,
    principal: Principal,
    publicId: string,
    token: string | undefined,
  ): Promise<void> {
    const key = this.serializer.keyOf(publicId);
    await this.dataSource.transaction(async (manager) => {
      const subscriber = key
        ? await manager.findOne(NewsletterSubscriber, {
            where: { id: key, storeId: store.storeId },
            lock: { mode: 'pessimistic_write' },
          })
        : null;
      if (!subscriber) {
        throw new StoreError('record_not_found', 'No such newsletter subscription');
      }
      const owner = principal.kind === 'customer' && principal.customerId === subscriber.customerId;
      if (!owner) {
        if (token === undefined) throw invalidToken('is required to unsubscribe');
        const claimed = await this.unsubscribes.claim(manager, store.storeId, token);
        if (claimed !== subscriber.id) throw invalidToken('is invalid, expired or already used');
      }
      await this.list.remove(manager, subscriber);
    });
  }

  private async mailData(store: StoreContext, body: NewsletterEmailBody) {
    const site = await this.dataSource.manager.findOneBy(Store, { id: store.storeId });
    return {
      storeId: store.storeId,
      email: body.email,
      redirectUrl: onStoreSite(site?.url ?? null, body.redirect_url),
    };
  }
}
