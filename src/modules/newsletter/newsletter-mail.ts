import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MailJobs } from '../../platform/mail/mail-jobs.js';
import type { MailMessage } from '../../platform/mail/mailer.port.js';
import { Store } from '../stores/index.js';
import { NewsletterSubscriber } from './newsletter-subscriber.entity.js';
import { NewsletterSubscriberSerializer } from './newsletter-subscriber.serializer.js';
import { NewsletterUnsubscribeTokens, NewsletterVerificationTokens } from './newsletter-tokens.js';

export const NEWSLETTER_VERIFICATION_MAIL = 'newsletter_verification';
export const NEWSLETTER_UNSUBSCRIBE_MAIL = 'newsletter_unsubscribe';
const FALLBACK_FROM = 'no-reply@localhost';

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

  async composeVerification(data: NewsletterMailData): Promise<MailMessage | null> {
    const found = await this.issue(data, (manager, subscriber) =>
      subscriber.verifiedAt ? null : this.verifications.issue(manager, subscriber),
    );
    if (!found) return null;
    const { store, subscriber, token } = found;
    return {
      from: store.mailFromAddress ?? FALLBACK_FROM,
      to: subscriber.email,
      subject: `Confirm your subscription to ${store.name}'s newsletter`,
      text: [
        `Someone asked to subscribe ${subscriber.email} to the newsletter of ${store.name}.`,
        '',
        ...linkOrToken(
          data.redirectUrl,
          { token },
          'To confirm, open this link:',
          'To confirm, use this token:',
        ),
        '',
        'If you did not ask for this, ignore this e-mail: nothing will be sent to you.',
        '',
      ].join('\n'),
    };
  }

  async composeUnsubscribe(data: NewsletterMailData): Promise<MailMessage | null> {
    const found = await this.issue(data, (manager, subscriber) =>
      this.unsubscribes.issue(manager, subscriber),
    );
    if (!found) return null;
    const { store, subscriber, token } = found;
    const id = this.serializer.publicId(subscriber);
    return {
      from: store.mailFromAddress ?? FALLBACK_FROM,
      to: subscriber.email,
      subject: `Unsubscribe from ${store.name}'s newsletter`,
      text: [
        `Someone asked to unsubscribe ${subscriber.email} from the newsletter of ${store.name}.`,
        '',
        ...linkOrToken(
          data.redirectUrl,
          { id, token },
          'To unsubscribe, open this link:',
          'To unsubscribe, use this subscription id and token:',
        ),
        '',
        'If you did not ask for this, ignore this e-mail: your subscription stays as it is.',
        '',
      ].join('\n'),
    };
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

function linkOrToken(
  redirectUrl: string | null,
  params: Record<string, string>,
  linkIntro: string,
  tokenIntro: string,
): string[] {
  if (!redirectUrl) {
    return [tokenIntro, ...Object.values(params).map((value) => `  ${value}`)];
  }
  const url = new URL(redirectUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return [linkIntro, `  ${url.toString()}`];
}
