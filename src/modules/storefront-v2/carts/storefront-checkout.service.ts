import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import {
  type CartCaller,
  CartCheckoutService,
  CartsService,
  type OrderChange,
  type OrderView,
} from '../../orders/index.js';
import type { CheckoutBody, SelectShippingMethodBody } from './dto/checkout.body.js';

type Rate = { id: string; delivery_method_id: string };

/** The v3 names of the cart's fields that `PATCH /checkout` names otherwise. */
const REQUEST_NAMES: [string, string][] = [
  ['billing_address.', 'order.bill_address_attributes.'],
  ['shipping_address.', 'order.ship_address_attributes.'],
  ['email', 'order.email'],
  ['special_instructions', 'order.special_instructions'],
];

/** A validation error whose `details` name the fields as the v2 request did. */
function inRequestNames(error: unknown): unknown {
  if (!(error instanceof StoreError) || error.code !== 'validation_error' || !error.details) {
    return error;
  }
  const details = Object.fromEntries(
    Object.entries(error.details).map(([field, messages]) => {
      const rename = REQUEST_NAMES.find(([v3]) => field.startsWith(v3));
      return [rename ? rename[1] + field.slice(rename[0].length) : field, messages];
    }),
  );
  return new StoreError(error.code, error.message, details);
}
type Fulfillment = { id: string; delivery_rates: Rate[] };

/**
 * The v2 checkout calls in terms of the v3 cart services: each is one change of the cart (one
 * transaction, one `state_lock_version`), the rest of the rules are theirs.
 */
@Injectable()
export class StorefrontCheckout {
  constructor(
    private readonly carts: CartsService,
    private readonly checkout: CartCheckoutService,
  ) {}

  /** `PATCH /checkout`: email, addresses and instructions, then rates, then payments. */
  update(caller: CartCaller, cartId: string, body: CheckoutBody): Promise<OrderView> {
    const order = body.order ?? {};
    const rates = order.shipments_attributes ?? [];
    const payments = order.payments_attributes ?? [];
    const cart = {
      state_lock_version: body.state_lock_version,
      email: order.email,
      billing_address: order.bill_address_attributes,
      shipping_address: order.ship_address_attributes,
      special_instructions: order.special_instructions,
    };
    const alsoWithin =
      rates.length === 0 && payments.length === 0
        ? undefined
        : async (change: OrderChange) => {
            for (const shipment of rates) {
              await this.checkout.selectRateIn(
                change,
                shipment.id,
                shipment.selected_shipping_rate_id,
              );
            }
            for (const payment of payments) {
              await this.checkout.addPaymentIn(change, {
                payment_method_id: payment.payment_method_id,
                amount: payment.amount,
                source: payment.source_attributes,
              });
            }
          };
    return this.carts.update(caller, cartId, cart, alsoWithin).catch((error: unknown) => {
      throw inRequestNames(error);
    });
  }

  /**
   * `PATCH /checkout/next`: the cart is always as far on as its data allows, so moving on means
   * nothing is missing any more; otherwise 422 `cart_cannot_transition` with what is.
   */
  async next(caller: CartCaller, cartId: string): Promise<OrderView> {
    const view = await this.carts.show(caller, cartId);
    if (view.requirements.length > 0) {
      throw new StoreError('cart_cannot_transition', 'The checkout cannot move on yet', {
        requirements: view.requirements,
      });
    }
    return view;
  }

  /** Selects, on every shipment (or the one named), the rate of a shipping method. */
  async selectShippingMethod(
    caller: CartCaller,
    cartId: string,
    body: SelectShippingMethodBody,
  ): Promise<OrderView> {
    const view = await this.carts.show(caller, cartId);
    const shipments = (view.fulfillments as unknown as Fulfillment[]).filter(
      (shipment) => body.shipment_id === undefined || shipment.id === body.shipment_id,
    );
    const picks = shipments.map((shipment) => ({
      shipment: shipment.id,
      rate: shipment.delivery_rates.find(
        (rate) => rate.delivery_method_id === body.shipping_method_id,
      ),
    }));
    if (picks.length === 0 || picks.some((pick) => pick.rate === undefined)) {
      throw new StoreError('validation_error', 'The request failed validation', {
        shipping_method_id: ['is not available for this cart (or shipment)'],
      });
    }
    return this.carts.update(
      caller,
      cartId,
      { state_lock_version: body.state_lock_version },
      async (change) => {
        for (const pick of picks) {
          await this.checkout.selectRateIn(change, pick.shipment, pick.rate!.id);
        }
      },
    );
  }
}
