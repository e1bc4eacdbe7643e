import type { EntityManager } from 'typeorm';
import { ID_PREFIX } from '../../../common/ids/id-prefixes.js';
import type { PublicIdCodec } from '../../../common/ids/public-id.js';
import { Store } from '../../stores/index.js';
import { OperatorInputError } from './operator-input.js';

/** The database key of the store an operator names by its public id (`store_…`). */
export async function storeKeyOf(
  manager: EntityManager,
  ids: PublicIdCodec,
  storePublicId: string,
): Promise<string> {
  const id = ids.decode(ID_PREFIX.store, storePublicId);
  if (!id || !(await manager.exists(Store, { where: { id } })))
    throw new OperatorInputError(`No store with id ${storePublicId}`);
  return id;
}
