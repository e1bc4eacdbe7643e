import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { AddItemBody, SetQuantityBody } from '../dto/cart.body.js';
import type { Order } from '../entities/order.entity.js';
import { OrderLines, validQuantity } from '../order-lines.js';
import { OrderLookup } from '../order-lookup.js';
import type { OrderChange } from '../order-change.js';
import { OrderChanges } from '../order-changes.js';
import { OrderRecalculator } from '../order-recalculator.js';
import type { OrderView } from '../order.serializer.js';
import type { CartCaller } from './cart-caller.js';
import { CartPresenter } from './cart-presenter.js';

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
    const quantity = body.quantity === undefined ? 1 : validQuantity(body.quantity);
    return this.change(caller, publicId, body.state_lock_version, ({ manager, order }) =>
      this.lines.add(manager, order, body.variant_id, quantity, body.metadata),
    );
  }

  /** Sets a line's quantity and/or merges metadata into the line's. */
  setQuantity(
    caller: CartCaller,
    publicId: string,
    itemId: string,
    body: SetQuantityBody,
  ): Promise<OrderView> {
    const onlyMetadata = body.quantity === undefined && body.metadata !== undefined;
    const quantity = onlyMetadata ? undefined : validQuantity(body.quantity);
    return this.change(caller, publicId, body.state_lock_version, async ({ manager, order }) => {
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

  remove(caller: CartCaller, publicId: string, itemId: string): Promise<OrderView> {
    return this.change(caller, publicId, undefined, async ({ manager, order }) => {
      const line = await this.line(manager, order, itemId);
      await manager.query('DELETE FROM line_items WHERE id = $1', [line.id]);
    });
  }

  /** Removes every line (the cart itself, its addresses and payments stay). */
  empty(caller: CartCaller, publicId: string): Promise<OrderView> {
    return this.change(caller, publicId, undefined, async ({ manager, order }) => {
      await manager.query('DELETE FROM line_items WHERE order_id = $1', [order.id]);
    });
  }

  private change(
    caller: CartCaller,
    publicId: string,
    expectedVersion: number | undefined,
    edit: (change: OrderChange) => Promise<void>,
  ): Promise<OrderView> {
    return this.changes.run(this.lookup.cart(caller, publicId), expectedVersion, async (change) => {
      await edit(change);
      await this.recalculator.recalculate(change);
      return this.presenter.present(change, caller);
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
