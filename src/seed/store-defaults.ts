import type { EntityManager } from 'typeorm';
import { createDefaultChannel } from '../modules/channels/index.js';
import { createDefaultPolicies } from '../modules/policies/index.js';
import { createDefaultReturnReasons } from '../modules/returns/index.js';

/**
 * What every new store starts with: its `online` sales channel, its empty policies and its
 * return reasons.
 */
export async function createStoreDefaults(manager: EntityManager, storeId: string): Promise<void> {
  await createDefaultChannel(manager, storeId);
  await createDefaultPolicies(manager, storeId);
  await createDefaultReturnReasons(manager, storeId);
}
