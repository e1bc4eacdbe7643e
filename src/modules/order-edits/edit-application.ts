import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { type StockCause, type StockMovement, StockLedger } from '../catalog/index.js';
import { type Order, type OrderChange, OrderLines, OrderRecalculator } from '../orders/index.js';
import type { OrderEditItem } from './entities/order-edit.entity.js';

/** Units of each variant the order holds, and whether the variant's stock is counted. */
interface HeldVariant {
  quantity: number;
  tracked: boolean;
}

/**
 * Applies an edit's line changes to its order inside the order's change: lines set, added or
 * removed, the order recalculated (totals, taxes, its kept promotions, unshipped shipments planned
 * again), and the difference in units taken from or given back to stock through the ledger with
 * movements naming the order. Refuses an order that is not placed and complete, or that shipped
 * any unit (422 `cart_invalid_state`).
 */
@Injectable()
export class EditApplication {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly lines: OrderLines,
    private readonly recalculator: OrderRecalculator,
    private readonly ledger: StockLedger,
  ) {}

  async apply(change: OrderChange, items: readonly OrderEditItem[]): Promise<void> {
    const { manager, order } = change;
    await ensureEditable(manager, order);
    const before = await heldVariants(manager, order.id);
    for (const item of items) {
      const variantId = this.ids.decode(ID_PREFIX.variant, item.variant_id);
      if (!variantId) throw variantNotFound();
      await this.setQuantity(manager, order, variantId, before.get(variantId), item.quantity);
    }
    const after = await heldVariants(manager, order.id);
    if (after.size === 0) {
      throw new StoreError('resource_invalid', 'An edit cannot remove every line of the order', {
        items: ['the order must keep at least one line'],
      });
    }
    await this.recalculator.recalculate(change);
    const { taken, givenBack } = stockDifference(before, after);
    await this.ledger.giveBack(manager, order.storeId, givenBack, cause(order, 'cancel'));
    await this.ledger.take(manager, order.storeId, taken, cause(order, 'sale'));
  }

  /**
   * A line the order has changes in place (its price as charged); a new one is written by the
   * rules every channel shares (`OrderLines`), which also check that the variant is for sale.
   */
  private async setQuantity(
    manager: EntityManager,
    order: Order,
    variantId: string,
    held: HeldVariant | undefined,
    quantity: number,
  ): Promise<void> {
    if (!held) {
      if (quantity === 0) {
        throw new StoreError('line_item_not_found', 'The order has no line of that variant');
      }
      await this.lines.set(manager, order, variantId, quantity, { known: true });
      return;
    }
    if (quantity === 0) {
      await manager.query('DELETE FROM line_items WHERE order_id = $1 AND variant_id = $2', [
        order.id,
        variantId,
      ]);
      return;
    }
    await manager.query(
      `UPDATE line_items SET quantity = $3, updated_at = now()
       WHERE order_id = $1 AND variant_id = $2`,
      [order.id, variantId, quantity],
    );
  }
}

/**
 * Only a complete order none of whose units shipped is edited: its shipments are re-planned and
 * its stock moved as a whole, which a shipped unit would contradict, as would a canceled
 * fulfillment (its units back in stock already).
 */
async function ensureEditable(manager: EntityManager, order: Order): Promise<void> {
  if (order.state !== 'complete') {
    throw new StoreError('cart_invalid_state', `A ${order.state} order cannot be edited`);
  }
  const [settled]: { state: string }[] = await manager.query(
    `SELECT state FROM shipments WHERE order_id = $1 AND state IN ('shipped', 'canceled') LIMIT 1`,
    [order.id],
  );
  if (settled?.state === 'shipped') {
    throw new StoreError('cart_invalid_state', 'An order that shipped units cannot be edited');
  }
  if (settled) {
    throw new StoreError(
      'cart_invalid_state',
      'An order with a canceled fulfillment cannot be edited; resume the fulfillment first',
    );
  }
}

async function heldVariants(manager: EntityManager, orderId: string) {
  const rows: { variant_id: string; quantity: number; tracked: boolean }[] = await manager.query(
    `SELECT li.variant_id::text AS variant_id, li.quantity, v.track_inventory AS tracked
       FROM line_items li JOIN variants v ON v.id = li.variant_id
      WHERE li.order_id = $1`,
    [orderId],
  );
  return new Map<string, HeldVariant>(
    rows.map((row) => [row.variant_id, { quantity: row.quantity, tracked: row.tracked }]),
  );
}

/** Units to take and to give back per tracked variant, in variant order (as the ledger asks). */
function stockDifference(
  before: Map<string, HeldVariant>,
  after: Map<string, HeldVariant>,
): { taken: StockMovement[]; givenBack: StockMovement[] } {
  const taken: StockMovement[] = [];
  const givenBack: StockMovement[] = [];
  const variants = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) =>
    BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0,
  );
  for (const variantId of variants) {
    const was = before.get(variantId);
    const now = after.get(variantId);
    if (!(was ?? now)!.tracked) continue;
    const delta = (now?.quantity ?? 0) - (was?.quantity ?? 0);
    if (delta > 0) taken.push({ variantId, quantity: delta });
    if (delta < 0) givenBack.push({ variantId, quantity: -delta });
  }
  return { taken, givenBack };
}

function cause(order: Order, action: 'sale' | 'cancel'): StockCause {
  return { action, originatorType: 'order', originatorId: order.id, reason: order.number };
}

function variantNotFound(): StoreError {
  return new StoreError('variant_not_found', 'The variant does not exist or is not for sale');
}
