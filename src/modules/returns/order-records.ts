import type { EntityManager, EntityTarget, FindOptionsWhere } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import type { IdPrefix } from '../../common/ids/id-prefixes.js';
import type { PublicIdCodec } from '../../common/ids/public-id.js';
import type { Order } from '../orders/index.js';

/** A row that belongs to one order. */
interface OfOrder {
  id: string;
  orderId: string;
}

/**
 * The order's record behind a public id, row-locked when asked; a malformed id, an unknown one and
 * another order's are all 404 `record_not_found` naming `what`.
 */
export async function findOrderRecord<T extends OfOrder>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  lookup: { ids: PublicIdCodec; prefix: IdPrefix; order: Order; publicId: string; what: string },
  lock = false,
): Promise<T> {
  const id = lookup.ids.decode(lookup.prefix, lookup.publicId);
  const found = id
    ? await manager.findOne(entity, {
        where: { id, orderId: lookup.order.id } as FindOptionsWhere<T>,
        ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
      })
    : null;
  if (!found) throw StoreError.notFound(lookup.what);
  return found;
}
