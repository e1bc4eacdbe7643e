import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/index.js';
import { AdminNewsletterSubscribersController } from './admin-newsletter-subscribers.controller.js';
import { AdminNewsletterSubscribersService } from './admin-newsletter-subscribers.service.js';
import { NewsletterConsent } from './newsletter-consent.js';
import { NewsletterList } from './newsletter-list.js';
import { NewsletterMail } from './newsletter-mail.js';
import { NewsletterSubscriberSerializer } from './newsletter-subscriber.serializer.js';
import { NewsletterSubscriptionsService } from './newsletter-subscriptions.service.js';
import { NewsletterUnsubscribeTokens, NewsletterVerificationTokens } from './newsletter-tokens.js';
import { StoreNewsletterSubscribersController } from './store-newsletter-subscribers.controller.js';

/** The newsletter list: double opt-in subscriptions kept in step with customers' consent. */
@Module({
  imports: [CustomersModule],
  controllers: [StoreNewsletterSubscribersController, AdminNewsletterSubscribersController],
  providers: [
    NewsletterSubscriberSerializer,
    NewsletterVerificationTokens,
    NewsletterUnsubscribeTokens,
    NewsletterList,
    NewsletterMail,
    NewsletterConsent,
    NewsletterSubscriptionsService,
    AdminNewsletterSubscribersService,
  ],
})
export class NewsletterModule {}
