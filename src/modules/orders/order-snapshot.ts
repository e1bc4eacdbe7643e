import { Injectable } from '@nestjs/common';
import { entityFromRow } from '../../platform/database/entity-rows.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import type { EntityManager } from 'typeorm';
import { Address } from '../customers/index.js';
import type { OptionValueRow } from '../catalog/index.js';
import { giftCardJsonSql, type GiftCardRecord } from '../gift-cards/index.js';
import type { PaymentSource } from '../payments/index.js';
import { type CodeRefusal, codeRefusalSql, customerKeysSql } from '../promotions/index.js';
import type { CheckoutFacts } from './domain/checkout-progress.js';
import { paymentsCover } from './domain/payment-coverage.js';
import type { Order } from './entities/order.entity.js';
import type { OrderView } from './order.serializer.js';
import { withHeldParts } from './held-parts.js';
import { isPlaced } from './order-lookup.js';
import { recalculationSql, takePendingOrderWrites } from './order-recalculation-writes.js';
import { type StoreCheckoutOptions, StoreCheckoutOptionsCache } from './store-checkout-options.js';

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
  /** The variant's compare-at price in the order's currency, when it has one. */
  compare_at_price: string | null;
  additional_tax_total: string;
  included_tax_total: string;
  promo_total: string;
  track_inventory: boolean;
  /** The blob key of the variant's thumbnail, else its product's (see `thumbnailKey`). */
  thumbnail_key: string | null;
  /** The variant's option values, by option type. */
  option_values: OptionValueRow[];
}

export interface RateSnapshot {
  id: string;
  shipment_id: string;
  delivery_method_id: string;
  name: string;
  cost: string;
  selected: boolean;
}

/** Where a shipment leaves from. */
export interface StockLocationSnapshot {
  name: string;
  country_iso: string | null;
  country_name: string | null;
}

export interface ShipmentSnapshot {
  id: string;
  number: string;
  stock_location_id: string;
  stock_location: StockLocationSnapshot;
  /** The lines the shipment carries, in line order. */
  line_item_ids: string[];
  state: string;
  cost: string;
  additional_tax_total: string;
  included_tax_total: string;
  tracking: string | null;
  tracking_url: string | null;
  shipped_at: Date | null;
  rates: RateSnapshot[];
  /** Its promotion adjustments' sum (≤ 0). */
  promo_total: string;
}

/**
 * What one promotion takes off the order, over all its adjustments (≤ 0), or a code entered on
 * the cart whose promotion gives nothing (`applied` false, amount 0).
 */
export interface DiscountSnapshot {
  promotion_id: string;
  name: string;
  description: string | null;
  /** The code it came with; null for an automatic promotion. */
  code: string | null;
  amount: string;
  applied: boolean;
  /** Why the code gives nothing whatever the cart (`codeRefusalSql`); null when it may apply. */
  refusal: CodeRefusal | null;
}

export interface PaymentSnapshot {
  id: string;
  number: string;
  payment_method_id: string;
  method_name: string;
  method_type: string;
  method_description: string | null;
  store_credit_id: string | null;
  gift_card_id: string | null;
  /** The gift card it spends, as the snapshot read it. */
  gift_card: GiftCardRecord | null;
  state: string;
  amount: string;
  source: PaymentSource | null;
  response_code: string | null;
  failure_message: string | null;
  created_at: Date;
  covers_balance: boolean;
}

/** An order's line items, shipments (with their rates), payments and promotion discounts. */
export interface OrderParts {
  lines: LineSnapshot[];
  shipments: ShipmentSnapshot[];
  payments: PaymentSnapshot[];
  discounts: DiscountSnapshot[];
}

/** A tracked line of a cart that wants more than the store holds (stock fell since it was added). */
export interface StockShortfall {
  line_id: string;
  available: number;
}

