import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IpRateLimit } from '../../platform/http/rate-limit/rate-limit.decorator.js';
import { ApiErrors, ApiPublishableKeyAccess } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequestCurrency } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { ApiAuthTokens } from './auth-tokens.api.js';
import { CustomerSessionsService } from './customer-sessions.service.js';
import { LoginBody } from './dto/login.body.js';
import { RefreshTokenBody } from './dto/refresh-token.body.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';

@ApiTags('Store: customer sessions')
@ApiPublishableKeyAccess()
@Idempotent()
@Controller('api/v3/store/auth')
export class StoreAuthController {
  constructor(private readonly sessions: CustomerSessionsService) {}

  @Post('login')
  @HttpCode(200)
  @IpRateLimit('login')
  @ApiAuthTokens()
  @ApiErrors('authentication_failed', 'access_denied', 'invalid_provider', 'validation_error')
  @ApiOperation({
    summary:
      'Sign a customer in with email and password → { token, refresh_token, user }; a customer who has not confirmed the e-mail address the store asks to confirm → 403 access_denied',
  })
  login(
    @CurrentStore() store: StoreContext,
    @Body() body: LoginBody,
    @RequestCurrency() currency: string,
  ) {
    return this.sessions.login(store, body, currency);
  }

  @Post('refresh')
  @HttpCode(200)
  @IpRateLimit('refresh')
  @ApiAuthTokens()
  @ApiErrors('invalid_refresh_token', 'validation_error')
  @ApiOperation({ summary: 'Trade a refresh token for a new access token and refresh token' })
  refresh(
    @CurrentStore() store: StoreContext,
    @Body() body: RefreshTokenBody,
    @RequestCurrency() currency: string,
  ) {
    return this.sessions.refresh(store, body.refresh_token, currency);
  }

  @Post('logout')
  @HttpCode(204)
  @IpRateLimit('logout')
  @ApiResponse({ status: 204, description: 'Signed out' })
  @ApiErrors('invalid_refresh_token', 'validation_error')
  @ApiOperation({ summary: 'End the sign-in a refresh token belongs to' })
  async logout(@CurrentStore() store: StoreContext, @Body() body: RefreshTokenBody) {
    await this.sessions.logout(store, body.refresh_token);
  }
}
