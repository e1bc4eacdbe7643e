import { Decimal } from 'decimal.js';
import { Money } from '../../common/money/money.js';
import {
  type CartSnapshot,
  calculatePromotions,
  type PromotionDefinition,
  rowDefinition,
} from '../promotions/index.js';
import type { Order } from './entities/order.entity.js';
import type {
  RecalculationInputs,
  StoredPromotionAdjustment,
} from './order-recalculation-inputs.js';
import type { PlannedShipment } from './shipment-planner.js';

/** A promotion adjustment to store (amount ≤ 0); a shipment's is named by its location. */
export interface PromotionWrite {
  adjustableType: 'line_item' | 'shipment';
  /** The line item's id, or the shipment's id or (`byLocation`) its stock location's. */
  adjustableKey: string;
  byLocation: boolean;
  promotionId: string;
  label: string;
  /** The promotion's description, for showing the discount (not stored with the adjustment). */
  description: string | null;
  amount: string;
}

/** What promotions take off each line and each planned shipment (by location), ≤ 0. */
export interface PromotionPricing {
  linePromo(lineId: string): string;
  shipmentPromo(locationId: string): string;
  /** The promotion adjustments the cart now has; undefined: keep the stored ones (placed order). */
  adjustments?: PromotionWrite[];
}

/**
 * The promotions a cart may get: the store's running automatic ones (`automatic`) the buyer has
 * not used up, and those of the codes entered on it that can be used now.
 */
export function cartPromotions(
  automatic: PromotionDefinition[],
  inputs: RecalculationInputs,
): PromotionDefinition[] {
  const coded = inputs.codes
    .filter((code) => code.refusal === null)
    .map((code) => rowDefinition(code.promotion, code.code));
  const unavailable = new Set(inputs.unavailablePromotions ?? []);
  return [...automatic.filter((promotion) => !unavailable.has(promotion.id)), ...coded];
}

/**
 * A cart's discounts from the promotions it may get (`cartPromotions`), on its lines and the
 * shipments just planned. A placed order keeps what it was placed with: the lines' stored promo
 * totals and its shipments' stored promotion adjustments.
 */
export function promotionPricing(
  order: Pick<Order, 'currency' | 'customerId'>,
  inputs: RecalculationInputs,
  planned: PlannedShipment[],
  promotions: PromotionDefinition[] | null,
): PromotionPricing {
  if (promotions === null) return storedPricing(inputs);
  const { currency } = order;
  if (promotions.length === 0) {
    return { linePromo: () => '0', shipmentPromo: () => '0', adjustments: [] };
  }
  const outcome = calculatePromotions(cartSnapshot(order, inputs, planned), promotions);
  const byId = new Map(promotions.map((promotion) => [promotion.id, promotion]));
  const lines = new Map(outcome.lines.map((line) => [line.lineId, line.discount.negated()]));
  const shipments = new Map(
    outcome.shipments.map((shipment) => [shipment.shipmentId, shipment.discount.negated()]),
  );
  return {
    linePromo: (id) => (lines.get(id) ?? Money.zero(currency)).toString(),
    shipmentPromo: (id) => (shipments.get(id) ?? Money.zero(currency)).toString(),
    adjustments: outcome.applied.flatMap((applied) =>
      applied.adjustments.map((adjustment) => ({
        adjustableType: adjustment.adjustableType,
        adjustableKey: adjustment.adjustableId,
        byLocation: adjustment.adjustableType === 'shipment',
        promotionId: applied.promotionId,
        label: byId.get(applied.promotionId)!.name,
        description: byId.get(applied.promotionId)!.description ?? null,
        amount: adjustment.amount.negated().toString(),
      })),
    ),
  };
}

