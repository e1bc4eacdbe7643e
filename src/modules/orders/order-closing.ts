import type { EntityManager } from 'typeorm';
import type { ShipmentState } from './entities/shipment.entity.js';
import type { Order } from './entities/order.entity.js';
import { recordStateChange } from './state-history.js';

/** Moves every shipment of the order to `next`, recording each real transition; their states. */
export async function moveShipments(
  manager: EntityManager,
  order: Order,
  next: ShipmentState,
): Promise<ShipmentState[]> {
  const [shipments]: [{ id: string; previous: ShipmentState }[], number] = await manager.query(
    `UPDATE shipments s SET state = $2, updated_at = now()
     FROM (SELECT id, state AS previous FROM shipments WHERE order_id = $1) old
     WHERE s.id = old.id
     RETURNING s.id::text AS id, old.previous`,
    [order.id, next],
  );
  for (const shipment of shipments.filter((row) => row.previous !== next)) {
    await recordStateChange(manager, {
      order,
      name: 'shipment',
      subjectId: shipment.id,
      from: shipment.previous,
      to: next,
    });
  }
  return shipments.map(() => next);
}

/**
 * Writes a placed or canceled order's final state, payment and shipment states and its stamp
 * (`completed_at` / `canceled_at`, from the database clock), and records the transition.
 */
export async function closeOrder(
  manager: EntityManager,
  order: Order,
  next: 'complete' | 'canceled',
  previousState: string,
): Promise<void> {
  const stamp = next === 'complete' ? 'completed_at' : 'canceled_at';
  const [[closed]]: [{ stamped_at: Date; updated_at: Date }[]] = await manager.query(
    `UPDATE orders SET state = $2, ${stamp} = now(), payment_total = $3, payment_state = $4,
       shipment_state = $5, updated_at = now()
     WHERE id = $1 RETURNING ${stamp} AS stamped_at, updated_at`,
    [order.id, next, order.paymentTotal, order.paymentState, order.shipmentState],
  );
  order.state = next;
  if (next === 'complete') order.completedAt = closed.stamped_at;
  else order.canceledAt = closed.stamped_at;
  order.updatedAt = closed.updated_at;
  await recordStateChange(manager, { order, name: 'order', from: previousState, to: next });
}
