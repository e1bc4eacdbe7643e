import type { EntityManager } from 'typeorm';
import type { PublicIdCodec } from '../../../common/ids/public-id.js';
import { existingStoreKey } from '../../stores/index.js';
import { OperatorInputError } from './operator-input.js';

/** The database key of the store an operator names by its public id (`store_…`). */
export async function storeKeyOf(
  manager: EntityManager,
  ids: PublicIdCodec,
  storePublicId: string,
): Promise<string> {
  const id = await existingStoreKey(manager, ids, storePublicId);
  if (!id) throw new OperatorInputError(`No store with id ${storePublicId}`);
  return id;
}
