import type { EntityManager } from 'typeorm';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { type DeliveryOption, servingOptionsJsonSql } from '../shipping/index.js';
import { type ApplicableTaxRate, applicableTaxRatesJsonSql } from '../taxes/index.js';
import type { CoveringPayment } from './domain/payment-coverage.js';
import type { Order } from './entities/order.entity.js';
import type { LineWrite, PurchasableVariant } from './order-lines.js';
import type { StockRow } from './shipment-planner.js';

export interface RecalculationLine {
  id: string;
  variant_id: string;
  quantity: number;
  price: string;
  tax_category: string;
  promo_total: string;
  additional_tax_total: string;
  included_tax_total: string;
}

export interface StoredRate {
  method_id: string;
  cost: string;
  selected: boolean;
}

export interface StoredShipment {
  id: string;
  location_id: string;
  line_item_ids: string[];
  cost: string;
  additional_tax_total: string;
  included_tax_total: string;
  rates: StoredRate[];
}

export interface StoredTax {
  adjustableType: string;
  adjustableKey: string;
  taxRateId: string;
  label: string;
  amount: string;
  included: boolean;
}

/** Everything a recalculation reads, and the shipments and taxes as they are stored now. */
export interface RecalculationInputs {
  /** Set when the order has a shipping address (shipments exist only then). */
  shipsTo: boolean;
  lines: RecalculationLine[];
  /** The methods serving the shipping address; empty without one. */
  methods: DeliveryOption[];
  stock: StockRow[];
  defaultLocationId: string | null;
  shipments: StoredShipment[];
  /** The rates of the tax zone of the shipping address (else the billing address). */
  taxRates: ApplicableTaxRate[];
  taxes: StoredTax[];
  payments: CoveringPayment[];
}

/** The read, after the CTEs of a line write when there is one (see `LineWrite`). */
function inputsSql(lineWrite?: LineWrite): string {
  const lines = lineWrite
    ? `SELECT ${LINE_COLUMNS} FROM line_items
       WHERE order_id = $1 AND id NOT IN (SELECT id FROM written)
       UNION ALL SELECT ${LINE_COLUMNS} FROM written`
    : `SELECT ${LINE_COLUMNS} FROM line_items WHERE order_id = $1`;
  const lineVariant = lineWrite
    ? `,
  (SELECT json_build_object('id', id::text, 'price', price::text, 'tax_category', tax_category,
                            'available', available, 'in_order', in_order)
   FROM variant) AS "lineVariant"`
    : '';
  return `
WITH ${lineWrite ? `${lineWrite.ctes(5)},` : ''}
ship AS (SELECT country_iso AS country, state_name AS state FROM addresses WHERE id = $4::bigint),
tax_place AS (
  SELECT country, state FROM (
    SELECT 0 AS rank, country, state FROM ship
    UNION ALL
    SELECT 1, country_iso, state_name FROM addresses WHERE id = $5::bigint) places
  ORDER BY rank LIMIT 1),
lines AS (${lines})
SELECT
  EXISTS (SELECT 1 FROM ship) AS "shipsTo",
  COALESCE((
    SELECT json_agg(json_build_object(
             'id', id::text, 'variant_id', variant_id::text, 'quantity', quantity,
             'price', price::text, 'tax_category', tax_category, 'promo_total', promo_total::text,
             'additional_tax_total', additional_tax_total::text,
             'included_tax_total', included_tax_total::text)
           ORDER BY id)
    FROM lines), '[]') AS lines,
  COALESCE((
    SELECT ${servingOptionsJsonSql({
      store: '$2::bigint',
      currency: '$3::text',
      country: 'ship.country',
      state: 'ship.state',
    })} FROM ship), '[]') AS methods,
  COALESCE((
    SELECT json_agg(json_build_object(
             'variant_id', si.variant_id::text, 'stock_location_id', si.stock_location_id::text,
             'count_on_hand', si.count_on_hand, 'backorderable', si.backorderable)
           ORDER BY sl.is_default DESC, sl.id)
    FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id AND sl.active
    WHERE si.store_id = $2::bigint AND si.variant_id IN (SELECT variant_id FROM lines)
      AND EXISTS (SELECT 1 FROM ship)), '[]') AS stock,
  (SELECT id::text FROM stock_locations WHERE store_id = $2::bigint AND active
   ORDER BY is_default DESC, stock_locations.id LIMIT 1) AS "defaultLocationId",
  COALESCE((
    SELECT json_agg(json_build_object(
             'id', s.id::text, 'location_id', s.stock_location_id::text,
             'line_item_ids', s.line_item_ids::text[], 'cost', s.cost::text,
             'additional_tax_total', s.additional_tax_total::text,
             'included_tax_total', s.included_tax_total::text,
             'rates', COALESCE((
               SELECT json_agg(json_build_object(
                        'method_id', r.delivery_method_id::text, 'cost', r.cost::text,
                        'selected', r.selected))
               FROM delivery_rates r WHERE r.shipment_id = s.id), '[]'))
           ORDER BY s.id)
    FROM shipments s WHERE s.order_id = $1), '[]') AS shipments,
  COALESCE((
    SELECT ${applicableTaxRatesJsonSql('$2::bigint', 'tax_place.country', 'tax_place.state')}
    FROM tax_place), '[]') AS "taxRates",
  COALESCE((
    SELECT json_agg(json_build_object(
             'adjustableType', a.adjustable_type, 'adjustableKey', a.adjustable_id::text,
             'taxRateId', a.source_id::text, 'label', a.label, 'amount', a.amount::text,
             'included', a.included))
    FROM adjustments a WHERE a.order_id = $1 AND a.source_type = 'tax'), '[]') AS taxes,
  COALESCE((
    SELECT json_agg(json_build_object(
             'methodType', pm.type, 'amount', p.amount::text, 'state', p.state,
             'coversBalance', p.covers_balance))
    FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
    WHERE p.order_id = $1), '[]') AS payments${lineVariant}`;
}

const LINE_COLUMNS =
  'id, variant_id, quantity, price, tax_category, promo_total, additional_tax_total, included_tax_total';

const PLAIN_SQL = inputsSql();

/**
 * Reads in one statement what recalculating an order needs (after writing a line, with
 * `lineWrite`, whose errors it raises): its lines, where it ships and the
 * delivery methods serving that place, the lines' stock, the tax rates of its tax zone, its
 * payments, and its shipments (with rates) and tax adjustments as stored, so that the
 * recalculation writes only what changed.
 */
export async function readRecalculationInputs(
  manager: EntityManager,
  order: Pick<Order, 'id' | 'storeId' | 'currency' | 'shipAddressId' | 'billAddressId'>,
  lineWrite?: LineWrite,
): Promise<RecalculationInputs> {
  const {
    rows: [row],
  } = await preparedIn<RecalculationInputs & { lineVariant?: PurchasableVariant | null }>(
    manager,
    lineWrite ? 'order_recalc_inputs_line_write' : 'order_recalc_inputs',
    lineWrite ? (lineWriteSql ??= inputsSql(lineWrite)) : PLAIN_SQL,
    [
      order.id,
      order.storeId,
      order.currency,
      order.shipAddressId,
      order.billAddressId,
      ...(lineWrite?.values ?? []),
    ],
  );
  lineWrite?.check(row.lineVariant ?? null);
  return row;
}

let lineWriteSql: string | undefined;
