import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { CommonModule } from './common/common.module.js';
import { ENTITIES } from './entities.js';
import { type AppConfig, ConfigModule } from './config/index.js';
import { AuthModule } from './modules/auth/index.js';
import { CatalogModule } from './modules/catalog/index.js';
import { StoresModule } from './modules/stores/index.js';
import { CustomersModule } from './modules/customers/index.js';
import { CreditCardsModule } from './modules/credit-cards/index.js';
import { NewsletterModule } from './modules/newsletter/index.js';
import { StaffModule } from './modules/staff/index.js';
import { OrdersModule } from './modules/orders/index.js';
import { ReturnsModule } from './modules/returns/index.js';
import { OrderEditsModule } from './modules/order-edits/index.js';
import { EventsModule } from './events/index.js';
import { HttpPoliciesModule } from './platform/http/http-policies.module.js';
import { DatabaseModule } from './platform/database/database.module.js';
import type { DatabaseEndpoint } from './platform/database/database-endpoint.js';
import { HealthModule } from './platform/health/health.module.js';
import { CacheModule } from './platform/cache/index.js';
import { AllExceptionsFilter } from './platform/http/all-exceptions.filter.js';
import { RequestValidationPipe } from './platform/http/request-validation.pipe.js';
import { LoggingModule } from './platform/logging/logging.module.js';
import { QueueModule } from './platform/queue/queue.module.js';
import { MailModule } from './platform/mail/mail.module.js';
import { BlobStoreModule } from './platform/blob-store/index.js';
import { WebhooksModule } from './modules/webhooks/index.js';
import { DigitalModule } from './modules/digital/index.js';
import { MarketsModule } from './modules/markets/index.js';
import { NotOfferedModule } from './modules/not-offered/index.js';
import { StorefrontV2Module } from './modules/storefront-v2/index.js';
import { TagsModule } from './modules/tags/index.js';
import { PromotionsModule } from './modules/promotions/index.js';
import { ChannelsModule } from './modules/channels/index.js';
import { PoliciesModule } from './modules/policies/index.js';
import { AllowedOriginsModule } from './modules/allowed-origins/index.js';
import { WishlistsModule } from './modules/wishlists/index.js';
import { GiftCardsModule } from './modules/gift-cards/index.js';
import { MediaModule } from './modules/media/index.js';
import { EmailsModule } from './modules/emails/index.js';

@Module({})
export class AppModule {
  /** `extraModules` lets an embedding application (or a test) mount more modules on the same stack. */
  static forRoot(
    config: AppConfig,
    database: DatabaseEndpoint,
    extraModules: Type[] = [],
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(config),
        DatabaseModule.forRoot(database, ENTITIES),
        QueueModule.forRoot(config),
        BlobStoreModule,
        EventEmitterModule.forRoot({ wildcard: true, delimiter: '.' }),
        CommonModule,
        CacheModule,
        EventsModule,
        StoresModule,
        AuthModule,
        // After AuthModule: its access guard must run before the rate-limit guard.
        HttpPoliciesModule,
        CatalogModule,
        CustomersModule,
        CreditCardsModule,
        NewsletterModule,
        StaffModule,
        OrdersModule,
        ReturnsModule,
        OrderEditsModule,
        DigitalModule,
        MarketsModule,
        MailModule,
        WebhooksModule,
        TagsModule,
        PromotionsModule,
        ChannelsModule,
        PoliciesModule,
        AllowedOriginsModule,
        WishlistsModule,
        StorefrontV2Module,
        GiftCardsModule,
        MediaModule,
        NotOfferedModule,
        EmailsModule,
        HealthModule,
        ...extraModules,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useClass: RequestValidationPipe },
      ],
    };
  }
}
