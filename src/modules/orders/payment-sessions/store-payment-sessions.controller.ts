import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiCartOwnerAccess,
  ApiErrors,
  ApiResource,
} from '../../../platform/openapi/api-docs.decorators.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { type CartCaller, CurrentCartCaller } from '../carts/cart-caller.js';
import {
  CompletePaymentSessionBody,
  CreatePaymentSessionBody,
  UpdatePaymentSessionBody,
} from '../dto/payment-session.body.js';
import { PaymentSessionsService } from './payment-sessions.service.js';

const TEST_CARDS =
  'The test card gateway reads `external_data.card` (`{number, month, year, verification_value?, name?}`, sent at create, update or complete): 4242 4242 4242 4242, 4111 1111 1111 1111 and 5555 5555 5555 4444 approve; 4000 0000 0000 0002 and any other valid number are declined (422 `payment_failed`); 4000 0000 0000 0119 fails in the processor (422 `gateway_error`). A number failing the Luhn check, a month outside 1–12, a past expiry or a verification value that is not 3–4 digits is 422 `validation_error` on `external_data.card.*`.';

@ApiTags('Store: checkout')
@ApiCartOwnerAccess()
@Idempotent()
@Controller('api/v3/store/carts/:id/payment_sessions')
export class StorePaymentSessionsController {
  constructor(private readonly sessions: PaymentSessionsService) {}

  @Post()
  @ApiResource('PaymentSession', 201)
  @ApiErrors('cart_not_found', 'record_not_found', 'validation_error')
  @ApiOperation({
    summary: 'Open a payment session (methods with `session_required`, e.g. the test card)',
    description: `The session pays \`amount\` (default: all that is left to pay; never more). ${TEST_CARDS}`,
  })
  create(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: CreatePaymentSessionBody,
  ) {
    return this.sessions.create(caller, id, body);
  }

  @Get(':session_id')
  @ApiResource('PaymentSession')
  @ApiErrors('cart_not_found', 'record_not_found')
  @ApiOperation({ summary: "One of the cart's payment sessions, with its payment once it has one" })
  show(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Param('session_id') sessionId: string,
  ) {
    return this.sessions.show(caller, id, sessionId);
  }

  @Patch(':session_id')
  @ApiResource('PaymentSession')
  @ApiErrors('cart_not_found', 'record_not_found', 'validation_error')
  @ApiOperation({ summary: "Change a pending session's amount or external data" })
  update(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Param('session_id') sessionId: string,
    @Body() body: UpdatePaymentSessionBody,
  ) {
    return this.sessions.update(caller, id, sessionId, body);
  }

  @Patch(':session_id/complete')
  @ApiResource('PaymentSession')
  @ApiErrors(
    'cart_not_found',
    'record_not_found',
    'validation_error',
    'payment_failed',
    'gateway_error',
    'cart_already_updated',
  )
  @ApiOperation({
    summary: 'Charge the session: records the payment and moves the checkout on',
    description: `On success the session is \`completed\` and carries its \`payment\` (captured). A refused charge leaves the session \`failed\` with its failed payment and answers 422; open a new session to try another card. Completing a completed session answers it unchanged. ${TEST_CARDS}`,
  })
  complete(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Param('session_id') sessionId: string,
    @Body() body: CompletePaymentSessionBody,
  ) {
    return this.sessions.complete(caller, id, sessionId, body);
  }
}
