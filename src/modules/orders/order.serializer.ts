import { Injectable } from '@nestjs/common';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { Money } from '../../common/money/money.js';
import { AddressSerializer, type AddressView } from '../customers/address.serializer.js';
import { checkoutRequirements, type Requirement } from './domain/checkout-progress.js';
import type { Order } from './entities/order.entity.js';
import { isPlaced } from './order-lookup.js';
import {
  checkoutFactsOf,
  type LineSnapshot,
  type OrderSnapshot,
  type PaymentSnapshot,
  type ShipmentSnapshot,
} from './order-snapshot.js';

/** The order amounts, each serialized with its `display_` twin. */
const ORDER_AMOUNTS = [
  ['item_total', 'itemTotal'],
  ['ship_total', 'shipTotal'],
  ['adjustment_total', 'adjustmentTotal'],
  ['included_tax_total', 'includedTaxTotal'],
  ['additional_tax_total', 'additionalTaxTotal'],
  ['tax_total', null],
  ['promo_total', 'promoTotal'],
  ['pre_tax_item_amount', 'preTaxItemAmount'],
  ['pre_tax_total', 'preTaxTotal'],
  ['total', 'total'],
  ['payment_total', 'paymentTotal'],
] as const satisfies readonly (readonly [string, keyof Order | null])[];

export type AmountFields = Record<string, string>;

export interface OrderView {
  id: string;
  number: string;
  token?: string;
  state: string;
  email: string | null;
  currency: string;
  customer_id: string | null;
  special_instructions: string | null;
  item_count: number;
  state_lock_version: number;
  shipment_state: string | null;
  payment_state: string | null;
  completed_at: string | null;
  canceled_at: string | null;
  created_at: string;
  updated_at: string;
  bill_address: AddressView | null;
  ship_address: AddressView | null;
  line_items: Record<string, unknown>[];
  fulfillments: Record<string, unknown>[];
  payments: Record<string, unknown>[];
  requirements: Requirement[];
  [amount: string]: unknown;
}

/**
 * The v3 representation of a cart or order (the same row: `cart_…` while in progress, `or_…`
 * once placed), for API responses and event payloads alike.
 */
