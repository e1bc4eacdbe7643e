import { Injectable } from '@nestjs/common';
import { StoreError } from '../../common/errors/store-error.js';
import { Money } from '../../common/money/money.js';
import { computeOrderTotals, type OrderTotals } from './domain/order-totals.js';
import type { Order } from './entities/order.entity.js';
import type { OrderChange } from './order-change.js';
import { OrderLines } from './order-lines.js';
import { readRecalculationInputs } from './order-recalculation-inputs.js';
import { writeRecalculation } from './order-recalculation-writes.js';

/** A line an exchange added: its key and what its units cost, taxes added to the price included. */
export interface ExchangeLine {
  lineItemId: string;
  value: Money;
}

/** The order's totals a line adds to (the rest stays as stored). */
const ADDED_TOTALS = [
  'itemTotal',
  'adjustmentTotal',
  'includedTaxTotal',
  'additionalTaxTotal',
  'preTaxItemAmount',
  'preTaxTotal',
  'total',
] as const;

/**
 * Units of another variant an exchange sends in place of returned ones, in the order's change: a
 * line at the variant's current price with its taxes, and a shipment of its own. The order's
 * shipments are not planned again (some shipped already): its totals grow by the line's, and the
 * line ships apart (`shipments.exchange`).
 */
@Injectable()
export class OrderExchangeUnits {
  constructor(private readonly lines: OrderLines) {}

  /**
   * Adds `quantity` units of a variant (internal id) as a new line, by the rules every channel
   * shares (for sale in the order's currency, in stock). An order with a line of the variant
   * already is 422 `resource_invalid`: one line holds one price, and that line's may differ.
   */
  async add(change: OrderChange, variantId: string, quantity: number): Promise<ExchangeLine> {
    const { manager, order } = change;
    const [held]: unknown[] = await manager.query(
      'SELECT 1 FROM line_items WHERE order_id = $1 AND variant_id = $2',
      [order.id, variantId],
    );
    if (held) {
      throw new StoreError('resource_invalid', 'The order has a line of that variant already', {
        exchange_variant_id: ['the order holds units of that variant already'],
      });
    }
    await this.lines.set(manager, order, variantId, quantity, { known: true });
    const inputs = await readRecalculationInputs(manager, order);
    const line = inputs.lines.find((candidate) => candidate.variant_id === variantId)!;
    const priced = computeOrderTotals({
      currency: order.currency,
      lines: [{ key: line.id, unitPrice: line.price, quantity, taxCategory: line.tax_category }],
      shipments: [],
      taxRates: inputs.taxRates,
    });
    const [lineTotals] = priced.lines;
    const totals = withLine(order, priced, quantity);
    await writeRecalculation(manager, {
      orderId: order.id,
      storeId: order.storeId,
      lineTaxes: [{ ...lineTotals, id: line.id }],
      taxes: [...inputs.taxes, ...priced.taxAdjustments].map((tax) => ({
        ...tax,
        adjustableType: tax.adjustableType as 'line_item' | 'shipment',
        byLocation: false,
      })),
      totals: { totals, state: order.state },
    });
    for (const field of ADDED_TOTALS) order[field] = totals[field];
    order.itemCount = totals.itemCount;
    return { lineItemId: line.id, value: Money.of(lineTotals.total, order.currency) };
  }

  /**
   * Ships an exchange's line in a new shipment (`pending`; the payment settlement makes it
   * `ready` once the order is paid) from `locationId`, or from where the returned line shipped,
   * by the method that shipped it, at no cost. Answers the shipment's key.
   */
  async ship(
    change: OrderChange,
    lineItemId: string,
    returnedLineItemId: string,
    locationId: string | undefined,
  ): Promise<string> {
    const { manager, order } = change;
    const [shipment]: { id: string }[] = await manager.query(
      `WITH returned AS (
         SELECT s.id, s.stock_location_id FROM shipments s
         WHERE s.order_id = $2 AND $4::bigint = ANY(s.line_item_ids) ORDER BY s.id LIMIT 1),
       shipment AS (
         INSERT INTO shipments (store_id, order_id, stock_location_id, line_item_ids, exchange)
         SELECT $1, $2, COALESCE($5::bigint, returned.stock_location_id), ARRAY[$3::bigint], true
         FROM returned RETURNING id),
       rate AS (
         INSERT INTO delivery_rates (store_id, shipment_id, delivery_method_id, cost, selected)
         SELECT $1, shipment.id, r.delivery_method_id, 0, true
         FROM shipment, returned JOIN delivery_rates r ON r.shipment_id = returned.id AND r.selected)
       SELECT id::text AS id FROM shipment`,
      [order.storeId, order.id, lineItemId, returnedLineItemId, locationId ?? null],
    );
    return shipment.id;
  }
}

/** The order's totals once a line priced alone (`priced`) is added to them. */
function withLine(order: Order, priced: OrderTotals, quantity: number): OrderTotals {
  const added = Object.fromEntries(
    ADDED_TOTALS.map((field) => [
      field,
      Money.of(order[field], order.currency).plus(priced[field]).toString(),
    ]),
  ) as Record<(typeof ADDED_TOTALS)[number], string>;
  return {
    ...priced,
    ...added,
    shipTotal: order.shipTotal,
    promoTotal: order.promoTotal,
    taxTotal: Money.of(added.includedTaxTotal, order.currency)
      .plus(added.additionalTaxTotal)
      .toString(),
    itemCount: order.itemCount + quantity,
  };
}
