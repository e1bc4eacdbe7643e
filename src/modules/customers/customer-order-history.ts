import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** What the customers module needs to know about a customer's orders. */
@Injectable()
export class CustomerOrderHistory {
  /**
   * Whether the customer has completed orders (then it may be anonymised but not deleted).
   * There is no orders table yet: the orders issue wires this to it, in the caller's transaction.
   */
  hasCompletedOrders(
    _manager: EntityManager,
    _storeId: string,
    _customerId: string,
  ): Promise<boolean> {
    return Promise.resolve(false);
  }
}