/** An order with everything its representation shows, read in one change. */
export interface OrderSnapshot extends OrderParts {
  order: Order;
  billAddress: Address | null;
  shipAddress: Address | null;
  /** Only carts are checked; a placed order has none. */
  shortfalls: StockShortfall[];
  /** What the order's store offers (payment methods, markets). */
  storeOptions: StoreCheckoutOptions;
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
 * With `withShortfalls` (an SQL expression too) the row also has `shortfalls`: the tracked lines
 * that want more than the store's active locations hold (see `StockShortfall`). They are kept
 * apart from the lines because stock moves with other orders, not with this one.
 */
export function orderPartsSql(
  orderId: string,
  withShipments: string,
  withShortfalls?: string,
): string {
  const shortfalls = withShortfalls
    ? `,
    CASE WHEN ${withShortfalls} THEN COALESCE((
      SELECT json_agg(json_build_object('line_id', li.id::text, 'available', stock.available)
             ORDER BY li.id)
      FROM line_items li
      JOIN variants v ON v.id = li.variant_id AND v.track_inventory
      CROSS JOIN LATERAL (
        SELECT COALESCE(SUM(si.count_on_hand), 0)::int AS available,
               COALESCE(bool_or(si.backorderable), false) AS backorderable
        FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id AND sl.active
        WHERE si.variant_id = v.id) stock
      WHERE li.order_id = ${orderId} AND NOT stock.backorderable
        AND stock.available < li.quantity), '[]') ELSE '[]' END AS shortfalls`
    : '';
  return `
  SELECT
    COALESCE((
      SELECT json_agg(json_build_object(
               'id', li.id::text, 'variant_id', li.variant_id::text, 'product_id', p.id::text,
               'name', p.name, 'slug', p.slug, 'sku', v.sku, 'options_text', v.options_text,
               'quantity', li.quantity, 'price', li.price::text,
               'compare_at_price', pr.compare_at_amount::text,
               'additional_tax_total', li.additional_tax_total::text,
               'included_tax_total', li.included_tax_total::text,
               'promo_total', li.promo_total::text, 'track_inventory', v.track_inventory,
               'thumbnail_key', COALESCE(v.thumbnail_key, p.thumbnail_key),
               'option_values', COALESCE((
                 SELECT json_agg(json_build_object(
                          'id', ov.id::text, 'name', ov.name, 'label', ov.label,
                          'position', ov.position, 'color_code', ov.color_code,
                          'option_type_id', ot.id::text, 'option_type_name', ot.name,
                          'option_type_label', ot.label, 'option_type_position', ot.position,
                          'option_type_kind', ot.kind)
                        ORDER BY ot.position, ot.id)
                 FROM variant_option_values vov
                 JOIN option_values ov ON ov.id = vov.option_value_id
                 JOIN option_types ot ON ot.id = ov.option_type_id
                 WHERE vov.variant_id = li.variant_id), '[]'))
             ORDER BY li.id)
      FROM line_items li
      JOIN variants v ON v.id = li.variant_id
      JOIN products p ON p.id = v.product_id
      JOIN orders o ON o.id = li.order_id
      LEFT JOIN prices pr ON pr.variant_id = li.variant_id AND pr.currency = o.currency
      WHERE li.order_id = ${orderId}), '[]') AS lines,
    CASE WHEN ${withShipments} THEN COALESCE((
      SELECT json_agg(json_build_object(
               'id', s.id::text, 'number', s.number,
               'stock_location_id', s.stock_location_id::text,
               'stock_location', json_build_object(
                 'name', sl.name, 'country_iso', sl.country_iso, 'country_name', c.name),
               'line_item_ids', ARRAY(
                 SELECT li.id::text FROM line_items li
                 WHERE li.order_id = s.order_id AND li.id = ANY(s.line_item_ids) ORDER BY li.id),
               'state', s.state,
               'cost', s.cost::text, 'additional_tax_total', s.additional_tax_total::text,
               'included_tax_total', s.included_tax_total::text, 'tracking', s.tracking,
               'tracking_url', s.tracking_url, 'shipped_at', s.shipped_at,
               'promo_total', COALESCE((
                 SELECT sum(a.amount) FROM adjustments a
                 WHERE a.order_id = s.order_id AND a.source_type = 'promotion'
                   AND a.adjustable_type = 'shipment' AND a.adjustable_id = s.id), 0)::text,
               'rates', COALESCE((
                 SELECT json_agg(json_build_object(
                          'id', r.id::text, 'shipment_id', r.shipment_id::text,
                          'delivery_method_id', r.delivery_method_id::text, 'name', dm.name,
                          'cost', r.cost::text, 'selected', r.selected)
                        ORDER BY r.cost, dm.position, r.id)
                 FROM delivery_rates r JOIN delivery_methods dm ON dm.id = r.delivery_method_id
                 WHERE r.shipment_id = s.id), '[]'))
             ORDER BY s.id)
      FROM shipments s
      JOIN stock_locations sl ON sl.id = s.stock_location_id
      LEFT JOIN countries c ON c.iso = sl.country_iso
      WHERE s.order_id = ${orderId}), '[]') ELSE '[]' END AS shipments,
    COALESCE((
      SELECT json_agg(json_build_object(
               'id', p.id::text, 'number', p.number,
               'payment_method_id', p.payment_method_id::text,
               'method_name', pm.name, 'method_type', pm.type,
               'method_description', pm.description,
               'store_credit_id', p.store_credit_id::text, 'gift_card_id', p.gift_card_id::text,
               'gift_card', ${giftCardJsonSql('p.gift_card_id')}, 'state', p.state,
               'amount', p.amount::text, 'source', p.source, 'response_code', p.response_code,
               'failure_message', p.failure_message, 'created_at', p.created_at,
               'covers_balance', p.covers_balance)
             ORDER BY p.id)
      FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
      WHERE p.order_id = ${orderId}), '[]') AS payments,
    COALESCE((
      SELECT json_agg(json_build_object(
               'promotion_id', d.promotion_id::text, 'name', COALESCE(d.label, p.name),
               'description', p.description, 'code', d.code, 'amount', d.amount::text,
               'applied', d.applied,
               'refusal', CASE WHEN c.id IS NOT NULL THEN ${codeRefusalSql(
                 'p',
                 'c',
                 `(SELECT ${customerKeysSql('o.customer_id', 'o.email')}
                   FROM orders o WHERE o.id = ${orderId})`,
               )} END)
             ORDER BY d.promotion_id)
      FROM (SELECT COALESCE(a.source_id, op.promotion_id) AS promotion_id, a.label, op.code,
                   op.coupon_code_id, COALESCE(a.amount, 0) AS amount,
                   a.source_id IS NOT NULL AS applied
            FROM (SELECT source_id, min(label) AS label, sum(amount) AS amount
                  FROM adjustments WHERE order_id = ${orderId} AND source_type = 'promotion'
                  GROUP BY source_id) a
            FULL JOIN (SELECT promotion_id, code, coupon_code_id FROM order_promotions
                       WHERE order_id = ${orderId}) op ON op.promotion_id = a.source_id) d
      JOIN promotions p ON p.id = d.promotion_id
      LEFT JOIN coupon_codes c ON c.id = d.coupon_code_id), '[]') AS discounts${shortfalls}`;
}

/** A row of `orderPartsSql`: timestamps inside JSON arrive as strings. */
export interface OrderPartsRow {
  lines: LineSnapshot[];
  shipments: Array<Omit<ShipmentSnapshot, 'shipped_at'> & { shipped_at: string | null }>;
  payments: Array<Omit<PaymentSnapshot, 'created_at'> & { created_at: string }>;
  discounts: DiscountSnapshot[];
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
    discounts: row.discounts,
  };
}

