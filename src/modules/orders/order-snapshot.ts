import { Injectable } from '@nestjs/common';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import type { EntityManager } from 'typeorm';
import { Address } from '../customers/address.entity.js';
import type { PaymentSource } from '../checkout/payments/payment.entity.js';
import type { CheckoutFacts } from './domain/checkout-progress.js';
import { paymentsCover } from './domain/payment-coverage.js';
import type { Order } from './entities/order.entity.js';

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

/** An order with everything its representation shows, read in one transaction. */
export interface OrderSnapshot {
  order: Order;
  lines: LineSnapshot[];
  billAddress: Address | null;
  shipAddress: Address | null;
  shipments: ShipmentSnapshot[];
  payments: PaymentSnapshot[];
}

/** Reads an order's lines, addresses, shipments with rates, and payments. */
@Injectable()
export class OrderSnapshots {
  async load(manager: EntityManager, order: Order): Promise<OrderSnapshot> {
    const { rows: lines } = await preparedIn<LineSnapshot>(
      manager,
      'order_snapshot_lines',
      `SELECT li.id::text AS id, li.variant_id::text AS variant_id, p.id::text AS product_id,
              p.name, p.slug, v.sku, v.options_text, li.quantity, li.price::text AS price,
              li.additional_tax_total::text AS additional_tax_total,
              li.included_tax_total::text AS included_tax_total, li.promo_total::text AS promo_total,
              v.track_inventory
       FROM line_items li
       JOIN variants v ON v.id = li.variant_id
       JOIN products p ON p.id = v.product_id
       WHERE li.order_id = $1 ORDER BY li.id`,
      [order.id],
    );
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
      lines,
      billAddress: byId(order.billAddressId),
      shipAddress: byId(order.shipAddressId),
      shipments: order.shipAddressId === null ? [] : await this.shipments(manager, order.id),
      payments: await this.payments(manager, order.id),
    };
  }

  private async shipments(manager: EntityManager, orderId: string): Promise<ShipmentSnapshot[]> {
    const shipments: Omit<ShipmentSnapshot, 'rates'>[] = await manager.query(
      `SELECT id::text AS id, stock_location_id::text AS stock_location_id, state, cost::text AS cost,
              additional_tax_total::text AS additional_tax_total,
              included_tax_total::text AS included_tax_total, tracking, shipped_at
       FROM shipments WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
    if (shipments.length === 0) return [];
    const rates: RateSnapshot[] = await manager.query(
      `SELECT r.id::text AS id, r.shipment_id::text AS shipment_id,
              r.delivery_method_id::text AS delivery_method_id, dm.name, r.cost::text AS cost,
              r.selected
       FROM delivery_rates r JOIN delivery_methods dm ON dm.id = r.delivery_method_id
       WHERE r.shipment_id = ANY($1::bigint[]) ORDER BY r.cost, dm.position, r.id`,
      [shipments.map((shipment) => shipment.id)],
    );
    return shipments.map((shipment) => ({
      ...shipment,
      rates: rates.filter((rate) => rate.shipment_id === shipment.id),
    }));
  }

  private async payments(manager: EntityManager, orderId: string): Promise<PaymentSnapshot[]> {
    const { rows } = await preparedIn<PaymentSnapshot>(
      manager,
      'order_snapshot_payments',
      `SELECT p.id::text AS id, p.payment_method_id::text AS payment_method_id,
              pm.name AS method_name, pm.type AS method_type,
              p.store_credit_id::text AS store_credit_id, p.state, p.amount::text AS amount,
              p.source, p.response_code, p.failure_message, p.created_at
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       WHERE p.order_id = $1 ORDER BY p.id`,
      [orderId],
    );
    return rows;
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
