import type {
  EntityManager,
  EntityTarget,
  FindOptionsRelations,
  FindOptionsWhere,
  ObjectLiteral,
} from 'typeorm';
import { StoreError } from '../errors/store-error.js';
import type { IdPrefix } from '../ids/id-prefixes.js';
import type { PublicIdCodec } from '../ids/public-id.js';

/**
 * The row of one store behind a public id, optionally locked for an update or read with relations
 * in the same statement; a malformed id, an unknown one and one of another store are all 404
 * `record_not_found` naming `what`.
 */
export async function findStoreRecord<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  lookup: { ids: PublicIdCodec; prefix: IdPrefix; storeId: string; publicId: string; what: string },
  { lock = false, relations }: { lock?: boolean; relations?: FindOptionsRelations<T> } = {},
): Promise<T> {
  const id = lookup.ids.decode(lookup.prefix, lookup.publicId);
  const row = id
    ? await manager.findOne(entity, {
        where: { id, storeId: lookup.storeId } as unknown as FindOptionsWhere<T>,
        ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
        ...(relations ? { relations } : {}),
      })
    : null;
  if (!row) throw StoreError.notFound(lookup.what);
  return row;
}

/** 422 `validation_error` on one field. */
export const fieldInvalid = (field: string, message: string) =>
  new StoreError('validation_error', 'The request failed validation', { [field]: [message] });

/** 422 `resource_invalid`: the record is still used by others, listed in `details`. */
export const stillInUse = (what: string, uses: Record<string, number>) =>
  new StoreError(
    'resource_invalid',
    `The ${what} is still in use and cannot be deleted`,
    Object.fromEntries(
      Object.entries(uses)
        .filter(([, count]) => count > 0)
        .map(([users, count]) => [users, [`${count} ${users.replaceAll('_', ' ')} use it`]]),
    ),
  );

/** Only the fields the request sent (PATCH semantics). */
export function sentFields<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