/** Which parts a read of `partsOfOrder` takes besides the lines and payments. */
export interface PartsSwitches {
  shipments: boolean;
  /** Set: the row has `shortfalls` (`[]` when false); unset: it has no such column. */
  shortfalls?: boolean;
}

/**
 * `orderPartsSql` of order `$1` with its switches written into the text as constants, and the
 * suffix that names this variant's prepared statement. Passed as parameters instead, the
 * switches would leave the generic plan carrying every branch, and PostgreSQL would plan the
 * statement anew on every call.
 */
export function partsOfOrder(switches: PartsSwitches): { sql: string; variant: string } {
  const { shipments, shortfalls } = switches;
  const variant = `${Number(shipments)}${shortfalls === undefined ? '' : Number(shortfalls)}`;
  let sql = partsSqlByVariant.get(variant);
  if (sql === undefined) {
    sql = orderPartsSql('$1', String(shipments), shortfalls?.toString());
    partsSqlByVariant.set(variant, sql);
  }
  return { sql, variant };
}

const partsSqlByVariant = new Map<string, string>();

const newAndEmpty = new WeakSet<Order>();

/**
 * Tells the snapshots that `order` was inserted by this change and given no lines or payments,
 * so that reading it needs no statement (until it has an address).
 */
export function markNewAndEmpty(order: Order): void {
  newAndEmpty.add(order);
}

