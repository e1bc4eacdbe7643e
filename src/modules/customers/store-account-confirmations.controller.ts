import { Body, Controller, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import { IpRateLimit } from '../../platform/http/rate-limit/rate-limit.decorator.js';
import { ApiErrors, ApiPublishableKeyAccess } from '../../platform/openapi/api-docs.decorators.js';
import { CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import { ApiConfirmsAccount } from './account-confirmed.api.js';
import { AccountConfirmationsService } from './account-confirmations.service.js';
import { RequestAccountConfirmationBody } from './dto/account-confirmation.body.js';
import { ApiMessageAnswer } from './message-answer.api.js';

/** Confirming a new account's e-mail address, where the store asks for it. */
@ApiTags('Store: customer account')
@ApiPublishableKeyAccess()
@Idempotent()
@Controller('api/v3/store/account_confirmations')
export class StoreAccountConfirmationsController {
  constructor(private readonly confirmations: AccountConfirmationsService) {}

  @Post()
  @HttpCode(202)
  @IpRateLimit('registration')
  @ApiMessageAnswer('Always, whether or not the email belongs to an unconfirmed customer')
  @ApiErrors('validation_error')
  @ApiOperation({
    summary:
      'E-mail another one-time confirmation token (valid three days) to a customer who has not confirmed yet',
  })
  request(@CurrentStore() store: StoreContext, @Body() body: RequestAccountConfirmationBody) {
    return this.confirmations.request(store, body);
  }

  @Patch(':token')
  @ApiConfirmsAccount()
  confirm(@CurrentStore() store: StoreContext, @Param('token') token: string) {
    return this.confirmations.confirm(store, token);
  }
}
