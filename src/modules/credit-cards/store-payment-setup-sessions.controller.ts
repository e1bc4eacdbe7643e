import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../platform/http/idempotency/idempotent.decorator.js';
import {
  ApiCustomerAccess,
  ApiErrors,
  ApiResource,
} from '../../platform/openapi/api-docs.decorators.js';
import { CurrentCustomerId, CurrentStore } from '../auth/index.js';
import type { StoreContext } from '../stores/index.js';
import {
  CompletePaymentSetupSessionBody,
  CreatePaymentSetupSessionBody,
} from './dto/payment-setup-session.body.js';
import { PaymentSetupSessionsService } from './payment-setup-sessions.service.js';

const TEST_CARDS =
  'The test card gateway reads `external_data.card` (`{number, month, year, verification_value?, name?}`, at create or complete) and saves the card as an opaque token with its brand, last digits, expiry and holder; a card the Luhn check refuses, a month outside 1–12, a past expiry or a verification value that is not 3–4 digits is 422 `validation_error` on `external_data.card.*`.';

/** The signed-in customer saves a card without paying. */
@ApiTags('Store: customer account')
@ApiCustomerAccess()
@ApiErrors('authentication_required', 'invalid_token')
@Idempotent()
@Controller('api/v3/store/customers/me/payment_setup_sessions')
export class StorePaymentSetupSessionsController {
  constructor(private readonly sessions: PaymentSetupSessionsService) {}

  @Post()
  @ApiResource('PaymentSetupSession', 201)
  @ApiErrors('record_not_found', 'validation_error')
  @ApiOperation({
    summary: 'Open a payment setup session at a payment method that keeps cards (the test card)',
    description: TEST_CARDS,
  })
  create(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Body() body: CreatePaymentSetupSessionBody,
  ) {
    return this.sessions.create({ storeId: store.storeId, customerId }, body);
  }

  @Get(':id')
  @ApiResource('PaymentSetupSession')
  @ApiErrors('record_not_found')
  @ApiOperation({ summary: 'One of the customer’s payment setup sessions (`pss_…`)' })
  show(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
  ) {
    return this.sessions.show({ storeId: store.storeId, customerId }, id);
  }

  @Patch(':id/complete')
  @ApiResource('PaymentSetupSession')
  @ApiErrors('record_not_found', 'validation_error')
  @ApiOperation({
    summary:
      'Save the session’s card: the session is `completed` and names it in `payment_source_id`',
    description: `Completing a completed session answers it unchanged. ${TEST_CARDS}`,
  })
  complete(
    @CurrentStore() store: StoreContext,
    @CurrentCustomerId() customerId: string,
    @Param('id') id: string,
    @Body() body: CompletePaymentSetupSessionBody,
  ) {
    return this.sessions.complete({ storeId: store.storeId, customerId }, id, body);
  }
}
