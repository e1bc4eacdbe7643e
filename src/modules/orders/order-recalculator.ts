import { Injectable } from '@nestjs/common';
import { Decimal } from 'decimal.js';
import type { EntityManager } from 'typeorm';
import { Money } from '../../common/money/money.js';
import {
  AutomaticPromotions,
  guestOrderedBefore,
  type PromotionDefinition,
  type RunningPromotions,
} from '../promotions/index.js';
import { furthestState } from './domain/checkout-progress.js';
import { computeOrderTotals, type OrderTotals } from './domain/order-totals.js';
import { type CoveringPayment, paymentsCover } from './domain/payment-coverage.js';
import type { Order } from './entities/order.entity.js';
import { isPlaced } from './order-lookup.js';
import type { OrderChange } from './order-change.js';
import type { LineWrite } from './order-lines.js';
import { noteDroppedPromotions } from './cart-warnings.js';
import {
  cartPromotions,
  changedPromotions,
  droppedPromotions,
  type PromotionPricing,
  promotionPricing,
} from './order-promotions.js';
import {
  NO_PROMOTION_READS,
  readRecalculationInputs,
  type RecalculationInputs,
  type StoredShipment,
  type StoredTax,
} from './order-recalculation-inputs.js';
import {
  holdWrites,
  type RecalculationWrites,
  type ShipmentWrite,
  takePendingOrderWrites,
  type TaxWrite,
  writeRecalculation,
  ridesOnRender,
} from './order-recalculation-writes.js';
import { type PlannedShipment, ShipmentPlanner } from './shipment-planner.js';

/** Whether a first-order rule is to judge a guest cart by its e-mail's earlier orders. */
function judgesGuestHistory(
  order: Pick<Order, 'customerId' | 'email'>,
  inputs: RecalculationInputs,
  promotions: PromotionDefinition[],
): boolean {
  return (
    inputs.buyerFacts !== null &&
    order.customerId === null &&
    Boolean(order.email) &&
    promotions.some((promotion) => promotion.rules.some((rule) => rule.type === 'first_order'))
  );
}

/** A placed order is judged by no running promotion. */
const NONE_RUNNING: RunningPromotions = {
  definitions: [],
  needs: { categories: false, facts: false, limits: false },
};

/**
 * Brings an order back in line after any change: plans shipments and rates, recomputes taxes and
 * every total with the one totals function, and (for a cart) advances the checkout state as far
 * as its data allows. Runs inside the change's transaction, in two statements at most: one reads
 * everything (`readRecalculationInputs`), one writes what differs from what is stored
 * (`writeRecalculation`): a change that moves neither shipments nor taxes (a payment) writes
 * neither.
 */
@Injectable()
export class OrderRecalculator {
  constructor(
    private readonly planner: ShipmentPlanner,
    private readonly automaticPromotions: AutomaticPromotions,
  ) {}

  async recalculate(
    { manager, order }: OrderChange,
    options: RecalculationOptions = {},
  ): Promise<void> {
    const fields = await this.heldFields(manager, order);
    // A placed order keeps the discounts it was placed with; a cart gets the running automatic
    // promotions (read with the rest when they are not cached) and those of its codes.
    const placed = isPlaced(order);
    const cached = placed ? NONE_RUNNING : this.automaticPromotions.cached(order.storeId);
    const inputs = await readRecalculationInputs(
      manager,
      order,
      options.lineWrite,
      cached ? { miss: false, ...cached.needs } : { ...NO_PROMOTION_READS, miss: true },
    );
    const promotions = placed
      ? null
      : cartPromotions(
          (cached ?? this.automaticPromotions.remember(order.storeId, inputs.automaticPromotions!))
            .definitions,
          inputs,
        );
    if (promotions && judgesGuestHistory(order, inputs, promotions)) {
      inputs.buyerFacts!.ordered_before = await guestOrderedBefore(
        manager,
        order.storeId,
        order.email!,
      );
    }
    const { currency } = order;
    const planned = inputs.shipsTo
      ? this.planner.plan({
          currency,
          lines: inputs.lines.map((line) => ({
            id: line.id,
            variantId: line.variant_id,
            quantity: line.quantity,
            amount: Money.of(line.price, currency).times(line.quantity).round().toString(),
          })),
          methods: inputs.methods,
          stock: inputs.stock,
          defaultLocationId: inputs.defaultLocationId,
          selectedByLocation: new Map(
            inputs.shipments.flatMap((shipment) =>
              shipment.rates
                .filter((rate) => rate.selected)
                .map((rate) => [shipment.location_id, rate.method_id] as const),
            ),
          ),
        })
      : [];
    const pricing = promotionPricing(order, inputs, planned, promotions);
    noteDroppedPromotions(order, droppedPromotions(pricing, inputs.promotions));
    const totals = computeOrderTotals({
      currency,
      lines: inputs.lines.map((line) => ({
        key: line.id,
        unitPrice: line.price,
        quantity: line.quantity,
        taxCategory: line.tax_category,
        promoTotal: pricing.linePromo(line.id),
      })),
      // Keyed by location: a shipment planned anew has no id before it is written.
      shipments: planned.map((shipment) => ({
        key: shipment.locationId,
        cost: shipment.cost,
        taxCategory: shipment.taxCategory,
        promoTotal: pricing.shipmentPromo(shipment.locationId),
      })),
      taxRates: inputs.taxRates,
    });

    const previousState = order.state;
    if (!isPlaced(order)) {
      order.state = furthestState({
        lineCount: inputs.lines.length,
        hasEmail: Boolean(order.email),
        hasBillAddress: order.billAddressId !== null,
        hasShipAddress: order.shipAddressId !== null,
        shipmentCount: planned.length,
        shipmentsWithoutRate: 0,
        paymentCovered: paymentsCover(inputs.payments, totals.total, currency),
      });
    }
    const writes = {
      ...changedParts(inputs, planned, totals, order, previousState, pricing),
      fields,
    };
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
    await this.write(
      manager,
      order,
      writes,
      options,
      inputs.promotions.some((promo) => promo.adjustableType === 'shipment'),
    );
  }

