import type { EntityManager } from 'typeorm';
import { preparedWrite } from '../../platform/database/prepared-sql.js';
import type { OrderTotals } from './domain/order-totals.js';
import type { Order } from './entities/order.entity.js';
import type { PromotionWrite } from './order-promotions.js';
import type { PlannedShipment } from './shipment-planner.js';

/** A shipment to store: the plan's, with its tax totals. */
export interface ShipmentWrite extends PlannedShipment {
  additionalTaxTotal: string;
  includedTaxTotal: string;
}

/** A tax adjustment to store; a shipment's is named by its location (`byLocation`). */
export interface TaxWrite {
  adjustableType: 'line_item' | 'shipment';
  /** The line item's id, or the shipment's id or (`byLocation`) its stock location's. */
  adjustableKey: string;
  byLocation: boolean;
  taxRateId: string;
  label: string;
  amount: string;
  included: boolean;
}

/** What a recalculation changes; each part left out is already stored as it should be. */
export interface RecalculationWrites {
  orderId: string;
  storeId: string;
  /** Every shipment the order keeps (the others go), with its rates. */
  shipments?: ShipmentWrite[];
  /** Every tax adjustment of the order (the stored ones are replaced). */
  taxes?: TaxWrite[];
  /** Every promotion adjustment of the order (the stored ones are replaced). */
  promotions?: PromotionWrite[];
  /** Line items whose own tax or promotion totals change. */
  lineTaxes?: {
    id: string;
    additionalTaxTotal: string;
    includedTaxTotal: string;
    promoTotal: string;
  }[];
  totals?: { totals: OrderTotals; state: string };
  /** The order's checkout state alone, when its totals stay (ignored with `totals`). */
  orderState?: string;
  /** The order's own fields the change set, by column (see `ORDER_FIELD_COLUMNS`). */
  fields?: Record<string, unknown>;
  /** The order's checkout state moved. */
  stateChange?: { from: string; to: string };
}

/** The order's own columns a cart change may set in the recalculation's write. */
export const ORDER_FIELD_COLUMNS = [
  { name: 'email', type: 'text' },
  { name: 'special_instructions', type: 'text' },
  { name: 'bill_address_id', type: 'bigint' },
  { name: 'ship_address_id', type: 'bigint' },
  { name: 'locale', type: 'text' },
  { name: 'metadata', type: 'jsonb' },
] as const;

/** Collects parameters, each placed in the text with its type, numbered after `offset`. */
class Parameters {
  readonly values: unknown[] = [];

