import type { Scope } from '../auth/index.js';

/** What can carry tags: its contract name, the table holding the tags, the scope to read them. */
export const TAGGABLE_TYPES = {
  'Store::Product': { table: 'products', scope: 'read_products' },
  'Store::Order': { table: 'orders', scope: 'read_orders' },
  'Store::User': { table: 'customers', scope: 'read_customers' },
} as const satisfies Record<string, { table: string; scope: Scope }>;

export type TaggableType = keyof typeof TAGGABLE_TYPES;

export function isTaggableType(value: unknown): value is TaggableType {
  return typeof value === 'string' && Object.hasOwn(TAGGABLE_TYPES, value);
}

/** The scope that reads each kind's tags. */
export const TAGGABLE_SCOPES: Record<TaggableType, Scope> = Object.fromEntries(
  Object.entries(TAGGABLE_TYPES).map(([type, { scope }]) => [type, scope]),
) as Record<TaggableType, Scope>;