  /**
   * The recalculation after a change that touched only payments (`payments`: all of the order's
   * as they now stand): totals, shipments and taxes stay as stored, so nothing is read; the
   * checkout state moves with the coverage, in one write when it does.
   */
  async recalculatePaymentState(
    { manager, order, before }: OrderChange,
    payments: CoveringPayment[],
    options: RecalculationOptions = {},
  ): Promise<void> {
    const fields = await this.heldFields(manager, order);
    if (isPlaced(order)) {
      await this.write(
        manager,
        order,
        { orderId: order.id, storeId: order.storeId, fields },
        options,
      );
      return;
    }
    const previousState = order.state;
    const shipments = order.shipAddressId === null ? [] : before.shipments;
    order.state = furthestState({
      lineCount: before.lines.length,
      hasEmail: Boolean(order.email),
      hasBillAddress: order.billAddressId !== null,
      hasShipAddress: order.shipAddressId !== null,
      shipmentCount: shipments.length,
      shipmentsWithoutRate: shipments.filter((s) => !s.rates.some((rate) => rate.selected)).length,
      paymentCovered: paymentsCover(payments, order.total, order.currency),
    });
    const moved = order.state !== previousState;
    const writes: RecalculationWrites = {
      orderId: order.id,
      storeId: order.storeId,
      fields,
      ...(moved && {
        orderState: order.state,
        stateChange: { from: previousState, to: order.state },
      }),
    };
    await this.write(manager, order, writes, options);
  }

  /**
   * The order's own fields held back for this recalculation's write (`holdOrderFields`); any
   * other write still held back is written first.
   */
  private async heldFields(
    manager: EntityManager,
    order: Order,
  ): Promise<Record<string, unknown> | undefined> {
    const held = takePendingOrderWrites(order);
    if (!held) return undefined;
    const { fields, ...rest } = held;
    await writeRecalculation(manager, rest);
    return fields;
  }

  /** `shipmentDiscounts`: the order had promotion adjustments on shipments before. */
  private async write(
    manager: EntityManager,
    order: Order,
    writes: RecalculationWrites,
    { renderedNext = false }: RecalculationOptions,
    shipmentDiscounts = false,
  ): Promise<void> {
    if (renderedNext && ridesOnRender(writes, shipmentDiscounts)) holdWrites(order, writes);
    else await writeRecalculation(manager, writes);
  }
}

export interface RecalculationOptions {
  /**
   * The caller renders the order next (`OrderSnapshots.load`): a write that can ride on that read
   * (`ridesOnRender`) does instead of taking a statement of its own (`holdWrites`).
   */
  renderedNext?: boolean;
  /** A line to write first, in the statement that reads the order (`OrderLines.addition`). */
  lineWrite?: LineWrite;
}

type OrderTotalsFields = Pick<
  Order,
  | 'id'
  | 'storeId'
  | 'state'
  | 'itemTotal'
  | 'shipTotal'
  | 'adjustmentTotal'
  | 'includedTaxTotal'
  | 'additionalTaxTotal'
  | 'promoTotal'
  | 'preTaxItemAmount'
  | 'preTaxTotal'
  | 'total'
  | 'itemCount'
