import type { EntityManager } from 'typeorm';
import type { Order } from './entities/order.entity.js';

/**
 * Adds `amount` (decimal text) to what the order's reimbursements gave back, which counts as paid
 * (see `derivePaymentState`), in the caller's transaction.
 */
export async function addReimbursed(
  manager: EntityManager,
  order: Order,
  amount: string,
): Promise<void> {
  const [[{ reimbursed }]]: [{ reimbursed: string }[]] = await manager.query(
    `UPDATE orders SET reimbursed_total = reimbursed_total + $2 WHERE id = $1
     RETURNING reimbursed_total::text AS reimbursed`,
    [order.id, amount],
  );
  order.reimbursedTotal = reimbursed;
}
