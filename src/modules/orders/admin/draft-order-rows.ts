import type { EntityManager } from 'typeorm';
import type { Order } from '../entities/order.entity.js';
import { insertNewOrder } from '../new-order-row.js';
import { issueOrderToken } from '../order-tokens.js';

/** What a new draft order starts with. */
export type DraftOrderFields = Pick<Order, 'storeId' | 'currency' | 'email' | 'customerId'>;

/** Inserts a draft order (channel `admin`). Its token is never shown: staff reach it by id. */
export function insertDraftOrder(manager: EntityManager, fields: DraftOrderFields): Promise<Order> {
  return insertNewOrder(manager, {
    ...fields,
    tokenDigest: issueOrderToken().digest,
    channel: 'admin',
  });
}
