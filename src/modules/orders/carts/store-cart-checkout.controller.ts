import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { LockedBody } from '../dto/cart.body.js';
import { ApplyStoreCreditBody, CreatePaymentBody, SelectRateBody } from '../dto/checkout.body.js';
import { OrderCompletion } from '../order-completion.js';
import { OrderLookup } from '../order-lookup.js';
import { PlacedOrdersService } from '../placed-orders.service.js';
import { type CartCaller, CurrentCartCaller } from './cart-caller.js';
import { CartCheckoutService } from './cart-checkout.service.js';

@ApiTags('Store: checkout')
@ApiSecurity('publishable-key')
@ApiBearerAuth('jwt')
@Idempotent()
@Controller('api/v3/store/carts/:id')
export class StoreCartCheckoutController {
  constructor(
    private readonly checkout: CartCheckoutService,
    private readonly completion: OrderCompletion,
    private readonly lookup: OrderLookup,
    private readonly placedOrders: PlacedOrdersService,
  ) {}

  @Patch('fulfillments/:fulfillment_id')
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
  @ApiOperation({ summary: 'The ways this cart can be paid' })
  paymentMethods(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.checkout.paymentMethods(caller, id);
  }

  @Post('payments')
  @ApiOperation({ summary: 'Pay by card or check; charged when the order is placed' })
  createPayment(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: CreatePaymentBody,
  ) {
    return this.checkout.createPayment(caller, id, body);
  }

  @Post('store_credits')
  @HttpCode(200)
  @ApiOperation({ summary: "Pay with the signed-in customer's store credit; answers the cart" })
  applyStoreCredit(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: ApplyStoreCreditBody,
  ) {
    return this.checkout.applyStoreCredit(caller, id, body);
  }

  @Delete('store_credits')
  @ApiOperation({ summary: 'Stop paying with store credit; answers the cart' })
  removeStoreCredit(@CurrentCartCaller() caller: CartCaller, @Param('id') id: string) {
    return this.checkout.removeStoreCredit(caller, id);
  }

  @Post('complete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Place the order; repeating it on a placed order returns the order' })
  complete(
    @CurrentCartCaller() caller: CartCaller,
    @Param('id') id: string,
    @Body() body: LockedBody,
  ) {
    return this.completion.complete(
      this.lookup.cart(caller, id, { allowPlaced: true }),
      body.state_lock_version,
      (context) => this.placedOrders.render(context),
    );
  }
}
