import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import { CartCodes } from '../../promotions/index.js';
import type { OrderChange } from '../order-change.js';
import { OrderChanges } from '../order-changes.js';
import { OrderLookup } from '../order-lookup.js';
import { OrderRecalculator } from '../order-recalculator.js';
import type { OrderView } from '../order.serializer.js';
import type { CartCaller } from './cart-caller.js';
import { CartPresenter } from './cart-presenter.js';

/**
 * Discount codes on a cart (v3 `discount_codes`, v2 `apply_coupon_code`): each change is one
 * transaction that enters or removes the code, recalculates the cart and answers it.
 */
@Injectable()
export class CartDiscountCodes {
  constructor(
    private readonly lookup: OrderLookup,
    private readonly changes: OrderChanges,
    private readonly recalculator: OrderRecalculator,
    private readonly presenter: CartPresenter,
    private readonly codes: CartCodes,
  ) {}

  /** Enters `code`; 422 `validation_error` on `code` saying why when it is refused. */
  apply(caller: CartCaller, cartId: string, code: unknown): Promise<OrderView> {
    if (typeof code !== 'string' || code.trim() === '') {
      throw new StoreError('validation_error', 'A discount code is required', {
        code: ["can't be blank"],
      });
    }
    return this.change(caller, cartId, ({ manager, order }) =>
      this.codes.apply(manager, order, code),
    );
  }

  /** Takes `code` off; 404 `record_not_found` when the cart does not carry it. */
  remove(caller: CartCaller, cartId: string, code: string): Promise<OrderView> {
    return this.change(caller, cartId, async ({ manager, order }) => {
      if (!(await this.codes.remove(manager, order.id, code))) {
        throw new StoreError('record_not_found', 'The cart has no such discount code');
      }
    });
  }

  /** Takes every code off. */
  removeAll(caller: CartCaller, cartId: string): Promise<OrderView> {
    return this.change(caller, cartId, async ({ manager, order }) => {
      await this.codes.removeAll(manager, order.id);
    });
  }

  private change(
    caller: CartCaller,
    cartId: string,
    work: (change: OrderChange) => Promise<void>,
  ): Promise<OrderView> {
    return this.changes.run(this.lookup.cart(caller, cartId), undefined, async (change) => {
      await work(change);
      await this.recalculator.recalculate(change, { renderedNext: true });
      return this.presenter.present(change, caller);
    });
  }
}
