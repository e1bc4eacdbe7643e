import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { normalizedCode } from '../codes/code-generator.js';
import { customerKeys } from '../usage/customer-keys.js';
import { type CodeRefusal, codeRefusalSql, codeRefused } from './code-refusals.js';

/** The cart a code is entered on, as `CartCodes` needs it. */
export interface CodeCart {
  id: string;
  storeId: string;
  customerId: string | null;
  email: string | null;
}

/**
 * Codes entered on carts. A code that exists and can be used now is kept on the cart even when the
 * cart does not qualify yet (its promotion applies with the first recalculation that finds it
 * eligible); any other is refused and not stored. The caller recalculates the cart after.
 */
@Injectable()
export class CartCodes {
  /** Enters `entered` (any case, padded or not); 422 on `code` when it is refused. */
  async apply(manager: EntityManager, cart: CodeCart, entered: string): Promise<void> {
    const code = normalizedCode(entered);
    const [row] = (await manager.query(
      `WITH found AS (
         SELECT c.id, c.promotion_id, ${codeRefusalSql('p', 'c', '$4::text[]')} AS refusal
         FROM coupon_codes c JOIN promotions p ON p.id = c.promotion_id
         WHERE c.store_id = $1 AND c.code = $2),
       entered AS (
         INSERT INTO order_promotions (store_id, order_id, promotion_id, coupon_code_id, code)
         SELECT $1, $3, promotion_id, id, $2 FROM found WHERE refusal IS NULL
         ON CONFLICT (order_id, promotion_id) DO NOTHING
         RETURNING id)
       SELECT EXISTS (SELECT 1 FROM found) AS found, (SELECT refusal FROM found) AS refusal,
              EXISTS (SELECT 1 FROM entered) AS entered`,
      [cart.storeId, code, cart.id, customerKeys(cart)],
    )) as { found: boolean; refusal: CodeRefusal | null; entered: boolean }[];
    if (!row.found) throw codeRefused(entered.trim(), 'unknown');
    if (row.refusal !== null) throw codeRefused(entered.trim(), row.refusal);
    if (!row.entered) throw codeRefused(entered.trim(), 'already_applied');
  }

  /** Whether the cart carries `entered`. */
  async carries(manager: EntityManager, cartId: string, entered: string): Promise<boolean> {
    const rows = (await manager.query(
      `SELECT 1 FROM order_promotions WHERE order_id = $1 AND code = $2`,
      [cartId, normalizedCode(entered)],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Takes `entered` off the cart; false when the cart does not carry it. */
  async remove(manager: EntityManager, cartId: string, entered: string): Promise<boolean> {
    const [, removed] = (await manager.query(
      `DELETE FROM order_promotions WHERE order_id = $1 AND code = $2`,
      [cartId, normalizedCode(entered)],
    )) as [unknown, number];
    return removed > 0;
  }

  /** Takes every code off the cart; how many it carried. */
  async removeAll(manager: EntityManager, cartId: string): Promise<number> {
    const [, removed] = (await manager.query(`DELETE FROM order_promotions WHERE order_id = $1`, [
      cartId,
    ])) as [unknown, number];
    return removed;
  }
}
