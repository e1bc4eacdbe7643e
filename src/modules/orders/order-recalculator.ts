import { Injectable } from '@nestjs/common';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import type { EntityManager } from 'typeorm';
import { Money } from '../../common/money/money.js';
import { type PlannedShipment, ShipmentPlanner } from './shipment-planner.js';
import { TaxRateLookup } from '../taxes/index.js';
import { furthestState, type CheckoutFacts } from './domain/checkout-progress.js';
import { computeOrderTotals, type OrderTotals } from './domain/order-totals.js';
import { isPlaced } from './order-lookup.js';
import { type CoveringPayment, paymentsCover } from './domain/payment-coverage.js';
import type { OrderChange } from './order-change.js';
import { recordStateChange } from './state-history.js';

interface LineRow {
  id: string;
  variant_id: string;
  quantity: number;
  price: string;
  tax_category: string;
  promo_total: string;
}

/** Where an address is, as zones see it: its country and its state as written. */
interface AddressPlace {
  country: string;
  state: string | null;
}

/**
 * Brings an order back in line after any change: plans shipments and rates, recomputes taxes and
 * every total with the one totals function, and (for a cart) advances the checkout state as far
 * as its data allows. Runs inside the change's change.
 */
@Injectable()
export class OrderRecalculator {
  constructor(
    private readonly planner: ShipmentPlanner,
    private readonly taxRates: TaxRateLookup,
  ) {}

  async recalculate({ manager, order }: OrderChange): Promise<void> {
    const { rows: lines } = await preparedIn<LineRow>(
      manager,
      'order_recalc_lines',
      `SELECT id::text AS id, variant_id::text AS variant_id, quantity, price::text AS price,
              tax_category, promo_total::text AS promo_total
       FROM line_items WHERE order_id = $1 ORDER BY line_items.id`,
      [order.id],
    );
    const countries = await this.countries(manager, order.shipAddressId, order.billAddressId);
    const shipments = await this.planShipments(manager, order, lines, countries.ship);
    const taxPlace = countries.ship ?? countries.bill;
    const rates = taxPlace
      ? await this.taxRates.forCountry(manager, order.storeId, taxPlace.country, taxPlace.state)
      : [];
    const totals = computeOrderTotals({
      currency: order.currency,
      lines: lines.map((line) => ({
        key: line.id,
        unitPrice: line.price,
        quantity: line.quantity,
        taxCategory: line.tax_category,
        promoTotal: line.promo_total,
      })),
      shipments: shipments.map((shipment) => ({
        key: shipment.id,
        cost: shipment.cost,
        taxCategory: shipment.taxCategory,
      })),
      taxRates: rates,
    });
    const hadTax = [order.additionalTaxTotal, order.includedTaxTotal].some(
      (amount) => !Money.of(amount, order.currency).isZero(),
    );
    if (rates.length > 0 || hadTax) await this.writeTaxes(manager, order.storeId, order.id, totals);

    const previousState = order.state;
    if (!isPlaced(order)) {
      order.state = furthestState(
        await this.facts(manager, order, lines.length, shipments, totals.total),
      );
    }
    Object.assign(order, {
      itemTotal: totals.itemTotal,
      shipTotal: totals.shipTotal,
      adjustmentTotal: totals.adjustmentTotal,
      includedTaxTotal: totals.includedTaxTotal,
      additionalTaxTotal: totals.additionalTaxTotal,
      promoTotal: totals.promoTotal,
      preTaxItemAmount: totals.preTaxItemAmount,
      preTaxTotal: totals.preTaxTotal,
      total: totals.total,
      itemCount: totals.itemCount,
    });
    await preparedIn(
      manager,
      'order_recalc_totals',
      `UPDATE orders SET item_total = $2, ship_total = $3, adjustment_total = $4,
         included_tax_total = $5, additional_tax_total = $6, promo_total = $7,
         pre_tax_item_amount = $8, pre_tax_total = $9, total = $10, item_count = $11, state = $12,
         updated_at = now()
       WHERE id = $1`,
      [
        order.id,
        totals.itemTotal,
        totals.shipTotal,
        totals.adjustmentTotal,
        totals.includedTaxTotal,
        totals.additionalTaxTotal,
        totals.promoTotal,
        totals.preTaxItemAmount,
        totals.preTaxTotal,
        totals.total,
        totals.itemCount,
        order.state,
      ],
    );
    if (order.state !== previousState) {
      await recordStateChange(manager, {
        order,
        name: 'order',
        from: previousState,
        to: order.state,
      });
    }
  }

