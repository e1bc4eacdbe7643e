import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { amountFields } from '../../common/money/amount-fields.js';
import { Money } from '../../common/money/money.js';
import { AddressSerializer, type AddressView } from '../customers/index.js';
import { checkoutRequirements, type Requirement } from './domain/checkout-progress.js';
import type { Order } from './entities/order.entity.js';
import { LineItemSerializer, type OrderPartContext } from './line-item.serializer.js';
import { isPlaced } from './order-lookup.js';
import { PaymentSerializer } from './payment.serializer.js';
import { ShipmentSerializer } from './shipment.serializer.js';
import {
  checkoutFactsOf,
  type OrderContext,
  type OrderRendering,
  type OrderSnapshot,
  OrderSnapshots,
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
  metadata: Record<string, unknown>;
  locale: string | null;
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
    private readonly lineItems: LineItemSerializer,
    private readonly shipments: ShipmentSerializer,
    private readonly payments: PaymentSerializer,
    private readonly snapshots: OrderSnapshots,
  ) {}

  /** The public id a cart or order is known by right now. */
  publicId(order: Order): string {
    return this.ids.encode(isPlaced(order) ? ID_PREFIX.order : ID_PREFIX.cart, order.id);
  }

  /** Renders the order as it is in the context's transaction, and tells the context. */
  async render(context: OrderContext): Promise<OrderView> {
    return (await this.rendering(context)).view;
  }

  /** `render`, answering the snapshot too. */
  async rendering(context: OrderContext): Promise<OrderRendering> {
    const snapshot = await this.snapshots.load(context.manager, context.order);
    const rendering = { snapshot, view: this.serialize(snapshot) };
    context.onRendered?.(rendering);
    return rendering;
  }

  serialize(snapshot: OrderSnapshot): OrderView {
    const { order } = snapshot;
    const currency = order.currency;
    const part: OrderPartContext = { orderPublicId: this.publicId(order), currency };
    const view: OrderView = {
      id: part.orderPublicId,
      number: order.number,
      state: order.state,
      email: order.email,
      currency,
      customer_id: order.customerId ? this.ids.encode(ID_PREFIX.customer, order.customerId) : null,
      special_instructions: order.specialInstructions,
      metadata: order.metadata ?? {},
      locale: order.locale ?? null,
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
      line_items: snapshot.lines.map((line) => this.lineItems.serialize({ ...line, ...part })),
      fulfillments: snapshot.shipments.map((shipment) =>
        this.shipments.serialize({ ...shipment, ...part }),
      ),
      payments: snapshot.payments.map((payment) =>
        this.payments.serialize({ ...payment, ...part }),
      ),
      requirements: isPlaced(order) ? [] : checkoutRequirements(checkoutFactsOf(snapshot)),
    };
    return view;
  }

  /** An order's event payload: the order as read in the transaction that changed it. */
  async eventPayload(order: Order, manager: EntityManager): Promise<OrderView> {
    return this.serialize(await this.snapshots.load(manager, order));
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
}
