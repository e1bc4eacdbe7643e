import type { OrderContext } from './order-snapshot.js';
import { recordStateChange } from './state-history.js';

/**
 * Marks a complete order whose every unit came back accepted as `returned` (Spree's state), in
 * the change's transaction, and records the transition; any other order is left alone.
 */
export async function markOrderReturned({ manager, order }: OrderContext): Promise<void> {
  if (order.state !== 'complete') return;
  await manager.query(`UPDATE orders SET state = 'returned', updated_at = now() WHERE id = $1`, [
    order.id,
  ]);
  await recordStateChange(manager, { order, name: 'order', from: order.state, to: 'returned' });
  order.state = 'returned';
}
