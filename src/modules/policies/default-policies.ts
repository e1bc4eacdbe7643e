import type { EntityManager } from 'typeorm';
import { Policy } from './policy.entity.js';

/** The policies every store starts with, without text, as Spree creates them. */
export const DEFAULT_POLICIES = [
  { name: 'Terms of Service', slug: 'terms-of-service' },
  { name: 'Privacy Policy', slug: 'privacy-policy' },
  { name: 'Returns Policy', slug: 'returns-policy' },
  { name: 'Shipping Policy', slug: 'shipping-policy' },
] as const;

/** Gives a new store its default policies, in the store's transaction. */
export async function createDefaultPolicies(
  manager: EntityManager,
  storeId: string,
): Promise<void> {
  await manager.insert(
    Policy,
    DEFAULT_POLICIES.map((policy) => ({ storeId, ...policy, body: null })),
  );
}
