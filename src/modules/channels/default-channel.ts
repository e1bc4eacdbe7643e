import type { EntityManager } from 'typeorm';
import { Channel } from './channel.entity.js';

/** The code of the channel every store starts with, as Spree names it. */
export const DEFAULT_CHANNEL_CODE = 'online';

/** Gives a new store its default channel, `Online Store` (`online`), in the store's transaction. */
export async function createDefaultChannel(manager: EntityManager, storeId: string): Promise<void> {
  await manager.insert(Channel, {
    storeId,
    name: 'Online Store',
    code: DEFAULT_CHANNEL_CODE,
    active: true,
    isDefault: true,
  });
}
