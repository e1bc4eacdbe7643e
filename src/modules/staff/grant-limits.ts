import { StoreError } from '../../common/errors/store-error.js';
import { excessScopes, isScope, type Principal } from '../auth/index.js';

/** The scopes the caller acts with: a secret key's or a staff token's (a customer has none). */
const heldBy = (caller: Principal): string[] => (caller.kind === 'customer' ? [] : caller.scopes);

/**
 * Refuses with 403 `access_denied`, naming the first missing scope as `details.required_scope`,
 * unless the caller holds every one of `scopes` (`write_x` covers `read_x`, `write_all` all).
 */
function assertHoldsAll(
  caller: Principal,
  scopes: readonly string[],
  rule: (excess: readonly string[]) => string,
): void {
  const excess = excessScopes(heldBy(caller), scopes.filter(isScope));
  if (excess.length === 0) return;
  throw new StoreError('access_denied', `This needs the ${excess[0]} scope: ${rule(excess)}`, {
    required_scope: excess[0],
    excess_scopes: excess,
  });
}

/**
 * Nobody grants more than they hold: creating, changing or deleting a role, or giving a staff
 * user a role (or changing one who has it), needs every scope of that role.
 */
export function assertCanGrant(caller: Principal, scopes: readonly string[]): void {
  assertHoldsAll(
    caller,
    scopes,
    (excess) => `nobody grants scopes they lack (${excess.join(', ')})`,
  );
}

/**
 * Nobody takes away more than they hold: revoking or deleting an API key needs every scope of
 * that key, so a narrower key cannot lock a wider integration out. A key holds its own scopes.
 */
export function assertCanManageKey(caller: Principal, keyScopes: readonly string[]): void {
  assertHoldsAll(
    caller,
    keyScopes,
    () => 'only a caller holding every scope of a key may revoke or delete it',
  );
}

/** Staff users may not change their own role, deactivate or delete themselves. */
export function assertNotSelf(caller: Principal, staffUserId: string, change: string): void {
  if (caller.kind === 'staff' && caller.staffUserId === staffUserId) {
    throw new StoreError('access_denied', `Staff users cannot ${change} themselves`);
  }
}
