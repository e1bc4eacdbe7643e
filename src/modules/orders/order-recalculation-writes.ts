import type { EntityManager } from 'typeorm';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import type { OrderTotals } from './domain/order-totals.js';
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
  /** Line items whose own tax totals change. */
  lineTaxes?: { id: string; additionalTaxTotal: string; includedTaxTotal: string }[];
  totals?: { totals: OrderTotals; state: string };
  /** The order's checkout state moved. */
  stateChange?: { from: string; to: string };
}

/** Collects parameters, each placed in the text with its type. */
class Parameters {
  readonly values: unknown[] = [];

  add(value: unknown, type: string): string {
    this.values.push(value);
    return `$${this.values.length}::${type}`;
  }
}

/**
 * Writes a recalculation in one statement of data-modifying CTEs: shipments upserted by location
 * with their cost and taxes (those of locations no longer used deleted, their rates with them),
 * their rates upserted (ids stay stable), tax adjustments replaced, line tax totals, the order's
 * totals and state, and its state change. Nothing when nothing changed.
 */
export async function writeRecalculation(
  manager: EntityManager,
  writes: RecalculationWrites,
): Promise<void> {
  const p = new Parameters();
  const order = p.add(writes.orderId, 'bigint');
  let storeParameter: string | undefined;
  // Placed where first used: PostgreSQL refuses a parameter that no part of the text uses.
  const store = () => (storeParameter ??= p.add(writes.storeId, 'bigint'));
  const parts: string[] = [];
  const variant: string[] = [];
  const { shipments, taxes, lineTaxes, totals, stateChange } = writes;
  if (shipments) {
    variant.push('s');
    parts.push(
      `gone_shipments AS (
         DELETE FROM shipments WHERE order_id = ${order}
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
         ON CONFLICT (order_id, stock_location_id) DO UPDATE SET
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
  if (taxes) {
    variant.push(shipments ? 't' : 'T');
    // A shipment planned in this statement is known by its location until it is written.
    const target = shipments
      ? `CASE WHEN tax.by_location
           THEN (SELECT s.id FROM kept_shipments s WHERE s.stock_location_id = tax.target)
           ELSE tax.target END`
      : 'tax.target';
    parts.push(
      `gone_taxes AS (
         DELETE FROM adjustments WHERE order_id = ${order} AND source_type = 'tax')`,
      `new_taxes AS (
         INSERT INTO adjustments (store_id, order_id, adjustable_type, adjustable_id,
                                  source_type, source_id, label, amount, included)
         SELECT ${store()}, ${order}, tax.kind, ${target}, 'tax', tax.rate, tax.label, tax.amount,
                tax.included
         FROM unnest(${p.add(
           taxes.map((tax) => tax.adjustableType),
           'text[]',
         )}, ${p.add(
           taxes.map((tax) => tax.adjustableKey),
           'bigint[]',
         )}, ${p.add(
           taxes.map((tax) => tax.byLocation),
           'boolean[]',
         )}, ${p.add(
           taxes.map((tax) => tax.taxRateId),
           'bigint[]',
         )}, ${p.add(
           taxes.map((tax) => tax.label),
           'text[]',
         )}, ${p.add(
           taxes.map((tax) => tax.amount),
           'numeric[]',
         )}, ${p.add(
           taxes.map((tax) => tax.included),
           'boolean[]',
         )}) AS tax(kind, target, by_location, rate, label, amount, included))`,
    );
  }
  if (lineTaxes && lineTaxes.length > 0) {
    variant.push('l');
    parts.push(
      `line_taxes AS (
         UPDATE line_items taxed
         SET additional_tax_total = t.additional, included_tax_total = t.included
         FROM unnest(${p.add(
           lineTaxes.map((line) => line.id),
           'bigint[]',
         )}, ${p.add(
           lineTaxes.map((line) => line.additionalTaxTotal),
           'numeric[]',
         )}, ${p.add(
           lineTaxes.map((line) => line.includedTaxTotal),
           'numeric[]',
         )}) AS t(id, additional, included)
         WHERE taxed.id = t.id AND taxed.order_id = ${order})`,
    );
  }
  if (totals) {
    variant.push('o');
    const t = totals.totals;
    parts.push(
      `order_totals AS (
         UPDATE orders SET item_total = ${p.add(t.itemTotal, 'numeric')},
           ship_total = ${p.add(t.shipTotal, 'numeric')},
           adjustment_total = ${p.add(t.adjustmentTotal, 'numeric')},
           included_tax_total = ${p.add(t.includedTaxTotal, 'numeric')},
           additional_tax_total = ${p.add(t.additionalTaxTotal, 'numeric')},
           promo_total = ${p.add(t.promoTotal, 'numeric')},
           pre_tax_item_amount = ${p.add(t.preTaxItemAmount, 'numeric')},
           pre_tax_total = ${p.add(t.preTaxTotal, 'numeric')},
           total = ${p.add(t.total, 'numeric')}, item_count = ${p.add(t.itemCount, 'int')},
           state = ${p.add(totals.state, 'text')}, updated_at = now()
         WHERE id = ${order})`,
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
  if (parts.length === 0) return;
  await preparedIn(
    manager,
    `order_recalc_write_${variant.join('')}`,
    `WITH ${parts.join(',\n')} SELECT 1`,
    p.values,
  );
}
