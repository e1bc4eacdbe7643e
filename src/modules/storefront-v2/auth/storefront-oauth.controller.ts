import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IpRateLimit } from '../../../platform/http/rate-limit/rate-limit.decorator.js';
import { ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, STOREFRONT_OAUTH_PATH } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ApiV2PublicAccess } from '../json-api/api-docs.decorators.js';
import { OAuthRevokeBody } from './dto/oauth-revoke.body.js';
import { OAuthTokenBody } from './dto/oauth-token.body.js';
import { OAuthGrantsService } from './oauth-grants.service.js';
import { ApiOAuthToken } from './oauth-token.api.js';

/** The OAuth 2 endpoints the v2 client signs customers in and out through. */
@ApiTags('Storefront v2: authentication')
@ApiV2PublicAccess()
@Controller(STOREFRONT_OAUTH_PATH)
export class StorefrontOAuthController {
  constructor(private readonly grants: OAuthGrantsService) {}

  @Post('token')
  @HttpCode(200)
  @IpRateLimit('login')
  @ApiOAuthToken()
  @ApiErrors(
    'authentication_failed',
    'access_denied',
    'invalid_refresh_token',
    'invalid_provider',
    'parameter_invalid',
    'validation_error',
  )
  @ApiOperation({
    summary:
      'Sign a customer in (`grant_type=password`, `username`, `password`) or trade a refresh token (`grant_type=refresh_token`); the tokens are the v3 Store API’s',
  })
  token(@CurrentStore() store: StoreContext, @Body() body: OAuthTokenBody) {
    return this.grants.grant(store, body);
  }

  @Post('revoke')
  @HttpCode(200)
  @IpRateLimit('logout')
  @ApiResponse({ status: 200, description: 'Revoked: `{}`', schema: { type: 'object' } })
  @ApiErrors('invalid_refresh_token', 'invalid_token', 'validation_error')
  @ApiOperation({
    summary:
      'End the sign-in of a refresh token; an access token is accepted and lives out its hour',
  })
  async revoke(@CurrentStore() store: StoreContext, @Body() body: OAuthRevokeBody) {
    await this.grants.revoke(store, body.token);
    return {};
  }
}
