import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../../common/ids/public-id.js';
import type { Order } from '../entities/order.entity.js';

/**
 * Moves a cart to another currency: every line takes its variant's price there, or nothing
 * changes and the variants without one are named (422). What was arranged in the old currency
 * goes: unprocessed payments (store credit is drawn per currency) and open payment sessions.
 * A cart that has already been paid something stays in its currency.
 */
@Injectable()
export class CartCurrency {
  constructor(private readonly ids: PublicIdCodec) {}

  /** Re-prices the cart in `currency`; the caller writes `orders.currency` with its other fields. */
  async move(manager: EntityManager, order: Order, currency: string): Promise<void> {
    const [{ charged }]: { charged: number }[] = await manager.query(
      `SELECT count(*)::int AS charged FROM payments
       WHERE order_id = $1 AND state IN ('pending', 'processing', 'completed')`,
      [order.id],
    );
    if (charged > 0) {
      throw refusal(`the cart has payments charged in ${order.currency}; it keeps that currency`);
    }
    const unpriced: { variant_id: string }[] = await manager.query(
      `SELECT li.variant_id::text AS variant_id FROM line_items li
       WHERE li.order_id = $1 AND NOT EXISTS (
         SELECT 1 FROM prices pr WHERE pr.variant_id = li.variant_id AND pr.currency = $2)
       ORDER BY li.id`,
      [order.id, currency],
    );
    if (unpriced.length > 0) {
      throw refusal(
        ...unpriced.map(
          (line) =>
            `${this.ids.encode(ID_PREFIX.variant, line.variant_id)} has no price in ${currency}`,
        ),
      );
    }
    await manager.query(
      `UPDATE line_items li SET price = pr.amount, updated_at = now()
       FROM prices pr WHERE li.order_id = $1 AND pr.variant_id = li.variant_id AND pr.currency = $2`,
      [order.id, currency],
    );
    await manager.query(
      `DELETE FROM payments WHERE order_id = $1 AND state = 'checkout'
         AND (store_credit_id IS NOT NULL OR gift_card_id IS NOT NULL)`,
      [order.id],
    );
    await manager.query(
      `UPDATE payments SET state = 'invalid', updated_at = now()
       WHERE order_id = $1 AND state = 'checkout'`,
      [order.id],
    );
    await manager.query(
      `UPDATE payment_sessions SET status = 'canceled', updated_at = now()
       WHERE order_id = $1 AND status = 'pending'`,
      [order.id],
    );
  }
}

function refusal(...messages: string[]): StoreError {
  return new StoreError('validation_error', 'The cart cannot change its currency', {
    currency: messages,
  });
}
