import type { EntityManager } from 'typeorm';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import {
  type AutomaticPromotionRow,
  automaticPromotionsJsonSql,
  BUYER_FACT_RULES,
  type BuyerFacts,
  buyerFactsJsonSql,
  type CartCodeRow,
  cartCodesJsonSql,
  customerKeysSql,
  type PromotionNeeds,
  unavailablePromotionsJsonSql,
} from '../promotions/index.js';
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
  product_id: string;
  /**
   * The product's categories with their ancestors; read only for promotions (`PromotionReads`,
   * or codes on the cart).
   */
  category_ids?: string[] | null;
}

/** A promotion adjustment as stored (amount ≤ 0). */
export interface StoredPromotionAdjustment {
  adjustableType: 'line_item' | 'shipment';
  adjustableKey: string;
  promotionId: string;
  label: string;
  amount: string;
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
  /** The promotion adjustments as stored. */
  promotions: StoredPromotionAdjustment[];
  /** The shipping address's country (ISO), null without one. */
  shipCountry: string | null;
  payments: CoveringPayment[];
  /** The store's automatic promotions, read only on a cache miss (`PromotionReads`). */
  automaticPromotions?: AutomaticPromotionRow[];
  /** The ids of automatic promotions the buyer cannot get now; read with them (not `none`). */
  unavailablePromotions?: string[];
  /** The codes entered on the cart, with their promotions. */
  codes: CartCodeRow[];
  /** Read when a promotion that may apply has a rule about them (`BUYER_FACT_RULES`). */
  buyerFacts: BuyerFacts | null;
}

/**
 * What the read adds for the store's automatic promotions: they themselves on a cache `miss`
 * (and then everything below), else what judging a cart by them needs (`PromotionNeeds`): the
 * lines' categories, the promotions' uses (`limits`), the buyer's facts. Codes on the cart bring
 * their own needs, judged in SQL.
 */
export interface PromotionReads extends PromotionNeeds {
  miss: boolean;
}

export const NO_PROMOTION_READS: PromotionReads = {
  miss: false,
  categories: false,
  facts: false,
  limits: false,
};

/** The variant of the statement (its SQL text): the reads that change the text. */
const variantOf = ({ miss, categories, limits }: PromotionReads) =>
  miss ? 'm' : `${categories ? 'c' : ''}${limits ? 'l' : ''}`;

/** Parameters of the read before a line write's (`LineWrite`). */
const PARAMETERS = 8;

/** The buyer's keys (`customerKeys`) from the read's parameters. */
const KEYS = customerKeysSql('$6::bigint', '$7::text');

/** Whether a code on the cart names a promotion with a rule about the buyer. */
const CODES_NEED_FACTS = `EXISTS (
    SELECT 1 FROM order_promotions op JOIN promotion_rules r ON r.promotion_id = op.promotion_id
    WHERE op.order_id = $1 AND r.type IN (${[...BUYER_FACT_RULES].map((type) => `'${type}'`).join(', ')}))`;

/** The read, after the CTEs of a line write when there is one (see `LineWrite`). */
function inputsSql(lineWrite: LineWrite | undefined, reads: PromotionReads): string {
  // Unless automatic promotions need them, categories are read only for a cart with codes.
  const catalog =
    reads.miss || reads.categories
      ? 'true'
      : 'EXISTS (SELECT 1 FROM order_promotions WHERE order_id = $1)';
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
WITH ${lineWrite ? `${lineWrite.ctes(PARAMETERS)},` : ''}
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
             'included_tax_total', included_tax_total::text,
             'product_id', (SELECT v.product_id::text FROM variants v WHERE v.id = lines.variant_id),
             'category_ids', CASE WHEN ${catalog} THEN ${CATEGORY_IDS_SQL} END)
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
             'adjustableType', a.adjustable_type, 'adjustableKey', a.adjustable_id::text,
             'promotionId', a.source_id::text, 'label', a.label, 'amount', a.amount::text))
    FROM adjustments a WHERE a.order_id = $1 AND a.source_type = 'promotion'), '[]')
    AS promotions,
  (SELECT country FROM ship) AS "shipCountry",
  COALESCE((
    SELECT json_agg(json_build_object(
             'methodType', pm.type, 'amount', p.amount::text, 'state', p.state,
             'coversBalance', p.covers_balance))
    FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
    WHERE p.order_id = $1), '[]') AS payments,
  ${cartCodesJsonSql('$1', KEYS)} AS codes,
  CASE WHEN $8::boolean OR ${CODES_NEED_FACTS} THEN ${buyerFactsJsonSql({
    store: '$2::bigint',
    customerId: '$6::bigint',
    country: '(SELECT country FROM ship)',
    state: '(SELECT state FROM ship)',
  })} END AS "buyerFacts"${
    reads.miss || reads.limits
      ? `,
  ${unavailablePromotionsJsonSql('$2::bigint', KEYS)} AS "unavailablePromotions"`
      : ''
  }${
    reads.miss
      ? `,
  ${automaticPromotionsJsonSql('$2::bigint')} AS "automaticPromotions"`
      : ''
  }${lineVariant}`;
}

const LINE_COLUMNS =
  'id, variant_id, quantity, price, tax_category, promo_total, additional_tax_total, included_tax_total';

/** A line's product's categories and all their ancestors, as text ids. */
const CATEGORY_IDS_SQL = `COALESCE((
               WITH RECURSIVE up(id, parent_id) AS (
                 SELECT c.id, c.parent_id FROM product_categories pc
                 JOIN variants v ON v.id = lines.variant_id AND pc.product_id = v.product_id
                 JOIN categories c ON c.id = pc.category_id
                 UNION SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id)
               SELECT json_agg(DISTINCT id::text) FROM up), '[]')`;

/** The statement's text by variant, without and with a line write. */
const plainSql = new Map<string, string>();
const lineWriteSql = new Map<string, string>();

/**
 * Reads in one statement what recalculating an order needs (after writing a line, with
 * `lineWrite`, whose errors it raises): its lines, where it ships and the
 * delivery methods serving that place, the lines' stock, the tax rates of its tax zone, its
 * payments, and its shipments (with rates) and tax adjustments as stored, so that the
 * recalculation writes only what changed; for promotions, what `reads` asks.
 */
export async function readRecalculationInputs(
  manager: EntityManager,
  order: Pick<
    Order,
    'id' | 'storeId' | 'currency' | 'shipAddressId' | 'billAddressId' | 'customerId' | 'email'
  >,
  lineWrite?: LineWrite,
  reads: PromotionReads = NO_PROMOTION_READS,
): Promise<RecalculationInputs> {
  const variant = variantOf(reads);
  const texts = lineWrite ? lineWriteSql : plainSql;
  let sql = texts.get(variant);
  if (sql === undefined) {
    sql = inputsSql(lineWrite, reads);
    texts.set(variant, sql);
  }
  const {
    rows: [row],
  } = await preparedIn<RecalculationInputs & { lineVariant?: PurchasableVariant | null }>(
    manager,
    `order_recalc_inputs${lineWrite ? '_line_write' : ''}${variant ? `_${variant}` : ''}`,
    sql,
    [
      order.id,
      order.storeId,
      order.currency,
      order.shipAddressId,
      order.billAddressId,
      order.customerId,
      order.email,
      reads.miss || reads.facts,
      ...(lineWrite?.values ?? []),
    ],
  );
  lineWrite?.check(row.lineVariant ?? null);
  return row;
}