/** The calculator's view of the cart; a shipment is known by its stock location. */
function cartSnapshot(
  order: Pick<Order, 'currency' | 'customerId'>,
  inputs: RecalculationInputs,
  planned: PlannedShipment[],
): CartSnapshot {
  const { currency } = order;
  const facts = inputs.buyerFacts;
  return {
    currency,
    lines: inputs.lines.map((line) => ({
      id: line.id,
      variantId: line.variant_id,
      productId: line.product_id,
      categoryIds: line.category_ids ?? [],
      unitPrice: Money.of(line.price, currency),
      quantity: line.quantity,
    })),
    shipments: planned.map((shipment) => ({
      id: shipment.locationId,
      cost: Money.of(shipment.cost, currency),
    })),
    customer: {
      signedIn: order.customerId !== null,
      ...(order.customerId !== null && { id: order.customerId }),
      tagIds: facts?.tags ?? [],
      placedOrderCount: facts?.ordered_before ? 1 : 0,
    },
    ...(inputs.shipCountry && {
      shipAddress: { countryIso: inputs.shipCountry, zoneIds: facts?.zone_ids ?? [] },
    }),
  };
}

/**
 * A placed order's discounts as stored; a line staff have since made smaller keeps at most its
 * new amount off, so that no line goes below zero.
 */
function storedPricing(inputs: RecalculationInputs): PromotionPricing {
  const lines = new Map(
    inputs.lines.map((line) => [
      line.id,
      Decimal.max(
        line.promo_total,
        new Decimal(line.price).times(line.quantity).negated(),
      ).toString(),
    ]),
  );
  const locations = new Map(inputs.shipments.map((s) => [s.id, s.location_id]));
  const shipments = new Map<string, Decimal>();
  for (const adjustment of inputs.promotions) {
    if (adjustment.adjustableType !== 'shipment') continue;
    const location = locations.get(adjustment.adjustableKey);
    if (location === undefined) continue;
    shipments.set(location, (shipments.get(location) ?? new Decimal(0)).plus(adjustment.amount));
  }
  return {
    linePromo: (id) => lines.get(id) ?? '0',
    shipmentPromo: (id) => (shipments.get(id) ?? new Decimal(0)).toString(),
  };
}

/**
 * The promotion adjustments to write, undefined when they are stored already. `storedShipments`
 * (shipment id by location) names a shipment that stays; without it, every shipment is written
 * anew and its adjustments name it by location.
 */
export function changedPromotions(
  pricing: PromotionPricing,
  stored: StoredPromotionAdjustment[],
  storedShipments?: Map<string, string>,
): PromotionWrite[] | undefined {
  const next = pricing.adjustments?.map((promo) => {
    const existing = promo.byLocation ? storedShipments?.get(promo.adjustableKey) : undefined;
    return {
      ...promo,
      adjustableKey: existing ?? promo.adjustableKey,
      byLocation: promo.byLocation && existing === undefined,
    };
  });
  return next && !samePromotions(stored, next) ? next : undefined;
}

function samePromotions(stored: StoredPromotionAdjustment[], next: PromotionWrite[]): boolean {
  if (next.some((promo) => promo.byLocation) || stored.length !== next.length) return false;
  const key = (promo: StoredPromotionAdjustment) =>
    JSON.stringify([
      promo.adjustableType,
      promo.adjustableKey,
      promo.promotionId,
      promo.label,
      new Decimal(promo.amount).toString(),
    ]);
  const keys = stored.map(key).sort();
  return next
    .map(key)
    .sort()
    .every((text, index) => text === keys[index]);
}

/**
 * The promotions whose discounts the cart had (`stored`) and its new ones leave out; none for a
 * placed order, which keeps what it has.
 */
export function droppedPromotions(
  pricing: PromotionPricing,
  stored: StoredPromotionAdjustment[],
): { id: string; name: string }[] {
  if (!pricing.adjustments) return [];
  const kept = new Set(pricing.adjustments.map((promo) => promo.promotionId));
  const gone = new Map(
    stored
      .filter((promo) => !kept.has(promo.promotionId))
      .map((promo) => [promo.promotionId, promo.label]),
  );
  return [...gone].map(([id, name]) => ({ id, name }));
}
