import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/index.js';
import { AdminDigitalsController } from './admin-digitals.controller.js';
import { AdminDigitalsService } from './admin-digitals.service.js';
import { AdminVariantDigitalsController } from './admin-variant-digitals.controller.js';
import { DigitalDownloadsService } from './digital-downloads.service.js';
import { DigitalLinkSerializer } from './digital-link.serializer.js';
import { DigitalLinkTokens } from './digital-link-tokens.js';
import { DigitalLinksService } from './digital-links.service.js';
import { DigitalOrderHooks } from './digital-order-hooks.js';
import { OrdersModule } from '../orders/index.js';
import { DigitalSerializer } from './digital.serializer.js';
import { DigitalUploadInterceptor } from './digital-upload.interceptor.js';
import { StoreDigitalDownloadsController } from './store-digital-downloads.controller.js';

/**
 * Digital downloads: files attached to variants (Admin API), download links issued when an
 * order is placed, and the download itself (Store API, by link token).
 */
@Module({
  imports: [OrdersModule],
  controllers: [
    AdminVariantDigitalsController,
    AdminDigitalsController,
    StoreDigitalDownloadsController,
  ],
  providers: [
    {
      provide: DigitalLinkTokens,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new DigitalLinkTokens(config.ENCRYPTION_KEY!),
    },
    DigitalSerializer,
    DigitalLinkSerializer,
    DigitalLinksService,
    DigitalOrderHooks,
    DigitalDownloadsService,
    DigitalUploadInterceptor,
    AdminDigitalsService,
  ],
  exports: [DigitalDownloadsService],
})
export class DigitalModule {}
