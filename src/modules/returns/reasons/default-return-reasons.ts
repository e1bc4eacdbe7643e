import type { EntityManager } from 'typeorm';
import { ReturnAuthorizationReason } from '../entities/return-authorization-reason.entity.js';

/** The return reasons every store starts with (the migration gives existing stores the same). */
export const DEFAULT_RETURN_REASONS = [
  'Better price available',
  'Damaged or defective',
  'Different from what was ordered',
  'Different from the description',
  'No longer needed',
  'Accidental order',
  'Unauthorized purchase',
] as const;

/** Gives a new store its default return reasons, in the store's transaction. */
export async function createDefaultReturnReasons(
  manager: EntityManager,
  storeId: string,
): Promise<void> {
  await manager.insert(
    ReturnAuthorizationReason,
    DEFAULT_RETURN_REASONS.map((name) => ({ storeId, name, active: true })),
  );
}
