import { Body, Controller, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IpRateLimit } from '../../../platform/http/rate-limit/rate-limit.decorator.js';
import { ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore } from '../../auth/index.js';
import { PasswordResetsService } from '../../customers/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ApiV2PublicAccess } from '../json-api/api-docs.decorators.js';
import { ForgotPasswordBody, PasswordResetBody } from './dto/user.body.js';

/** Forgotten passwords, with the v3 Store API's e-mailed one-time tokens. */
@ApiTags('Storefront v2: account')
@ApiV2PublicAccess()
@Controller('api/v2/storefront/passwords')
export class StorefrontPasswordsController {
  constructor(private readonly resets: PasswordResetsService) {}

  @Post()
  @HttpCode(204)
  @IpRateLimit('password_reset')
  @ApiResponse({ status: 204, description: 'Always, whether or not the email is a customer’s' })
  @ApiErrors('validation_error')
  @ApiOperation({
    summary: 'E-mail a one-time password reset token (`{user: {email, redirect_url?}}`)',
  })
  async forgot(@CurrentStore() store: StoreContext, @Body() body: ForgotPasswordBody) {
    await this.resets.request(store, body.user);
  }

  @Patch(':token')
  @HttpCode(204)
  @ApiResponse({ status: 204, description: 'The password is changed; every sign-in ends' })
  @ApiErrors('validation_error')
  @ApiOperation({
    summary:
      'Set a new password with the e-mailed token (`{user: {password, password_confirmation}}`); a bad, expired or used token is 422 validation_error on `token`',
  })
  async reset(
    @CurrentStore() store: StoreContext,
    @Param('token') token: string,
    @Body() body: PasswordResetBody,
  ) {
    await this.resets.reset(store, token, body.user, store.defaultCurrency);
  }
}
