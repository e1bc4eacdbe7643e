import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MailJobs } from '../../platform/mail/mail-jobs.js';
import type { TemplatedMail } from '../../platform/mail/templated-mail.js';
import { tokenLink } from '../customers/index.js';
import { Store } from '../stores/index.js';
import { NewsletterSubscriber } from './newsletter-subscriber.entity.js';
import { NewsletterSubscriberSerializer } from './newsletter-subscriber.serializer.js';
import { NewsletterUnsubscribeTokens, NewsletterVerificationTokens } from './newsletter-tokens.js';

export const NEWSLETTER_VERIFICATION_MAIL = 'newsletter_verification';
export const NEWSLETTER_UNSUBSCRIBE_MAIL = 'newsletter_unsubscribe';

/** What a request leaves for the worker: the address, in which store, and where to link. */
export interface NewsletterMailData {
  storeId: string;
  email: string;
  /** A page of the store's own site, or null: then the mail carries the token itself. */
  redirectUrl: string | null;
}

interface Composed {
  store: Store;
  subscriber: NewsletterSubscriber;
  token: string;
}

/**
 * The newsletter's e-mails: the confirmation of a subscription and the unsubscribe link.
 * Requests only enqueue them, whatever the list holds, so they answer alike and in the same
 * time; the worker looks the address up, issues the token and writes the message (nothing for
 * an address with nothing to confirm or to end).
 */
@Injectable()
export class NewsletterMail implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailJobs,
    private readonly verifications: NewsletterVerificationTokens,
    private readonly unsubscribes: NewsletterUnsubscribeTokens,
    private readonly serializer: NewsletterSubscriberSerializer,
  ) {}

  onModuleInit(): void {
    this.mail.register<NewsletterMailData>(NEWSLETTER_VERIFICATION_MAIL, (data) =>
      this.composeVerification(data),
    );
    this.mail.register<NewsletterMailData>(NEWSLETTER_UNSUBSCRIBE_MAIL, (data) =>
      this.composeUnsubscribe(data),
    );
  }

  requestVerification(data: NewsletterMailData): Promise<void> {
    return this.mail.enqueue(NEWSLETTER_VERIFICATION_MAIL, data);
  }

  requestUnsubscribe(data: NewsletterMailData): Promise<void> {
    return this.mail.enqueue(NEWSLETTER_UNSUBSCRIBE_MAIL, data);
  }

  async composeVerification(data: NewsletterMailData): Promise<TemplatedMail | null> {
    const found = await this.issue(data, (manager, subscriber) =>
      subscriber.verifiedAt ? null : this.verifications.issue(manager, subscriber),
    );
    if (!found) return null;
    const { subscriber, token } = found;
    return subscriberMail('newsletter_verification', data, subscriber, {
      link: tokenLink(data.redirectUrl, { token }),
      token,
    });
  }

  async composeUnsubscribe(data: NewsletterMailData): Promise<TemplatedMail | null> {
    const found = await this.issue(data, (manager, subscriber) =>
      this.unsubscribes.issue(manager, subscriber),
    );
    if (!found) return null;
    const { subscriber, token } = found;
    const id = this.serializer.publicId(subscriber);
    return subscriberMail('newsletter_unsubscribe', data, subscriber, {
      link: tokenLink(data.redirectUrl, { id, token }),
      token,
      subscription_id: id,
    });
  }

  /** The store and the address's subscriber with a new token, or null when there is none. */
  private async issue(
    data: NewsletterMailData,
    issueToken: (
      manager: EntityManager,
      subscriber: NewsletterSubscriber,
    ) => Promise<string> | null,
  ): Promise<Composed | null> {
    return this.dataSource.transaction(async (manager) => {
      const [store, subscriber] = await Promise.all([
        manager.findOneBy(Store, { id: data.storeId }),
        manager.findOneBy(NewsletterSubscriber, { storeId: data.storeId, email: data.email }),
      ]);
      const token = store && subscriber ? await issueToken(manager, subscriber) : null;
      return token ? { store: store!, subscriber: subscriber!, token } : null;
    });
  }
}

/** A mail to a subscriber: its template's values are the address, the token and its link. */
function subscriberMail(
  mail: string,
  data: NewsletterMailData,
  subscriber: NewsletterSubscriber,
  values: Record<string, unknown>,
): TemplatedMail {
  return {
    storeId: data.storeId,
    mail,
    to: subscriber.email,
    values: { email: subscriber.email, expires_in: null, ...values },
    customerId: subscriber.customerId ?? null,
  };
}
