import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What the customers module needs to know about a customer's orders. */
@Injectable()
export class CustomerOrderHistory {
  /** Whether the customer has completed orders (then it may be anonymised but not deleted). */
  async hasCompletedOrders(
    manager: EntityManager,
    storeId: string,
    customerId: string,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM orders
       WHERE store_id = $1 AND customer_id = $2 AND completed_at IS NOT NULL LIMIT 1`,
      [storeId, customerId],
    );
    return rows.length > 0;
  }
}
