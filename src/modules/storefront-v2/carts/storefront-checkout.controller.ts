import { Body, Controller, Get, Patch, Post, HttpCode } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiJsonApiDocument, ApiOrderTokenAccess } from '../json-api/api-docs.decorators.js';
import {
  type CartCaller,
  CartCheckoutService,
  CartsService,
  PlacedOrdersService,
  LockedBody,
} from '../../orders/index.js';
import { renderDocument } from '../json-api/json-api-document.js';
import type { JsonApiQuery } from '../json-api/json-api-query.js';
import { JsonApiParams } from '../json-api/json-api-request.decorator.js';
import { CartDocuments } from '../resources/cart-documents.js';
import { paymentMethodResource } from '../resources/payment.resource.js';
import { shipmentResource } from '../resources/shipment.resource.js';
import { StorefrontCaller } from '../storefront-caller.js';
import {
  CheckoutBody,
  CheckoutPaymentBody,
  SelectShippingMethodBody,
  StoreCreditBody,
} from './dto/checkout.body.js';
import { CallerCartId, OpensCart } from './storefront-cart.guard.js';
import { StorefrontCheckout } from './storefront-checkout.service.js';

/** The v2 checkout of the caller's cart, on the same state machine as the v3 Store API. */
@ApiOrderTokenAccess()
@ApiTags('Storefront v2: checkout')
@Controller('api/v2/storefront/checkout')
export class StorefrontCheckoutController {
  constructor(
    private readonly carts: CartsService,
    private readonly checkout: CartCheckoutService,
    private readonly placedOrders: PlacedOrdersService,
    private readonly documents: CartDocuments,
    private readonly steps: StorefrontCheckout,
  ) {}

  @Patch()
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({
    summary:
      'Set email, addresses, instructions, shipping rates and payments in one change; advances the checkout as far as it can',
  })
  @OpensCart()
  async update(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Body() body: CheckoutBody,
  ) {
    return this.documents.document(await this.steps.update(caller, id, body), query);
  }

  @Patch('next')
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: 'Move on one step; 422 `cart_cannot_transition` when data is missing' })
  @OpensCart()
  async next(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
  ) {
    return this.documents.document(await this.steps.next(caller, id), query);
  }

  @Patch('advance')
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: 'Move on as far as the data allows (never to complete)' })
  @OpensCart()
  async advance(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
  ) {
    return this.documents.document(await this.carts.show(caller, id), query);
  }

  @Patch('complete')
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: 'Place the order (charging its payments)' })
  @OpensCart({ allowPlaced: true })
  async complete(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Body() body: LockedBody,
  ) {
    const order = await this.placedOrders.place(caller, id, body.state_lock_version);
    return this.documents.document(order, query, caller.cartToken);
  }

  @Get('shipping_rates')
  @ApiJsonApiDocument('`shipment` resources with their `shipping_rates` included')
  @ApiOperation({ summary: "The cart's shipments, each with its shipping rates" })
  @OpensCart()
  async shippingRates(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('shipment') query: JsonApiQuery,
  ) {
    const view = await this.carts.show(caller, id);
    const shipments = view.fulfillments.map((shipment) =>
      shipmentResource(shipment as Parameters<typeof shipmentResource>[0]),
    );
    const include = query.include.length > 0 ? query.include : [['shipping_rates']];
    return renderDocument(shipments, { ...query, include });
  }

  @Patch('select_shipping_method')
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: 'Select the rate of a shipping method on every shipment (or one)' })
  @OpensCart()
  async selectShippingMethod(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Body() body: SelectShippingMethodBody,
  ) {
    return this.documents.document(await this.steps.selectShippingMethod(caller, id, body), query);
  }

  @Get('payment_methods')
  @ApiJsonApiDocument('`payment_method` resources')
  @ApiOperation({ summary: 'The ways to pay this cart' })
  @OpensCart()
  async paymentMethods(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('payment_method') query: JsonApiQuery,
  ) {
    const { data } = await this.checkout.paymentMethods(caller, id);
    return renderDocument(
      data.map((method) => paymentMethodResource({ ...method })),
      query,
    );
  }

  @Post('create_payment')
  @HttpCode(200)
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({
    summary: 'Add a payment (by card with `source_attributes`), charged on complete',
  })
  @OpensCart()
  async createPayment(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Body() body: CheckoutPaymentBody,
  ) {
    return this.documents.document(
      await this.steps.update(caller, id, { order: { payments_attributes: [body] } }),
      query,
    );
  }

  @Post('add_store_credit')
  @HttpCode(200)
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: "Pay with the signed-in customer's store credit" })
  @OpensCart()
  async addStoreCredit(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
    @Body() body: StoreCreditBody,
  ) {
    return this.documents.document(await this.checkout.applyStoreCredit(caller, id, body), query);
  }

  @Post('remove_store_credit')
  @HttpCode(200)
  @ApiJsonApiDocument('The `cart`')
  @ApiOperation({ summary: 'Stop paying with store credit' })
  @OpensCart()
  async removeStoreCredit(
    @StorefrontCaller() caller: CartCaller,
    @CallerCartId() id: string,
    @JsonApiParams('cart') query: JsonApiQuery,
  ) {
    return this.documents.document(await this.checkout.removeStoreCredit(caller, id), query);
  }
}
