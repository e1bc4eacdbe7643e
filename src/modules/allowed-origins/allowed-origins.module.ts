import { Module } from '@nestjs/common';
import { AdminAllowedOriginsController } from './admin/admin-allowed-origins.controller.js';
import { AdminAllowedOriginsService } from './admin/admin-allowed-origins.service.js';
import { AllowedOriginSerializer } from './admin/allowed-origin.serializer.js';
import { BrowserOrigins } from './browser-origins.js';
import { StoreOrigins } from './store-origins.js';

/** Browser storefronts: each store's allowed origins and the CORS answer of every request. */
@Module({
  controllers: [AdminAllowedOriginsController],
  providers: [AdminAllowedOriginsService, AllowedOriginSerializer, StoreOrigins, BrowserOrigins],
  exports: [BrowserOrigins],
})
export class AllowedOriginsModule {}