/** Reads an order's lines, addresses, shipments with rates, and payments. */
@Injectable()
export class OrderSnapshots {
  constructor(private readonly storeOptions: StoreCheckoutOptionsCache) {}

  async load(manager: EntityManager, order: Order): Promise<OrderSnapshot> {
    if (newAndEmpty.has(order) && order.billAddressId === null && order.shipAddressId === null) {
      return {
        order,
        billAddress: null,
        shipAddress: null,
        lines: [],
        shipments: [],
        payments: [],
        discounts: [],
        shortfalls: [],
        storeOptions: await this.storeOptions.of(manager, order.storeId),
      };
    }
    const { sql, variant } = partsOfOrder({
      shipments: order.shipAddressId !== null,
      shortfalls: !isPlaced(order),
    });
    const addresses = addressColumns(manager);
    // Writes held back by the recalculation ride on this read, which takes what they change
    // from them (`withHeldParts`).
    const held = takePendingOrderWrites(order);
    const writes = held ? recalculationSql(held, 3) : undefined;
    const {
      rows: [row],
    } = await preparedIn<
      OrderPartsRow & { shortfalls: StockShortfall[] } & Record<string, unknown>
    >(
      manager,
      `order_snapshot_${variant}${writes ? `_w${writes.variant}` : ''}`,
      `${writes ? `WITH ${writes.ctes.join(',\n')}` : ''}
       SELECT parts.*, ${addresses.select('bill')}, ${addresses.select('ship')}
       FROM (${sql}) parts
       LEFT JOIN addresses bill ON bill.id = $2::bigint
       LEFT JOIN addresses ship ON ship.id = $3::bigint`,
      [order.id, order.billAddressId, order.shipAddressId, ...(writes?.values ?? [])],
    );
    return this.fromRow(
      manager,
      order,
      row,
      held ? (parts) => withHeldParts(parts, held) : undefined,
    );
  }

  /**
   * The snapshot of `order` from a row of its parts (`orderPartsSql`) beside its addresses'
   * columns (`addressColumns`, as `bill` and `ship`); `adjust` changes the parts read.
   */
  async fromRow(
    manager: EntityManager,
    order: Order,
    row: OrderPartsRow & { shortfalls?: StockShortfall[] } & Record<string, unknown>,
    adjust: (parts: OrderParts) => OrderParts = (parts) => parts,
  ): Promise<OrderSnapshot> {
    const addresses = addressColumns(manager);
    return {
      order,
      billAddress: addresses.read(manager, row, 'bill'),
      shipAddress: addresses.read(manager, row, 'ship'),
      ...adjust(orderPartsOf(row)),
      shortfalls: row.shortfalls ?? [],
      storeOptions: await this.storeOptions.of(manager, order.storeId),
    };
  }
}

/**
 * An address's columns selected beside other columns, each named `<alias>.<property>`, and the
 * entity read back from them (null when the join found none).
 */
export function addressColumns(manager: EntityManager) {
  const columns = manager.connection.getMetadata(Address).columns;
  return {
    select: (alias: string) =>
      columns
        .map((column) => `"${alias}"."${column.databaseName}" AS "${alias}.${column.propertyPath}"`)
        .join(', '),
    read(manager: EntityManager, row: Record<string, unknown>, alias: string): Address | null {
      if (row[`${alias}.id`] === null || row[`${alias}.id`] === undefined) return null;
      const fields = Object.fromEntries(
        columns.map((column) => [column.propertyPath, row[`${alias}.${column.propertyPath}`]]),
      );
      return entityFromRow(manager, Address, fields);
    },
  };
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
        coversBalance: payment.covers_balance,
      })),
      order.total,
      order.currency,
    ),
  };
}
