import type { EntityManager } from 'typeorm';
import type { Order } from './entities/order.entity.js';

/** One transition of an order, or of one of its payments or shipments (`subjectId`). */
export interface StateTransition {
  order: Pick<Order, 'id' | 'storeId'>;
  name: 'order' | 'payment' | 'shipment';
  subjectId?: string | null;
  from: string | null;
  to: string;
}

/** Appends one transition to the order's history (`state_changes`). */
export async function recordStateChange(
  manager: EntityManager,
  { order, name, subjectId = null, from, to }: StateTransition,
): Promise<void> {
  await manager.query(
    `INSERT INTO state_changes (store_id, order_id, name, subject_id, previous_state, next_state)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [order.storeId, order.id, name, subjectId, from, to],
  );
}
