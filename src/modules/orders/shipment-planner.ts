import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Money } from '../../common/money/money.js';
import {
  type DeliveryOption,
  DeliveryOptions,
  deliveryCost,
  type ShippingDestination,
} from '../shipping/index.js';

/** What the planner needs of a line item. */
export interface ShippableLine {
  id: string;
  variantId: string;
  quantity: number;
  amount: string;
}

/** A shipment after planning: its cost is the selected rate's (zero when none is available). */
export interface PlannedShipment {
  id: string;
  cost: string;
  hasSelectedRate: boolean;
  taxCategory: string | null;
}

/** The order being planned and where it ships. */
export interface OrderDestination extends ShippingDestination {
  orderId: string;
}

interface StockRow {
  variant_id: string;
  stock_location_id: string;
  count_on_hand: number;
  backorderable: boolean;
}

interface LocationGroup {
  locationId: string;
  lineIds: string[];
  quantity: number;
  itemTotal: string[];
}

/**
 * Splits an order into one shipment per stock location and prices every delivery method that
 * serves the destination for each shipment. A rate the shopper selected stays selected while its
 * method still applies; otherwise the cheapest one is selected. Rates are upserted, so their ids
 * stay stable across re-planning. The methods and their prices come from the shipping module.
 * Where no method delivers, the order has no shipments at all: a shipment always has a rate.
 */
@Injectable()
export class ShipmentPlanner {
  constructor(private readonly options: DeliveryOptions) {}

  async plan(
    manager: EntityManager,
    destination: OrderDestination,
    lines: ShippableLine[],
  ): Promise<PlannedShipment[]> {
    const methods = await this.options.serving(manager, destination);
    if (methods.length === 0) {
      // Nothing delivers there: no shipments (the checkout asks for a delivery method).
      await this.clear(manager, destination.orderId);
      return [];
    }
    const groups = await this.groupByLocation(manager, destination.storeId, lines);
    const shipmentIds = await this.syncShipments(manager, destination, groups);
    const planned: PlannedShipment[] = [];
    for (const group of groups) {
      const shipmentId = shipmentIds.get(group.locationId)!;
      planned.push(await this.rate(manager, destination, shipmentId, group, methods));
    }
    return planned;
  }

  /** Removes every shipment of an order (no destination, no lines or no delivery there). */
  async clear(manager: EntityManager, orderId: string): Promise<void> {
    await manager.query('DELETE FROM shipments WHERE order_id = $1', [orderId]);
  }

  private async groupByLocation(
    manager: EntityManager,
    storeId: string,
    lines: ShippableLine[],
  ): Promise<LocationGroup[]> {
    const stock: StockRow[] = await manager.query(
      `SELECT si.variant_id::text AS variant_id, si.stock_location_id::text AS stock_location_id,
              si.count_on_hand, si.backorderable
       FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id AND sl.active
       WHERE si.store_id = $1 AND si.variant_id = ANY($2::bigint[])
       ORDER BY sl.is_default DESC, sl.id`,
      [storeId, lines.map((line) => line.variantId)],
    );
    const groups = new Map<string, LocationGroup>();
    let fallback: string | undefined;
    for (const line of lines) {
      const items = stock.filter((row) => row.variant_id === line.variantId);
      const chosen =
        items.find((row) => row.backorderable || row.count_on_hand >= line.quantity) ?? items[0];
      const locationId =
        chosen?.stock_location_id ?? (fallback ??= await this.defaultLocation(manager, storeId));
      const group = groups.get(locationId) ?? {
        locationId,
        lineIds: [],
        quantity: 0,
        itemTotal: [],
      };
      group.lineIds.push(line.id);
      group.quantity += line.quantity;
      group.itemTotal.push(line.amount);
      groups.set(locationId, group);
    }
    return [...groups.values()];
  }

