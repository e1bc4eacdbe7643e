import type { DataSource, EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import { type PublicIdCodec, publicIdCodecFor } from '../../../common/ids/public-id.js';
import type { AppConfig } from '../../../config/index.js';
import { CACHE_TOPIC, type CacheInvalidation } from '../../../platform/cache/index.js';
import { flagDefaultStore } from '../default-store.js';
import { existingStoreKey } from '../store-keys.js';

/** A bad operator input; its message is one line meant for the terminal. */
export class StoreOperatorInputError extends Error {
  override name = 'StoreOperatorInputError';
}

/** Which store becomes the default: a public id (`store_…`), or null for none. */
export interface DefaultStoreInput {
  storePublicId: string | null;
}

export interface DefaultStoreOutput {
  default_store_id: string | null;
  previous_default_store_id: string | null;
}

async function namedStore(manager: EntityManager, ids: PublicIdCodec, storePublicId: string) {
  const storeId = await existingStoreKey(manager, ids, storePublicId);
  if (!storeId) throw new StoreOperatorInputError(`No store with id ${storePublicId}`);
  return storeId;
}

/** `stores set-default --store <id>` or `stores clear-default`. */
export function parseDefaultStoreCommand(options: { store?: string }): DefaultStoreInput {
  if (options.store === undefined) return { storePublicId: null };
  const storePublicId = options.store.trim();
  if (!storePublicId) throw new StoreOperatorInputError('--store is required');
  return { storePublicId };
}

/**
 * `store-cli stores set-default` / `clear-default`: flags the store that answers storefront
 * requests for hosts no store claims (or un-flags it), in one transaction, then tells every
 * process to drop the hosts it resolved.
 */
export async function defaultStoreCommand(
  dataSource: DataSource,
  config: AppConfig,
  input: DefaultStoreInput,
  invalidation: CacheInvalidation,
): Promise<DefaultStoreOutput> {
  const ids = publicIdCodecFor(config.ID_ALPHABET);
  const { storeId, previousId } = await dataSource.transaction(async (manager) => {
    const storeId =
      input.storePublicId === null ? null : await namedStore(manager, ids, input.storePublicId);
    return { storeId, previousId: await flagDefaultStore(manager, storeId) };
  });
  // Any store's key drops every process's hosts; the stores' own entries go too.
  for (const id of new Set([storeId, previousId])) {
    if (id !== null) await invalidation.invalidate(CACHE_TOPIC.store, id);
  }
  return {
    default_store_id: storeId === null ? null : ids.encode(ID_PREFIX.store, storeId),
    previous_default_store_id: previousId === null ? null : ids.encode(ID_PREFIX.store, previousId),
  };
}