@Injectable()
export class OrderSerializer {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly addresses: AddressSerializer,
  ) {}

  /** The public id a cart or order is known by right now. */
  publicId(order: Order): string {
    return this.ids.encode(isPlaced(order) ? ID_PREFIX.order : ID_PREFIX.cart, order.id);
  }

  serialize(snapshot: OrderSnapshot, options: { token?: string } = {}): OrderView {
    const { order } = snapshot;
    const currency = order.currency;
    const view: OrderView = {
      id: this.publicId(order),
      number: order.number,
      ...(options.token ? { token: options.token } : {}),
      state: order.state,
      email: order.email,
      currency,
      customer_id: order.customerId ? this.ids.encode(ID_PREFIX.customer, order.customerId) : null,
      special_instructions: order.specialInstructions,
      item_count: order.itemCount,
      state_lock_version: order.stateLockVersion,
      shipment_state: order.shipmentState,
      payment_state: order.paymentState,
      completed_at: order.completedAt?.toISOString() ?? null,
      canceled_at: order.canceledAt?.toISOString() ?? null,
      created_at: order.createdAt.toISOString(),
      updated_at: order.updatedAt.toISOString(),
      ...this.orderAmounts(order),
      bill_address: snapshot.billAddress ? this.addresses.serialize(snapshot.billAddress) : null,
      ship_address: snapshot.shipAddress ? this.addresses.serialize(snapshot.shipAddress) : null,
      line_items: snapshot.lines.map((line) => this.lineItem(line, currency)),
      fulfillments: snapshot.shipments.map((shipment) => this.fulfillment(shipment, currency)),
      payments: snapshot.payments.map((payment) => this.serializePayment(payment, currency)),
      requirements: isPlaced(order) ? [] : checkoutRequirements(checkoutFactsOf(snapshot)),
    };
    return view;
  }

  private orderAmounts(order: Order): AmountFields {
    const amounts: Record<string, string> = {};
    for (const [field, property] of ORDER_AMOUNTS) {
      const amount =
        property === null
          ? Money.of(order.includedTaxTotal, order.currency).plus(order.additionalTaxTotal)
          : Money.of(order[property] as string, order.currency);
      Object.assign(amounts, amountFields(field, amount));
    }
    return amounts;
  }

  private lineItem(line: LineSnapshot, currency: string): Record<string, unknown> {
    const price = Money.of(line.price, currency);
    const amount = price.times(line.quantity).round();
    const total = amount.plus(line.promo_total).plus(line.additional_tax_total);
    return {
      id: this.ids.encode(ID_PREFIX.lineItem, line.id),
      variant_id: this.ids.encode(ID_PREFIX.variant, line.variant_id),
      product_id: this.ids.encode(ID_PREFIX.product, line.product_id),
      name: line.name,
      slug: line.slug,
      sku: line.sku,
      options_text: line.options_text,
      quantity: line.quantity,
      ...amountFields('price', price),
      ...amountFields('amount', amount),
      ...amountFields('additional_tax_total', Money.of(line.additional_tax_total, currency)),
      ...amountFields('included_tax_total', Money.of(line.included_tax_total, currency)),
      ...amountFields('promo_total', Money.of(line.promo_total, currency)),
      ...amountFields(
        'pre_tax_amount',
        amount.plus(line.promo_total).minus(line.included_tax_total),
      ),
      ...amountFields('total', total),
    };
  }

  private fulfillment(shipment: ShipmentSnapshot, currency: string): Record<string, unknown> {
    const selected = shipment.rates.find((rate) => rate.selected);
    return {
      id: this.ids.encode(ID_PREFIX.fulfillment, shipment.id),
      state: shipment.state,
      stock_location_id: this.ids.encode(ID_PREFIX.stockLocation, shipment.stock_location_id),
      ...amountFields('cost', Money.of(shipment.cost, currency)),
      ...amountFields('additional_tax_total', Money.of(shipment.additional_tax_total, currency)),
      ...amountFields('included_tax_total', Money.of(shipment.included_tax_total, currency)),
      tracking: shipment.tracking,
      shipped_at: shipment.shipped_at ? new Date(shipment.shipped_at).toISOString() : null,
      selected_delivery_rate_id: selected
        ? this.ids.encode(ID_PREFIX.deliveryRate, selected.id)
        : null,
      delivery_rates: shipment.rates.map((rate) => ({
        id: this.ids.encode(ID_PREFIX.deliveryRate, rate.id),
        delivery_method_id: this.ids.encode(ID_PREFIX.deliveryMethod, rate.delivery_method_id),
        name: rate.name,
        selected: rate.selected,
        ...amountFields('cost', Money.of(rate.cost, currency)),
      })),
    };
  }

  paymentId(id: string): string {
    return this.ids.encode(ID_PREFIX.payment, id);
  }

  serializePayment(payment: PaymentSnapshot, currency: string): Record<string, unknown> {
    const source = payment.source
      ? {
          brand: payment.source.brand ?? null,
          last_digits: payment.source.last_digits ?? null,
          month: payment.source.month ?? null,
          year: payment.source.year ?? null,
          name: payment.source.name ?? null,
        }
      : null;
    return {
      id: this.ids.encode(ID_PREFIX.payment, payment.id),
      payment_method_id: this.ids.encode(ID_PREFIX.paymentMethod, payment.payment_method_id),
      payment_method_name: payment.method_name,
      payment_method_type: payment.method_type,
      store_credit_id: payment.store_credit_id
        ? this.ids.encode(ID_PREFIX.storeCredit, payment.store_credit_id)
        : null,
      state: payment.state,
      ...amountFields('amount', Money.of(payment.amount, currency)),
      source,
      response_code: payment.response_code,
      failure_message: payment.failure_message,
      created_at: new Date(payment.created_at).toISOString(),
    };
  }
}

/** `{ [name]: "19.99", display_[name]: "$19.99" }` */
function amountFields(name: string, amount: Money): Record<string, string> {
  const rounded = amount.round();
  return { [name]: rounded.toString(), [`display_${name}`]: rounded.format() };
}
