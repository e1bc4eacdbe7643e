import type { CartCaller, OrderHistoryQuery, PlacedOrdersService } from '../../orders/index.js';

const ONE_ORDER: OrderHistoryQuery = { page: 1, limit: 1, sort: '-completed_at' };

/** How many orders the signed-in customer has placed (v2's `completed_orders`). */
export async function completedOrderCount(
  orders: PlacedOrdersService,
  caller: CartCaller,
): Promise<number> {
  return (await orders.history(caller, ONE_ORDER, {})).meta.count;
}
