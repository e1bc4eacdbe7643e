import { Body, Controller, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IpRateLimit } from '../../platform/http/rate-limit/rate-limit.decorator.js';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { ApiErrors, ApiPublishableKeyAccess } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequestCurrency } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { ApiAuthTokens } from './auth-tokens.api.js';
import { RequestPasswordResetBody, ResetPasswordBody } from './dto/password-reset.body.js';
import { ApiMessageAnswer } from './message-answer.api.js';
import { PasswordResetsService } from './password-resets.service.js';

@ApiTags('Store: customer account')
@ApiPublishableKeyAccess()
@Idempotent()
@Controller('api/v3/store/password_resets')
export class StorePasswordResetsController {
  constructor(private readonly resets: PasswordResetsService) {}

  @Post()
  @HttpCode(202)
  @IpRateLimit('password_reset')
  @ApiMessageAnswer('Always, whether or not the email belongs to a customer')
  @ApiErrors('validation_error')
  @ApiOperation({
    summary: 'E-mail a one-time password reset token (valid for an hour) to a customer',
  })
  request(@CurrentStore() store: StoreContext, @Body() body: RequestPasswordResetBody) {
    return this.resets.request(store, body);
  }

  @Patch(':token')
  @ApiAuthTokens()
  @ApiErrors('validation_error')
  @ApiOperation({
    summary:
      'Set a new password with the e-mailed token → { token, refresh_token, user }; every other session ends. A bad, expired or used token is 422 validation_error on `token`',
  })
  reset(
    @CurrentStore() store: StoreContext,
    @Param('token') token: string,
    @Body() body: ResetPasswordBody,
    @RequestCurrency() currency: string,
  ) {
    return this.resets.reset(store, token, body, currency);
  }
}
