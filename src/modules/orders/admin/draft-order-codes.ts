import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { CartCodes } from '../../promotions/index.js';
import type { Order } from '../entities/order.entity.js';

/**
 * Staff's coupon codes on a draft order, entered and refused by the Store API's rules
 * (`CartCodes`). The caller recalculates the order after.
 */
@Injectable()
export class DraftOrderCodes {
  constructor(private readonly codes: CartCodes) {}

  /**
   * `PATCH`'s `coupon_code`: a code is entered (422 on `code` when refused), unless the order
   * already carries it, since a client may send the order's fields back unchanged; `null` takes
   * every code off.
   */
  async set(manager: EntityManager, order: Order, code: string | null | undefined): Promise<void> {
    if (code === undefined) return;
    if (code === null) {
      await this.codes.removeAll(manager, order.id);
      return;
    }
    if (code.trim() === '') {
      throw new StoreError('validation_error', 'A coupon code is required', {
        code: ["can't be blank"],
      });
    }
    if (!(await this.codes.carries(manager, order.id, code))) {
      await this.codes.apply(manager, order, code);
    }
  }

  /** A new draft's code: one that is refused is left out, as Spree's draft creation does. */
  async enterIfValid(
    manager: EntityManager,
    order: Order,
    code: string | undefined,
  ): Promise<void> {
    try {
      await this.set(manager, order, code);
    } catch (error) {
      if (!(error instanceof StoreError && error.code === 'validation_error')) throw error;
    }
  }

  /** Takes `code` off; 404 `record_not_found` when the order does not carry it. */
  async remove(manager: EntityManager, order: Order, code: string): Promise<void> {
    if (!(await this.codes.remove(manager, order.id, code))) {
      throw new StoreError('record_not_found', 'The order has no such coupon code');
    }
  }
}
