import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { AddItemBody, SetQuantityBody } from '../dto/cart.body.js';
import type { Order } from '../entities/order.entity.js';
import { OrderLookup } from '../order-lookup.js';
import { OrderMutations, type OrderTransaction } from '../order-mutations.js';
import { OrderSettler } from '../order-settler.js';
import type { OrderView } from '../order.serializer.js';
import type { CartCaller } from './cart-caller.js';
import { CartPresenter } from './cart-presenter.js';

/** The largest quantity one line may hold (an integer column, and no sane order needs more). */
const MAX_QUANTITY = 100_000;

/** A purchasable variant: priced in the cart's currency, with what stock allows. */
interface PurchasableVariant {
  id: string;
  price: string;
  tax_category: string;
  /** Units that may still be sold; null when stock does not limit the variant. */
  available: number | null;
  in_cart: number;
}

/** Line items of a cart: add, change quantity, remove. */
@Injectable()
export class CartItems {
  constructor(
    private readonly ids: PublicIdCodec,
    private readonly lookup: OrderLookup,
    private readonly mutations: OrderMutations,
    private readonly settler: OrderSettler,
    private readonly presenter: CartPresenter,
  ) {}

  /** Adds units of a variant (to its line, if the cart has one). */
  add(caller: CartCaller, publicId: string, body: AddItemBody): Promise<OrderView> {
    const quantity = body.quantity === undefined ? 1 : validQuantity(body.quantity);
    return this.change(caller, publicId, body.state_lock_version, async ({ manager, order }) => {
      const variant = await this.purchasable(manager, order, body.variant_id);
      validQuantity(variant.in_cart + quantity);
      ensureStock(variant, variant.in_cart + quantity);
      await manager.query(
        `INSERT INTO line_items (store_id, order_id, variant_id, quantity, price, tax_category)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (order_id, variant_id)
         DO UPDATE SET quantity = line_items.quantity + EXCLUDED.quantity, updated_at = now()`,
        [order.storeId, order.id, variant.id, quantity, variant.price, variant.tax_category],
      );
    });
  }

  /** Sets a line's quantity. */
  setQuantity(
    caller: CartCaller,
    publicId: string,
    itemId: string,
    body: SetQuantityBody,
  ): Promise<OrderView> {
    const quantity = validQuantity(body.quantity);
    return this.change(caller, publicId, body.state_lock_version, async ({ manager, order }) => {
      const line = await this.line(manager, order, itemId);
      const variant = await this.purchasable(manager, order, line.variant_id, { known: true });
      ensureStock(variant, quantity);
      await manager.query('UPDATE line_items SET quantity = $2, updated_at = now() WHERE id = $1', [
        line.id,
        quantity,
      ]);
    });
  }

  remove(caller: CartCaller, publicId: string, itemId: string): Promise<OrderView> {
    return this.change(caller, publicId, undefined, async ({ manager, order }) => {
      const line = await this.line(manager, order, itemId);
      await manager.query('DELETE FROM line_items WHERE id = $1', [line.id]);
    });
  }

  private change(
    caller: CartCaller,
    publicId: string,
    expectedVersion: number | undefined,
    edit: (transaction: OrderTransaction) => Promise<void>,
  ): Promise<OrderView> {
    return this.mutations.run(
      (manager) => this.lookup.cartOf(manager, caller, publicId),
      expectedVersion,
      async (transaction) => {
        await edit(transaction);
        await this.settler.settle(transaction);
        return this.presenter.present(transaction.manager, transaction.order, caller);
      },
    );
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

  /**
   * The variant (by public id, or by internal id with `known`) if a shopper may buy it in this
   * cart: of this store, on sale, priced in the cart's currency. Otherwise `variant_not_found`.
   */
  private async purchasable(
    manager: EntityManager,
    order: Order,
    variantRef: string,
    options: { known?: boolean } = {},
  ): Promise<PurchasableVariant> {
    const id = options.known ? variantRef : this.ids.decode(ID_PREFIX.variant, variantRef);
    const [variant]: PurchasableVariant[] = id
      ? await manager.query(
          `SELECT v.id::text AS id, pr.amount::text AS price, p.tax_category,
             CASE WHEN NOT v.track_inventory OR bool_or(si.backorderable) THEN NULL
                  ELSE COALESCE(SUM(si.count_on_hand), 0)::int END AS available,
             COALESCE((SELECT quantity FROM line_items WHERE order_id = $4 AND variant_id = v.id), 0)
               AS in_cart
           FROM variants v
           JOIN products p ON p.id = v.product_id AND p.status = 'active'
             AND (p.available_on IS NULL OR p.available_on <= now())
           JOIN prices pr ON pr.variant_id = v.id AND pr.currency = $3
           LEFT JOIN stock_items si ON si.variant_id = v.id
             AND si.stock_location_id IN (SELECT id FROM stock_locations WHERE store_id = $2 AND active)
           WHERE v.id = $1 AND v.store_id = $2
           GROUP BY v.id, pr.amount, p.tax_category`,
          [id, order.storeId, order.currency, order.id],
        )
      : [];
    if (!variant) {
      throw new StoreError('variant_not_found', 'The variant does not exist or is not for sale');
    }
    return variant;
  }
}

/** A quantity must be a positive integer (a JSON number, not a string or a fraction). */
function validQuantity(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_QUANTITY) {
    throw new StoreError(
      'invalid_quantity',
      `quantity must be a positive integer no larger than ${MAX_QUANTITY}`,
    );
  }
  return value;
}

function ensureStock(variant: PurchasableVariant, wanted: number): void {
  if (variant.available !== null && wanted > variant.available) {
    throw new StoreError('insufficient_stock', 'The requested quantity exceeds the stock', {
      requested: wanted,
      available: variant.available,
    });
  }
}
