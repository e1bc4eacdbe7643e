import type { EntityManager } from 'typeorm';
import { entityColumns, entityFromRow } from '../../platform/database/entity-rows.js';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { Order } from './entities/order.entity.js';
import { randomOrderNumber } from './order-tokens.js';

const NUMBER_ATTEMPTS = 5;

/**
 * What a new cart or draft order starts with. A cart keeps its token sealed too (`CartTokens`);
 * a draft order, whose token nobody is given, need not.
 */
export type NewOrderFields = Pick<
  Order,
  'storeId' | 'currency' | 'email' | 'customerId' | 'tokenDigest' | 'channel'
> &
  Partial<Pick<Order, 'tokenSealed'>>;

/** Inserts a cart or draft order under a number that is free in its store, retrying on the rare collision. */
export async function insertNewOrder(
  manager: EntityManager,
  fields: NewOrderFields,
): Promise<Order> {
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt += 1) {
    const { rows } = await preparedIn<Record<string, unknown>>(
      manager,
      'order_insert_new',
      `INSERT INTO orders
         (store_id, number, token_digest, currency, email, customer_id, channel, token_sealed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (store_id, number) DO NOTHING
       RETURNING ${entityColumns(manager, Order, 'orders')}`,
      [
        fields.storeId,
        randomOrderNumber(),
        fields.tokenDigest,
        fields.currency,
        fields.email,
        fields.customerId,
        fields.channel,
        fields.tokenSealed ?? null,
      ],
    );
    if (rows.length > 0) return entityFromRow(manager, Order, rows[0]);
  }
  throw new Error('Could not find a free order number');
}