  private async defaultLocation(manager: EntityManager, storeId: string): Promise<string> {
    const [row]: { id: string }[] = await manager.query(
      `SELECT id::text AS id FROM stock_locations WHERE store_id = $1 AND active
       ORDER BY is_default DESC, stock_locations.id LIMIT 1`,
      [storeId],
    );
    if (!row) throw new Error(`Store ${storeId} has no active stock location`);
    return row.id;
  }

  /**
   * One shipment per location in use, recording the lines it carries; shipments of locations no
   * longer used go.
   */
  private async syncShipments(
    manager: EntityManager,
    destination: OrderDestination,
    groups: LocationGroup[],
  ): Promise<Map<string, string>> {
    const locationIds = groups.map((group) => group.locationId);
    await manager.query(
      `DELETE FROM shipments WHERE order_id = $1 AND NOT (stock_location_id = ANY($2::bigint[]))`,
      [destination.orderId, locationIds],
    );
    const rows: { id: string; stock_location_id: string }[] = await manager.query(
      `INSERT INTO shipments (store_id, order_id, stock_location_id, line_item_ids)
       SELECT $1, $2, location, lines::bigint[]
       FROM unnest($3::bigint[], $4::text[]) AS g(location, lines)
       ON CONFLICT (order_id, stock_location_id)
       DO UPDATE SET line_item_ids = EXCLUDED.line_item_ids
       RETURNING id::text AS id, stock_location_id::text AS stock_location_id`,
      [
        destination.storeId,
        destination.orderId,
        locationIds,
        groups.map((group) => `{${group.lineIds.join(',')}}`),
      ],
    );
    return new Map(rows.map((row) => [row.stock_location_id, row.id]));
  }

  private async rate(
    manager: EntityManager,
    destination: OrderDestination,
    shipmentId: string,
    group: LocationGroup,
    methods: DeliveryOption[],
  ): Promise<PlannedShipment> {
    await manager.query(
      `DELETE FROM delivery_rates WHERE shipment_id = $1
       AND NOT (delivery_method_id = ANY($2::bigint[]))`,
      [shipmentId, methods.map((method) => method.id)],
    );
    const itemTotal = group.itemTotal.reduce(
      (sum, amount) => sum.plus(amount),
      Money.zero(destination.currency),
    );
    const costs = methods.map((method) =>
      deliveryCost(
        {
          calculator: method.calculator,
          amount: method.amount,
          minimumAmount: method.minimumAmount,
        },
        { itemTotal: itemTotal.toString(), quantity: group.quantity },
        destination.currency,
      ),
    );
    const [previous]: { delivery_method_id: string }[] = await manager.query(
      `SELECT delivery_method_id::text AS delivery_method_id FROM delivery_rates
       WHERE shipment_id = $1 AND selected`,
      [shipmentId],
    );
    let selected = methods.findIndex((method) => method.id === previous?.delivery_method_id);
    if (selected < 0) selected = cheapest(costs, destination.currency);
    await manager.query(
      `INSERT INTO delivery_rates (store_id, shipment_id, delivery_method_id, cost, selected)
       SELECT $1, $2, method, cost, method = $5::bigint
       FROM unnest($3::bigint[], $4::numeric[]) AS rate(method, cost)
       ON CONFLICT (shipment_id, delivery_method_id)
       DO UPDATE SET cost = EXCLUDED.cost, selected = EXCLUDED.selected, updated_at = now()`,
      [destination.storeId, shipmentId, methods.map((m) => m.id), costs, methods[selected].id],
    );
    await manager.query(`UPDATE shipments SET cost = $2, updated_at = now() WHERE id = $1`, [
      shipmentId,
      costs[selected],
    ]);
    return {
      id: shipmentId,
      cost: costs[selected],
      hasSelectedRate: true,
      taxCategory: methods[selected].taxCategory,
    };
  }
}

function cheapest(costs: string[], currency: string): number {
  let best = 0;
  costs.forEach((cost, index) => {
    if (Money.of(cost, currency).compare(costs[best]) < 0) best = index;
  });
  return best;
}