  constructor(private readonly offset = 0) {}

  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.offset + this.values.length}::${type}`;
  }
}

/** A recalculation's writes as the data-modifying CTEs of a statement. */
export interface RecalculationSql {
  /** `name AS (…)` each; empty when there is nothing to write. */
  ctes: string[];
  values: unknown[];
  /** Names the combination of parts, for the prepared statement's name. */
  variant: string;
}

/**
 * Writes a recalculation in one statement of data-modifying CTEs: shipments upserted by location
 * with their cost and taxes (those of locations no longer used deleted, their rates with them),
 * their rates upserted (ids stay stable), tax and promotion adjustments replaced, line tax and promotion totals, the order's
 * totals and state, and its state change. Nothing when nothing changed. Inside a transaction the
 * statement goes out with the transaction's next one (`preparedWrite`).
 */
export async function writeRecalculation(
  manager: EntityManager,
  writes: RecalculationWrites,
): Promise<void> {
  const { ctes, values, variant } = recalculationSql(writes);
  if (ctes.length === 0) return;
  await preparedWrite(
    manager,
    `order_recalc_write_${variant}`,
    `WITH ${ctes.join(',\n')} SELECT 1`,
    values,
  );
}

/**
 * Whether the writes can ride on the order's next render read (`OrderSnapshots.load`): besides
 * the order row they touch at most its lines' tax and discount totals and its line promotion
 * adjustments (`storedShipmentDiscounts`: none on shipments before either), which that read
 * takes from the writes rather than from the tables (`withHeldParts`).
 */
export function ridesOnRender(
  writes: RecalculationWrites,
  storedShipmentDiscounts: boolean,
): boolean {
  if (writes.shipments || writes.taxes) return false;
  return (
    !writes.promotions ||
    (!storedShipmentDiscounts &&
      writes.promotions.every((promo) => promo.adjustableType === 'line_item'))
  );
}

/** The CTEs of `writeRecalculation`, their parameters numbered after `offset`. */
export function recalculationSql(writes: RecalculationWrites, offset = 0): RecalculationSql {
  const p = new Parameters(offset);
  const order = p.add(writes.orderId, 'bigint');
  let storeParameter: string | undefined;
  // Placed where first used: PostgreSQL refuses a parameter that no part of the text uses.
  const store = () => (storeParameter ??= p.add(writes.storeId, 'bigint'));
  const parts: string[] = [];
  const variant: string[] = [];
  const { shipments, taxes, promotions, lineTaxes, totals, stateChange } = writes;
  if (shipments) {
    variant.push('s');
    parts.push(
      `gone_shipments AS (
         DELETE FROM shipments WHERE order_id = ${order} AND NOT exchange
         AND NOT (stock_location_id = ANY(${p.add(
           shipments.map((s) => s.locationId),
           'bigint[]',
         )})))`,
      `kept_shipments AS (
         INSERT INTO shipments (store_id, order_id, stock_location_id, line_item_ids, cost,
                                additional_tax_total, included_tax_total)
         SELECT ${store()}, ${order}, location, lines::bigint[], cost, additional, included
         FROM unnest(${p.add(
           shipments.map((s) => s.locationId),
           'bigint[]',
         )}, ${p.add(
           shipments.map((s) => `{${s.lineIds.join(',')}}`),
           'text[]',
         )}, ${p.add(
           shipments.map((s) => s.cost),
           'numeric[]',
         )}, ${p.add(
           shipments.map((s) => s.additionalTaxTotal),
           'numeric[]',
         )}, ${p.add(
           shipments.map((s) => s.includedTaxTotal),
           'numeric[]',
         )}) AS g(location, lines, cost, additional, included)
         ON CONFLICT (order_id, stock_location_id) WHERE NOT exchange DO UPDATE SET
           line_item_ids = EXCLUDED.line_item_ids, cost = EXCLUDED.cost,
           additional_tax_total = EXCLUDED.additional_tax_total,
           included_tax_total = EXCLUDED.included_tax_total, updated_at = now()
         RETURNING id, stock_location_id)`,
    );
    const rates = shipments.flatMap((s) =>
      s.rates.map((rate) => ({ location: s.locationId, ...rate })),
    );
    parts.push(
      `gone_rates AS (
         DELETE FROM delivery_rates r USING kept_shipments s
         WHERE r.shipment_id = s.id
           AND NOT (r.delivery_method_id = ANY(${p.add(
             [...new Set(rates.map((rate) => rate.methodId))],
             'bigint[]',
           )})))`,
      `kept_rates AS (
         INSERT INTO delivery_rates (store_id, shipment_id, delivery_method_id, cost, selected)
         SELECT ${store()}, s.id, rate.method, rate.cost, rate.selected
         FROM unnest(${p.add(
           rates.map((rate) => rate.location),
           'bigint[]',
         )}, ${p.add(
           rates.map((rate) => rate.methodId),
           'bigint[]',
         )}, ${p.add(
           rates.map((rate) => rate.cost),
           'numeric[]',
         )}, ${p.add(
           rates.map((rate) => rate.selected),
           'boolean[]',
         )}) AS rate(location, method, cost, selected)
         JOIN kept_shipments s ON s.stock_location_id = rate.location
         ON CONFLICT (shipment_id, delivery_method_id)
         DO UPDATE SET cost = EXCLUDED.cost, selected = EXCLUDED.selected, updated_at = now())`,
    );
  }
  const adjustments = (source: 'tax' | 'promotion', rows: AdjustmentRow[]) =>
    replacedAdjustments(p, { order, store: store(), shipments: Boolean(shipments) }, source, rows);
  if (taxes) {
    variant.push(shipments ? 't' : 'T');
    parts.push(
      ...adjustments(
        'tax',
        taxes.map((tax) => ({ ...tax, sourceId: tax.taxRateId })),
      ),
    );
  }
  if (promotions) {
    variant.push(shipments ? 'p' : 'P');
    parts.push(
      ...adjustments(
        'promotion',
        promotions.map((promo) => ({ ...promo, sourceId: promo.promotionId, included: false })),
      ),
    );
  }
  if (lineTaxes && lineTaxes.length > 0) {
    variant.push('l');
    parts.push(
      `line_taxes AS (
         UPDATE line_items taxed
         SET additional_tax_total = t.additional, included_tax_total = t.included,
             promo_total = t.promo
         FROM unnest(${p.add(
           lineTaxes.map((line) => line.id),
           'bigint[]',
         )}, ${p.add(
           lineTaxes.map((line) => line.additionalTaxTotal),
           'numeric[]',
         )}, ${p.add(
           lineTaxes.map((line) => line.includedTaxTotal),
           'numeric[]',
         )}, ${p.add(
           lineTaxes.map((line) => line.promoTotal),
           'numeric[]',
         )}) AS t(id, additional, included, promo)
         WHERE taxed.id = t.id AND taxed.order_id = ${order})`,
    );
  }
  const orderColumns: string[] = [];
  if (totals) {
    variant.push('o');
    const t = totals.totals;
    orderColumns.push(
      `item_total = ${p.add(t.itemTotal, 'numeric')}`,
      `ship_total = ${p.add(t.shipTotal, 'numeric')}`,
      `adjustment_total = ${p.add(t.adjustmentTotal, 'numeric')}`,
      `included_tax_total = ${p.add(t.includedTaxTotal, 'numeric')}`,
      `additional_tax_total = ${p.add(t.additionalTaxTotal, 'numeric')}`,
      `promo_total = ${p.add(t.promoTotal, 'numeric')}`,
      `pre_tax_item_amount = ${p.add(t.preTaxItemAmount, 'numeric')}`,
      `pre_tax_total = ${p.add(t.preTaxTotal, 'numeric')}`,
      `total = ${p.add(t.total, 'numeric')}`,
      `item_count = ${p.add(t.itemCount, 'int')}`,
      `state = ${p.add(totals.state, 'text')}`,
    );
  } else if (writes.orderState !== undefined) {
    variant.push('a');
    orderColumns.push(`state = ${p.add(writes.orderState, 'text')}`);
  }
  const fields = writes.fields ?? {};
  const fieldMask = ORDER_FIELD_COLUMNS.map((column, bit) =>
    column.name in fields ? 1 << bit : 0,
  ).reduce((mask, bit) => mask | bit, 0);
  if (fieldMask !== 0) {
    variant.push(`f${fieldMask}`);
    for (const column of ORDER_FIELD_COLUMNS) {
      if (column.name in fields) {
        orderColumns.push(`${column.name} = ${p.add(fields[column.name], column.type)}`);
      }
    }
  }
  if (orderColumns.length > 0) {
    // One UPDATE of the order row: a statement may not update a row twice.
    parts.push(
      `order_row AS (
         UPDATE orders SET ${orderColumns.join(', ')}, updated_at = now() WHERE id = ${order})`,
    );
  }
  if (stateChange) {
    variant.push('c');
    parts.push(
      `order_state_change AS (
         INSERT INTO state_changes (store_id, order_id, name, previous_state, next_state)
         VALUES (${store()}, ${order}, 'order', ${p.add(stateChange.from, 'text')},
                 ${p.add(stateChange.to, 'text')}))`,
    );
  }
  return { ctes: parts, values: p.values, variant: variant.join('') };
}

/** An adjustment row to write; a shipment's is named by its location (`byLocation`). */
interface AdjustmentRow {
  adjustableType: string;
  adjustableKey: string;
  byLocation: boolean;
  sourceId: string;
  label: string;
  amount: string;
  included: boolean;
}

/**
 * The CTEs replacing the order's adjustments of `source` by `rows`. With `shipments` (written in
 * the same statement), a shipment planned there is known by its location until it is written.
 */
function replacedAdjustments(
  p: Parameters,
  at: { order: string; store: string; shipments: boolean },
  source: 'tax' | 'promotion',
  rows: AdjustmentRow[],
): string[] {
  const target = at.shipments
    ? `CASE WHEN adj.by_location
         THEN (SELECT s.id FROM kept_shipments s WHERE s.stock_location_id = adj.target)
         ELSE adj.target END`
    : 'adj.target';
  const column = <K extends keyof AdjustmentRow>(key: K, type: string) =>
    p.add(
      rows.map((row) => row[key]),
      type,
    );
  return [
    `gone_${source} AS (
       DELETE FROM adjustments WHERE order_id = ${at.order} AND source_type = '${source}')`,
    `new_${source} AS (
       INSERT INTO adjustments (store_id, order_id, adjustable_type, adjustable_id,
                                source_type, source_id, label, amount, included)
       SELECT ${at.store}, ${at.order}, adj.kind, ${target}, '${source}', adj.source, adj.label,
              adj.amount, adj.included
       FROM unnest(${column('adjustableType', 'text[]')}, ${column('adjustableKey', 'bigint[]')},
                   ${column('byLocation', 'boolean[]')}, ${column('sourceId', 'bigint[]')},
                   ${column('label', 'text[]')}, ${column('amount', 'numeric[]')},
                   ${column('included', 'boolean[]')})
         AS adj(kind, target, by_location, source, label, amount, included))`,
  ];
}

const pendingRowWrites = new WeakMap<Order, RecalculationWrites>();

/**
 * Holds back writes that ride on the next statement that reads the order's parts
 * (`ridesOnRender`, `OrderSnapshots.load`), which carries them. Whoever holds back must see them
 * written before the change ends (`flushPendingOrderWrites`).
 */
export function holdWrites(order: Order, writes: RecalculationWrites): void {
  if (writesSomething(writes)) pendingRowWrites.set(order, writes);
}

/** Whether `recalculationSql` makes any CTE of the writes. */
function writesSomething(writes: RecalculationWrites): boolean {
  return Boolean(
    writes.shipments ||
    writes.taxes ||
    writes.promotions ||
    (writes.lineTaxes && writes.lineTaxes.length > 0) ||
    writes.totals ||
    writes.orderState !== undefined ||
    ORDER_FIELD_COLUMNS.some((column) => column.name in (writes.fields ?? {})) ||
    writes.stateChange,
  );
}

/**
 * Holds back the order's own fields (by column) for its next recalculation, whose write carries
 * them; whoever holds them back must see them written before the change ends, as above.
 */
export function holdOrderFields(order: Order, fields: Record<string, unknown>): void {
  const held = pendingRowWrites.get(order) ?? { orderId: order.id, storeId: order.storeId };
  pendingRowWrites.set(order, { ...held, fields: { ...held.fields, ...fields } });
}

/** The writes held back for `order`, now taken by the caller to write them. */
export function takePendingOrderWrites(order: Order): RecalculationWrites | undefined {
  const writes = pendingRowWrites.get(order);
  pendingRowWrites.delete(order);
  return writes;
}

/** Writes what is still held back for the order, if anything. */
export async function flushPendingOrderWrites(manager: EntityManager, order: Order): Promise<void> {
  const writes = takePendingOrderWrites(order);
  if (writes) await writeRecalculation(manager, writes);
}
