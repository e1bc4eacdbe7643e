import type { EntityManager } from 'typeorm';

/**
 * The default store answers storefront requests whose host no store claims. Flagging it is the
 * operator's decision (the CLI, the demo seed), never a store's own: the Admin API refuses the
 * flag. The partial unique index `stores_default_key` allows one flagged store.
 */

/** Flags `storeId` as the default store, or none with null; answers the previous default's id. */
export async function flagDefaultStore(
  manager: EntityManager,
  storeId: string | null,
): Promise<string | null> {
  const [previous] = (await manager.query(
    `SELECT id::text AS id FROM stores WHERE is_default FOR UPDATE`,
  )) as { id: string }[];
  if (previous?.id === storeId) return previous.id;
  // Un-flagged first: the index allows one flagged row at any moment of the transaction.
  if (previous) await setFlag(manager, previous.id, false);
  if (storeId) await setFlag(manager, storeId, true);
  return previous?.id ?? null;
}

/** Flags `storeId` when no store is flagged yet (a first store on a new database); true if so. */
export async function flagDefaultStoreIfNone(
  manager: EntityManager,
  storeId: string,
): Promise<boolean> {
  const [{ count }] = (await manager.query(
    `WITH flagged AS (
       UPDATE stores SET is_default = true, updated_at = now()
       WHERE id = $1::bigint AND NOT EXISTS (SELECT 1 FROM stores WHERE is_default) RETURNING id)
     SELECT count(*)::int AS count FROM flagged`,
    [storeId],
  )) as { count: number }[];
  return count > 0;
}

async function setFlag(manager: EntityManager, storeId: string, flag: boolean): Promise<void> {
  await manager.query(
    `UPDATE stores SET is_default = $2, updated_at = now() WHERE id = $1::bigint`,
    [storeId, flag],
  );
}
