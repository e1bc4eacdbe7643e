import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import type { PublicIdCodec } from '../../common/ids/public-id.js';
import { Store } from './store.entity.js';

/** The database key of the store a public id (`store_…`) names, when that store exists. */
export async function existingStoreKey(
  manager: EntityManager,
  ids: PublicIdCodec,
  storePublicId: string,
): Promise<string | undefined> {
  const id = ids.decode(ID_PREFIX.store, storePublicId);
  return id && (await manager.exists(Store, { where: { id } })) ? id : undefined;
}
