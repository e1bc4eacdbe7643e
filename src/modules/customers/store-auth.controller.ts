import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { IpRateLimit } from '../../platform/http/rate-limit/rate-limit.decorator.js';
import { CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { CustomerSessionsService } from './customer-sessions.service.js';
import { LoginBody } from './dto/login.body.js';
import { RefreshTokenBody } from './dto/refresh-token.body.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';

@ApiTags('Store: customer sessions')
@ApiSecurity('publishable-key')
@Idempotent()
@Controller('api/v3/store/auth')
export class StoreAuthController {
  constructor(private readonly sessions: CustomerSessionsService) {}

  @Post('login')
  @HttpCode(200)
  @IpRateLimit('login')
  @ApiOperation({
    summary: 'Sign a customer in with email and password → { token, refresh_token, user }',
  })
  login(@CurrentStore() store: StoreContext, @Body() body: LoginBody) {
    return this.sessions.login(store, body);
  }

  @Post('refresh')
  @HttpCode(200)
  @IpRateLimit('refresh')
  @ApiOperation({ summary: 'Trade a refresh token for a new access token and refresh token' })
  refresh(@CurrentStore() store: StoreContext, @Body() body: RefreshTokenBody) {
    return this.sessions.refresh(store, body.refresh_token);
  }

  @Post('logout')
  @HttpCode(204)
  @IpRateLimit('logout')
  @ApiOperation({ summary: 'End the sign-in a refresh token belongs to' })
  async logout(@CurrentStore() store: StoreContext, @Body() body: RefreshTokenBody) {
    await this.sessions.logout(store, body.refresh_token);
  }
}
