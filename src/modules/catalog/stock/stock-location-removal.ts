import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';

interface LocationUse {
  on_hand: number;
  open_shipments: number;
  past_shipments: number;
}

/**
 * Refuses to delete a location that still holds units or that orders ship (or shipped) from:
 * `resource_invalid` naming each reason. Shipments belong to orders, which sit above the catalog,
 * so their table is read directly. A location with history can be deactivated instead.
 */
export async function assertRemovable(manager: EntityManager, locationId: string): Promise<void> {
  const [use]: LocationUse[] = await manager.query(
    `SELECT
       (SELECT COALESCE(SUM(GREATEST(count_on_hand, 0)), 0)::int FROM stock_items
        WHERE stock_location_id = $1) AS on_hand,
       (SELECT count(*)::int FROM shipments
        WHERE stock_location_id = $1 AND state NOT IN ('shipped', 'canceled')) AS open_shipments,
       (SELECT count(*)::int FROM shipments
        WHERE stock_location_id = $1 AND state IN ('shipped', 'canceled')) AS past_shipments`,
    [locationId],
  );
  const details: Record<string, string[]> = {};
  if (use.on_hand > 0) {
    details.count_on_hand = [`the location holds ${use.on_hand} units on hand`];
  }
  if (use.open_shipments > 0) {
    details.shipments = [`${use.open_shipments} shipments from the location are not shipped yet`];
  } else if (use.past_shipments > 0) {
    details.shipments = ['orders shipped from the location; deactivate it instead (active: false)'];
  }
  if (Object.keys(details).length > 0) {
    throw new StoreError(
      'resource_invalid',
      'The stock location is in use and cannot be deleted',
      details,
    );
  }
}
