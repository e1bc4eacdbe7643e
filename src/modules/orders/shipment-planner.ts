import { Injectable } from '@nestjs/common';
import { Money } from '../../common/money/money.js';
import { type DeliveryOption, deliveryCost } from '../shipping/index.js';

/** What the planner needs of a line item. */
export interface ShippableLine {
  id: string;
  variantId: string;
  quantity: number;
  amount: string;
}

/** A stock item of a line's variant at an active location. */
export interface StockRow {
  variant_id: string;
  stock_location_id: string;
  count_on_hand: number;
  backorderable: boolean;
}

/** Everything planning needs, read beforehand (see `readRecalculationInputs`). */
export interface PlanningInputs {
  currency: string;
  lines: ShippableLine[];
  /** The delivery methods that serve the destination, in the store's order. */
  methods: DeliveryOption[];
  /** The lines' stock items, the default location's first, then by location. */
  stock: StockRow[];
  /** The store's first active location, for lines that no location stocks. */
  defaultLocationId: string | null;
  /** The delivery method selected now on the shipment leaving from each location. */
  selectedByLocation: ReadonlyMap<string, string>;
}

export interface PlannedRate {
  methodId: string;
  cost: string;
  selected: boolean;
}

/** A shipment after planning: its cost is the selected rate's. */
export interface PlannedShipment {
  locationId: string;
  lineIds: string[];
  cost: string;
  taxCategory: string | null;
  rates: PlannedRate[];
}

interface LocationGroup {
  locationId: string;
  lineIds: string[];
  quantity: number;
  itemTotal: Money;
}

/**
 * Splits an order into one shipment per stock location and prices every delivery method that
 * serves the destination for each shipment. A rate the shopper selected stays selected while its
 * method still applies; otherwise the cheapest one is selected. Where no method delivers, the
 * order has no shipments at all: a shipment always has a rate. Pure: the caller reads the inputs
 * and writes the plan (rates are upserted there, so their ids stay stable across re-planning).
 */
export function planShipments(inputs: PlanningInputs): PlannedShipment[] {
  const { methods, currency } = inputs;
  if (methods.length === 0 || inputs.lines.length === 0) return [];
  return groupByLocation(inputs).map((group) => {
    const costs = methods.map((method) =>
      deliveryCost(
        {
          calculator: method.calculator,
          amount: method.amount,
          minimumAmount: method.minimumAmount,
        },
        { itemTotal: group.itemTotal.toString(), quantity: group.quantity },
        currency,
      ),
    );
    const previous = inputs.selectedByLocation.get(group.locationId);
    let selected = methods.findIndex((method) => method.id === previous);
    if (selected < 0) selected = cheapest(costs, currency);
    return {
      locationId: group.locationId,
      lineIds: group.lineIds,
      cost: costs[selected],
      taxCategory: methods[selected].taxCategory,
      rates: methods.map((method, index) => ({
        methodId: method.id,
        cost: costs[index],
        selected: index === selected,
      })),
    };
  });
}

/** `planShipments` as a provider, for the recalculator. */
@Injectable()
export class ShipmentPlanner {
  plan(inputs: PlanningInputs): PlannedShipment[] {
    return planShipments(inputs);
  }
}

function groupByLocation(inputs: PlanningInputs): LocationGroup[] {
  const groups = new Map<string, LocationGroup>();
  for (const line of inputs.lines) {
    const items = inputs.stock.filter((row) => row.variant_id === line.variantId);
    const chosen =
      items.find((row) => row.backorderable || row.count_on_hand >= line.quantity) ?? items[0];
    const locationId = chosen?.stock_location_id ?? inputs.defaultLocationId;
    if (locationId === null) throw new Error('The store has no active stock location');
    const group = groups.get(locationId) ?? {
      locationId,
      lineIds: [],
      quantity: 0,
      itemTotal: Money.zero(inputs.currency),
    };
    group.lineIds.push(line.id);
    group.quantity += line.quantity;
    group.itemTotal = group.itemTotal.plus(line.amount);
    groups.set(locationId, group);
  }
  return [...groups.values()];
}

function cheapest(costs: string[], currency: string): number {
  let best = 0;
  costs.forEach((cost, index) => {
    if (Money.of(cost, currency).compare(costs[best]) < 0) best = index;
  });
  return best;
}