  private async planShipments(
    manager: EntityManager,
    order: OrderChange['order'],
    lines: LineRow[],
    shipPlace: AddressPlace | null,
  ): Promise<PlannedShipment[]> {
    if (lines.length === 0 || shipPlace === null) {
      // Shipments exist only once a shipping address does.
      if (order.shipAddressId !== null) await this.planner.clear(manager, order.id);
      return [];
    }
    return this.planner.plan(
      manager,
      {
        orderId: order.id,
        storeId: order.storeId,
        currency: order.currency,
        countryIso: shipPlace.country,
        stateName: shipPlace.state,
      },
      lines.map((line) => ({
        id: line.id,
        variantId: line.variant_id,
        quantity: line.quantity,
        amount: Money.of(line.price, order.currency).times(line.quantity).round().toString(),
      })),
    );
  }

  private async countries(
    manager: EntityManager,
    shipAddressId: string | null,
    billAddressId: string | null,
  ): Promise<{ ship: AddressPlace | null; bill: AddressPlace | null }> {
    const ids = [shipAddressId, billAddressId].filter((id): id is string => id !== null);
    if (ids.length === 0) return { ship: null, bill: null };
    const rows: { id: string; country: string; state: string | null }[] = await manager.query(
      `SELECT id::text AS id, country_iso AS country, state_name AS state
       FROM addresses WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    const placeOf = (id: string | null) => {
      const row = rows.find((candidate) => candidate.id === id);
      return row ? { country: row.country, state: row.state } : null;
    };
    return { ship: placeOf(shipAddressId), bill: placeOf(billAddressId) };
  }

  private async facts(
    manager: EntityManager,
    order: OrderChange['order'],
    lineCount: number,
    shipments: PlannedShipment[],
    total: string,
  ): Promise<CheckoutFacts> {
    const facts: CheckoutFacts = {
      lineCount,
      hasEmail: Boolean(order.email),
      hasBillAddress: order.billAddressId !== null,
      hasShipAddress: order.shipAddressId !== null,
      shipmentCount: shipments.length,
      shipmentsWithoutRate: shipments.filter((shipment) => !shipment.hasSelectedRate).length,
      paymentCovered: false,
    };
    const readyForPayment =
      lineCount > 0 &&
      facts.hasEmail &&
      facts.hasBillAddress &&
      facts.hasShipAddress &&
      facts.shipmentCount > 0 &&
      facts.shipmentsWithoutRate === 0;
    if (readyForPayment)
      facts.paymentCovered = await paymentCovers(manager, order.id, order.currency, total);
    return facts;
  }

  private async writeTaxes(
    manager: EntityManager,
    storeId: string,
    orderId: string,
    totals: OrderTotals,
  ): Promise<void> {
    await manager.query(`DELETE FROM adjustments WHERE order_id = $1 AND source_type = 'tax'`, [
      orderId,
    ]);
    const taxes = totals.taxAdjustments;
    if (taxes.length > 0) {
      await manager.query(
        `INSERT INTO adjustments (store_id, order_id, adjustable_type, adjustable_id, source_type,
                                  source_id, label, amount, included)
         SELECT $1, $2, kind, target, 'tax', rate, label, amount, included
         FROM unnest($3::text[], $4::bigint[], $5::bigint[], $6::text[], $7::numeric[], $8::boolean[])
           AS tax(kind, target, rate, label, amount, included)`,
        [
          storeId,
          orderId,
          taxes.map((tax) => tax.adjustableType),
          taxes.map((tax) => tax.adjustableKey),
          taxes.map((tax) => tax.taxRateId),
          taxes.map((tax) => tax.label),
          taxes.map((tax) => tax.amount),
          taxes.map((tax) => tax.included),
        ],
      );
    }
    await writeTaxTotals(manager, 'line_items', totals.lines);
    await writeTaxTotals(manager, 'shipments', totals.shipments);
  }
}

/** Each taxed row's own tax totals, in one statement per table. */
async function writeTaxTotals(
  manager: EntityManager,
  table: 'line_items' | 'shipments',
  rows: { key: string; additionalTaxTotal: string; includedTaxTotal: string }[],
): Promise<void> {
  await manager.query(
    `UPDATE ${table} taxed SET additional_tax_total = t.additional, included_tax_total = t.included
     FROM unnest($1::bigint[], $2::numeric[], $3::numeric[]) AS t(id, additional, included)
     WHERE taxed.id = t.id`,
    [
      rows.map((row) => row.key),
      rows.map((row) => row.additionalTaxTotal),
      rows.map((row) => row.includedTaxTotal),
    ],
  );
}

/** Whether the order's live payments pay for it (see `paymentsCover`). */
export async function paymentCovers(
  manager: EntityManager,
  orderId: string,
  currency: string,
  total: string,
): Promise<boolean> {
  const rows: CoveringPayment[] = await manager.query(
    `SELECT pm.type AS "methodType", p.amount::text AS amount, p.state,
            p.covers_balance AS "coversBalance" FROM payments p
     JOIN payment_methods pm ON pm.id = p.payment_method_id WHERE p.order_id = $1`,
    [orderId],
  );
  return paymentsCover(rows, total, currency);
}
