import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/index.js';
import { CustomersModule } from '../../customers/index.js';
import { OAuthGrantsService } from './oauth-grants.service.js';
import { StorefrontOAuthController } from './storefront-oauth.controller.js';

/** Storefront v2 OAuth sign-in, refresh and revocation. */
@Module({
  imports: [AuthModule, CustomersModule],
  controllers: [StorefrontOAuthController],
  providers: [OAuthGrantsService],
})
export class StorefrontAuthModule {}
