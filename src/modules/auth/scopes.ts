/** What scopes are about; each comes as `read_<resource>` and `write_<resource>`. */
export const SCOPE_RESOURCES = [
  'orders',
  'products',
  'customers',
  'payments',
  'fulfillments',
  'store_credits',
  'gift_cards',
  'stock',
  'promotions',
  'settings',
  'webhooks',
  'api_keys',
] as const;

export type ScopeResource = (typeof SCOPE_RESOURCES)[number];
export type Scope = `${'read' | 'write'}_${ScopeResource | 'all'}`;

export const ALL_SCOPES: readonly Scope[] = (['read', 'write'] as const).flatMap((access) =>
  [...SCOPE_RESOURCES, 'all' as const].map((resource) => `${access}_${resource}` as Scope),
);

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (ALL_SCOPES as readonly string[]).includes(value);
}

/**
 * Whether a holder of `held` may act under `required`: `write_x` implies `read_x`,
 * `write_all` implies every scope and `read_all` every `read_` scope.
 */
export function grants(held: readonly string[], required: Scope): boolean {
  const [access, ...rest] = required.split('_');
  const resource = rest.join('_');
  const satisfying = new Set([required, `write_${resource}`, 'write_all']);
  if (access === 'read') satisfying.add('read_all');
  return held.some((scope) => satisfying.has(scope));
}

/** The scopes in `requested` that `held` does not grant. */
export function excessScopes(held: readonly string[], requested: readonly Scope[]): Scope[] {
  return requested.filter((scope) => !grants(held, scope));
}