>;

/** The parts of the recalculation that differ from what is stored. */
function changedParts(
  inputs: RecalculationInputs,
  planned: PlannedShipment[],
  totals: OrderTotals,
  order: OrderTotalsFields,
  previousState: string,
  pricing: PromotionPricing,
): RecalculationWrites {
  const writes: RecalculationWrites = { orderId: order.id, storeId: order.storeId };
  const shipmentTotals = new Map(totals.shipments.map((shipment) => [shipment.key, shipment]));
  const shipments: ShipmentWrite[] = planned.map((shipment) => ({
    ...shipment,
    additionalTaxTotal: shipmentTotals.get(shipment.locationId)!.additionalTaxTotal,
    includedTaxTotal: shipmentTotals.get(shipment.locationId)!.includedTaxTotal,
  }));
  if (!sameShipments(inputs.shipments, shipments)) writes.shipments = shipments;

  const stored = new Map(inputs.shipments.map((shipment) => [shipment.location_id, shipment.id]));
  const taxes: TaxWrite[] = totals.taxAdjustments.map((tax) => {
    const shipment = tax.adjustableType === 'shipment';
    const existing = shipment && !writes.shipments ? stored.get(tax.adjustableKey) : undefined;
    return {
      ...tax,
      adjustableKey: existing ?? tax.adjustableKey,
      byLocation: shipment && existing === undefined,
    };
  });
  if (!sameTaxes(inputs.taxes, taxes)) writes.taxes = taxes;

  writes.promotions = changedPromotions(
    pricing,
    inputs.promotions,
    writes.shipments ? undefined : stored,
  );

  const lineTotals = new Map(totals.lines.map((line) => [line.key, line]));
  writes.lineTaxes = inputs.lines
    .filter((line) => {
      const next = lineTotals.get(line.id)!;
      return (
        !sameAmount(line.additional_tax_total, next.additionalTaxTotal) ||
        !sameAmount(line.included_tax_total, next.includedTaxTotal) ||
        !sameAmount(line.promo_total, next.promoTotal)
      );
    })
    .map((line) => ({ ...lineTotals.get(line.id)!, id: line.id }));

  const unchangedTotals =
    order.state === previousState &&
    order.itemCount === totals.itemCount &&
    TOTAL_FIELDS.every((field) => sameAmount(order[field], totals[field]));
  if (!unchangedTotals) writes.totals = { totals, state: order.state };
  if (order.state !== previousState) writes.stateChange = { from: previousState, to: order.state };
  return writes;
}

const TOTAL_FIELDS = [
  'itemTotal',
  'shipTotal',
  'adjustmentTotal',
  'includedTaxTotal',
  'additionalTaxTotal',
  'promoTotal',
  'preTaxItemAmount',
  'preTaxTotal',
  'total',
] as const;

function sameAmount(stored: string, next: string): boolean {
  return new Decimal(stored).equals(next);
}

function sameShipments(stored: StoredShipment[], next: ShipmentWrite[]): boolean {
  if (stored.length !== next.length) return false;
  const byLocation = new Map(stored.map((shipment) => [shipment.location_id, shipment]));
  return next.every((shipment) => {
    const current = byLocation.get(shipment.locationId);
    if (!current) return false;
    const rates = new Map(current.rates.map((rate) => [rate.method_id, rate]));
    return (
      sameSet(current.line_item_ids, shipment.lineIds) &&
      sameAmount(current.cost, shipment.cost) &&
      sameAmount(current.additional_tax_total, shipment.additionalTaxTotal) &&
      sameAmount(current.included_tax_total, shipment.includedTaxTotal) &&
      current.rates.length === shipment.rates.length &&
      shipment.rates.every((rate) => {
        const now = rates.get(rate.methodId);
        return now && now.selected === rate.selected && sameAmount(now.cost, rate.cost);
      })
    );
  });
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

function sameTaxes(stored: StoredTax[], next: TaxWrite[]): boolean {
  if (next.some((tax) => tax.byLocation)) return false;
  const key = (tax: Omit<StoredTax, 'amount'> & { amount: string }) =>
    JSON.stringify([
      tax.adjustableType,
      tax.adjustableKey,
      tax.taxRateId,
      tax.label,
      new Decimal(tax.amount).toString(),
      tax.included,
    ]);
  return sameSet(stored.map(key), next.map(key));
}
