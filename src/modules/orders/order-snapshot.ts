import { Injectable } from '@nestjs/common';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import type { EntityManager } from 'typeorm';
import { Address } from '../customers/index.js';
import type { PaymentSource } from '../payments/index.js';
import type { CheckoutFacts } from './domain/checkout-progress.js';
import { paymentsCover } from './domain/payment-coverage.js';
import type { Order } from './entities/order.entity.js';
import type { OrderView } from './order.serializer.js';

export interface LineSnapshot {
  id: string;
  variant_id: string;
  product_id: string;
  name: string;
  slug: string;
  sku: string;
  options_text: string;
  quantity: number;
  price: string;
  additional_tax_total: string;
  included_tax_total: string;
  promo_total: string;
  track_inventory: boolean;
}

export interface RateSnapshot {
  id: string;
  shipment_id: string;
  delivery_method_id: string;
  name: string;
  cost: string;
  selected: boolean;
}

export interface ShipmentSnapshot {
  id: string;
  stock_location_id: string;
  state: string;
  cost: string;
  additional_tax_total: string;
  included_tax_total: string;
  tracking: string | null;
  shipped_at: Date | null;
  rates: RateSnapshot[];
}

export interface PaymentSnapshot {
  id: string;
  payment_method_id: string;
  method_name: string;
  method_type: string;
  store_credit_id: string | null;
  state: string;
  amount: string;
  source: PaymentSource | null;
  response_code: string | null;
  failure_message: string | null;
  created_at: Date;
}

/** An order's line items, shipments (with their rates) and payments. */
export interface OrderParts {
  lines: LineSnapshot[];
  shipments: ShipmentSnapshot[];
  payments: PaymentSnapshot[];
}

/** An order with everything its representation shows, read in one change. */
export interface OrderSnapshot extends OrderParts {
  order: Order;
  billAddress: Address | null;
  shipAddress: Address | null;
}

/** An order as read and as its v3 view renders it. */
export interface OrderRendering {
  snapshot: OrderSnapshot;
  view: OrderView;
}

/** An order being read in a change. */
export interface OrderContext {
  manager: EntityManager;
  order: Order;
  /** Told of every rendering of the order (`OrderSerializer.render`); see `OrderChange`. */
  onRendered?(rendering: OrderRendering): void;
}

/**
 * The parts of an order as one row of three JSON arrays (`lines`, `shipments`, `payments`), read
 * with `orderPartsOf`. `orderId` and `withShipments` are SQL expressions: the order's id, and
 * whether to read its shipments (only an order with a shipping address has any that count).
 */
export function orderPartsSql(orderId: string, withShipments: string): string {
  return `
  SELECT
    COALESCE((
      SELECT json_agg(json_build_object(
               'id', li.id::text, 'variant_id', li.variant_id::text, 'product_id', p.id::text,
               'name', p.name, 'slug', p.slug, 'sku', v.sku, 'options_text', v.options_text,
               'quantity', li.quantity, 'price', li.price::text,
               'additional_tax_total', li.additional_tax_total::text,
               'included_tax_total', li.included_tax_total::text,
               'promo_total', li.promo_total::text, 'track_inventory', v.track_inventory)
             ORDER BY li.id)
      FROM line_items li
      JOIN variants v ON v.id = li.variant_id
      JOIN products p ON p.id = v.product_id
      WHERE li.order_id = ${orderId}), '[]') AS lines,
    CASE WHEN ${withShipments} THEN COALESCE((
      SELECT json_agg(json_build_object(
               'id', s.id::text, 'stock_location_id', s.stock_location_id::text, 'state', s.state,
               'cost', s.cost::text, 'additional_tax_total', s.additional_tax_total::text,
               'included_tax_total', s.included_tax_total::text, 'tracking', s.tracking,
               'shipped_at', s.shipped_at,
               'rates', COALESCE((
                 SELECT json_agg(json_build_object(
                          'id', r.id::text, 'shipment_id', r.shipment_id::text,
                          'delivery_method_id', r.delivery_method_id::text, 'name', dm.name,
                          'cost', r.cost::text, 'selected', r.selected)
                        ORDER BY r.cost, dm.position, r.id)
                 FROM delivery_rates r JOIN delivery_methods dm ON dm.id = r.delivery_method_id
                 WHERE r.shipment_id = s.id), '[]'))
             ORDER BY s.id)
      FROM shipments s WHERE s.order_id = ${orderId}), '[]') ELSE '[]' END AS shipments,
    COALESCE((
      SELECT json_agg(json_build_object(
               'id', p.id::text, 'payment_method_id', p.payment_method_id::text,
               'method_name', pm.name, 'method_type', pm.type,
               'store_credit_id', p.store_credit_id::text, 'state', p.state,
               'amount', p.amount::text, 'source', p.source, 'response_code', p.response_code,
               'failure_message', p.failure_message, 'created_at', p.created_at)
             ORDER BY p.id)
      FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
      WHERE p.order_id = ${orderId}), '[]') AS payments`;
}

/** A row of `orderPartsSql`: timestamps inside JSON arrive as strings. */
export interface OrderPartsRow {
  lines: LineSnapshot[];
  shipments: Array<Omit<ShipmentSnapshot, 'shipped_at'> & { shipped_at: string | null }>;
  payments: Array<Omit<PaymentSnapshot, 'created_at'> & { created_at: string }>;
}

export function orderPartsOf(row: OrderPartsRow): OrderParts {
  return {
    lines: row.lines,
    shipments: row.shipments.map((shipment) => ({
      ...shipment,
      shipped_at: shipment.shipped_at === null ? null : new Date(shipment.shipped_at),
    })),
    payments: row.payments.map((payment) => ({
      ...payment,
      created_at: new Date(payment.created_at),
    })),
  };
}

/** `orderPartsSql` of order `$1`, with its shipments when `$2`. */
export const PARTS_OF_ORDER = orderPartsSql('$1', '$2::boolean');

/** Reads an order's lines, addresses, shipments with rates, and payments. */
@Injectable()
export class OrderSnapshots {
  async load(manager: EntityManager, order: Order): Promise<OrderSnapshot> {
    const {
      rows: [parts],
    } = await preparedIn<OrderPartsRow>(manager, 'order_snapshot_parts', PARTS_OF_ORDER, [
      order.id,
      order.shipAddressId !== null,
    ]);
    const addressIds = [order.billAddressId, order.shipAddressId].filter(
      (id): id is string => id !== null,
    );
    const addresses =
      addressIds.length > 0
        ? await manager.find(Address, { where: addressIds.map((id) => ({ id })) })
        : [];
    const byId = (id: string | null) => addresses.find((address) => address.id === id) ?? null;
    return {
      order,
      billAddress: byId(order.billAddressId),
      shipAddress: byId(order.shipAddressId),
      ...orderPartsOf(parts),
    };
  }
}

/** What the checkout state machine needs to know about a loaded order. */
export function checkoutFactsOf(snapshot: OrderSnapshot): CheckoutFacts {
  const { order } = snapshot;
  return {
    lineCount: snapshot.lines.length,
    hasEmail: Boolean(order.email),
    hasBillAddress: snapshot.billAddress !== null,
    hasShipAddress: snapshot.shipAddress !== null,
    shipmentCount: snapshot.shipments.length,
    shipmentsWithoutRate: snapshot.shipments.filter(
      (shipment) => !shipment.rates.some((rate) => rate.selected),
    ).length,
    paymentCovered: paymentsCover(
      snapshot.payments.map((payment) => ({
        methodType: payment.method_type,
        amount: payment.amount,
        state: payment.state,
      })),
      order.total,
      order.currency,
    ),
  };
}
