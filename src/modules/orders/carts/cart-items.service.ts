import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { AddItemBody, SetQuantityBody } from '../dto/cart.body.js';
import type { Order } from '../entities/order.entity.js';
import { OrderLines, validQuantity } from '../order-lines.js';
import { OrderLookup, type OrderTarget } from '../order-lookup.js';
import type { OrderChange } from '../order-change.js';
import { OrderChanges } from '../order-changes.js';
import { OrderRecalculator } from '../order-recalculator.js';
import type { OrderView } from '../order.serializer.js';
import type { CartCaller } from './cart-caller.js';
import { CartPresenter } from './cart-presenter.js';

/**
 * Which order lines are edited in (its `admit` refuses what the caller may not edit) and how the
 * order is rendered once they are.
 */
export interface ItemsTarget<View extends OrderView = OrderView> {
  target: OrderTarget;
  present(change: OrderChange): Promise<View>;
}

/** Line items of a cart: add, change quantity, remove, empty. */
@Injectable()
export class CartItemsService {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly recalculator: OrderRecalculator,
    private readonly presenter: CartPresenter,
    private readonly lines: OrderLines,
  ) {}

  /** Adds units of a variant (to its line, if the cart has one). */
  add(caller: CartCaller, publicId: string, body: AddItemBody): Promise<OrderView> {
    return this.addTo(this.cart(caller, publicId), body);
  }

  /** Sets a line's quantity and/or merges metadata into the line's. */
  setQuantity(
    caller: CartCaller,
    publicId: string,
    itemId: string,
    body: SetQuantityBody,
  ): Promise<OrderView> {
    return this.setQuantityIn(this.cart(caller, publicId), itemId, body);
  }

  remove(caller: CartCaller, publicId: string, itemId: string): Promise<OrderView> {
    return this.removeFrom(this.cart(caller, publicId), itemId);
  }

  /** Removes every line (the cart itself, its addresses and payments stay). */
  empty(caller: CartCaller, publicId: string): Promise<OrderView> {
    return this.change(this.cart(caller, publicId), undefined, async ({ manager, order }) => {
      await manager.query('DELETE FROM line_items WHERE order_id = $1', [order.id]);
    });
  }

  /** `add` on any order a caller may edit lines of (the Admin API's draft orders, say). */
  addTo<View extends OrderView>(items: ItemsTarget<View>, body: AddItemBody): Promise<View> {
    const quantity = body.quantity === undefined ? 1 : validQuantity(body.quantity);
    return this.changes.run(items.target, body.state_lock_version, async (change) => {
      // The line is written by the statement that reads the order for its recalculation.
      const lineWrite = this.lines.addition(change.order, body.variant_id, quantity, body.metadata);
      await this.recalculator.recalculate(change, { renderedNext: true, lineWrite });
      return items.present(change);
    });
  }

  /** `setQuantity` on any order a caller may edit lines of. */
  setQuantityIn<View extends OrderView>(
    items: ItemsTarget<View>,
    itemId: string,
    body: SetQuantityBody,
  ): Promise<View> {
    const onlyMetadata = body.quantity === undefined && body.metadata !== undefined;
    const quantity = onlyMetadata ? undefined : validQuantity(body.quantity);
    return this.change(items, body.state_lock_version, async ({ manager, order }) => {
      const line = await this.line(manager, order, itemId);
      if (quantity === undefined) {
        await this.lines.mergeMetadata(manager, order, line.id, body.metadata ?? {});
        return;
      }
      await this.lines.set(manager, order, line.variant_id, quantity, {
        known: true,
        metadata: body.metadata,
      });
    });
  }

  /** `remove` on any order a caller may edit lines of. */
  removeFrom<View extends OrderView>(items: ItemsTarget<View>, itemId: string): Promise<View> {
    return this.change(items, undefined, async ({ manager, order }) => {
      const line = await this.line(manager, order, itemId);
      await manager.query('DELETE FROM line_items WHERE id = $1', [line.id]);
    });
  }

  /** The caller's cart, rendered for it with its token. */
  private cart(caller: CartCaller, publicId: string): ItemsTarget {
    return {
      target: this.lookup.cart(caller, publicId),
      present: (change) => this.presenter.present(change, caller),
    };
  }

  private change<View extends OrderView>(
    items: ItemsTarget<View>,
    expectedVersion: number | undefined,
    edit: (change: OrderChange) => Promise<void>,
  ): Promise<View> {
    return this.changes.run(items.target, expectedVersion, async (change) => {
      await edit(change);
      await this.recalculator.recalculate(change, { renderedNext: true });
      return items.present(change);
    });
  }

  private async line(
    manager: EntityManager,
    order: Order,
    itemId: string,
  ): Promise<{ id: string; variant_id: string }> {
    const id = this.ids.decode(ID_PREFIX.lineItem, itemId);
    const [line]: { id: string; variant_id: string }[] = id
      ? await manager.query(
          'SELECT id::text AS id, variant_id::text AS variant_id FROM line_items WHERE id = $1 AND order_id = $2',
          [id, order.id],
        )
      : [];
    if (!line) throw new StoreError('line_item_not_found', 'The line item is not in this cart');
    return line;
  }
}
