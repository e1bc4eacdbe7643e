import type { EntityManager } from 'typeorm';
import type { Order } from '../entities/order.entity.js';
import { type OrderLines, validQuantity } from '../order-lines.js';
import type { OrderItemInput } from './dto/order-item.input.js';

/**
 * Sets each listed variant's quantity in the order, with the Store API's rules. Quantities are
 * checked before any line changes; with `zeroRemoves`, a quantity of 0 removes the line.
 */
export async function setItemQuantities(
  lines: OrderLines,
  manager: EntityManager,
  order: Order,
  items: OrderItemInput[],
  options: { zeroRemoves: boolean },
): Promise<void> {
  const quantities = items.map((item) =>
    options.zeroRemoves && item.quantity === 0 ? 0 : validQuantity(item.quantity),
  );
  for (const [index, item] of items.entries()) {
    const quantity = quantities[index];
    if (quantity === 0) await lines.remove(manager, order, item.variant_id);
    else await lines.set(manager, order, item.variant_id, quantity);
  }
}
