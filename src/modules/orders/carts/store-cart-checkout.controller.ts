import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import {
  ApiCartOwnerAccess,
  ApiCustomerAccess,
  ApiErrors,
  ApiResource,
  ApiResourceList,
} from '../../../platform/openapi/api-docs.decorators.js';
import { LockedBody } from '../dto/cart.body.js';
import { ApplyStoreCreditBody, CreatePaymentBody, SelectRateBody } from '../dto/checkout.body.js';
import { PlacedOrdersService } from '../placed-orders.service.js';
import { type CartCaller, CurrentCartCaller } from './cart-caller.js';
import { CartCheckoutService } from './cart-checkout.service.js';

@ApiTags('Store: checkout')
@Idempotent()
@Controller('api/v3/store/carts/:id')
export class StoreCartCheckoutController {
  constructor(
    private readonly checkout: CartCheckoutService,
    private readonly placedOrders: PlacedOrdersService,
  ) {}

  @Patch('fulfillments/:fulfillment_id')
  @ApiCartOwnerAccess()
  @ApiResource('Cart')
  @ApiErrors('cart_not_found', 'record_not_found', 'validation_error', 'cart_already_updated')
  @ApiOperation({ summary: 'Select a delivery rate of a fulfillment; answers the cart' })
  selectRate(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Param('fulfillment_id') fulfillmentId: string,
    @Body() body: SelectRateBody,
  ) {
    return this.checkout.selectRate(caller, id, fulfillmentId, body);
  }

  @Get('payment_methods')
  @ApiCartOwnerAccess()
  @ApiResourceList('PaymentMethod', { paginated: false })
  @ApiErrors('cart_not_found')
  @ApiOperation({ summary: 'The ways this cart can be paid' })
  paymentMethods(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.checkout.paymentMethods(caller, id);
  }

  @Post('payments')
  @ApiCartOwnerAccess()
  @ApiResource('Payment', 201)
  @ApiErrors('cart_not_found', 'record_not_found', 'validation_error', 'cart_already_updated')
  @ApiOperation({
    summary: 'Pay by check (or card details); charged when the order is placed',
    description:
      'For methods without a session. With `amount`, a partial payment of that much (at most what is left to pay); without it, the payment covers whatever is left when the order is placed. `metadata` is kept with the payment. Cards are paid through payment sessions.',
  })
  createPayment(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: CreatePaymentBody,
  ) {
    return this.checkout.createPayment(caller, id, body);
  }

  @Post('store_credits')
  @HttpCode(200)
  @ApiCustomerAccess()
  @ApiResource('Cart')
  @ApiErrors(
    'authentication_required',
    'cart_not_found',
    'validation_error',
    'payment_failed',
    'cart_already_updated',
  )
  @ApiOperation({ summary: "Pay with the signed-in customer's store credit; answers the cart" })
  applyStoreCredit(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: ApplyStoreCreditBody,
  ) {
    return this.checkout.applyStoreCredit(caller, id, body);
  }

  @Delete('store_credits')
  @ApiCustomerAccess()
  @ApiResource('Cart')
  @ApiErrors('authentication_required', 'cart_not_found', 'cart_already_updated')
  @ApiOperation({ summary: 'Stop paying with store credit; answers the cart' })
  removeStoreCredit(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.checkout.removeStoreCredit(caller, id);
  }

  @Post('complete')
  @HttpCode(200)
  @ApiCartOwnerAccess()
  @ApiResource('Order')
  @ApiErrors(
    'cart_not_found',
    'cart_empty',
    'cart_cannot_transition',
    'insufficient_stock',
    'payment_failed',
    'gateway_error',
    'cart_already_updated',
  )
  @ApiOperation({ summary: 'Place the order; repeating it on a placed order returns the order' })
  complete(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: LockedBody,
  ) {
    return this.placedOrders.place(caller, id, body.state_lock_version);
  }
}
