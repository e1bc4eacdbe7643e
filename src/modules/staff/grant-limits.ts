import { StoreError } from '../../common/errors/store-error.js';
import { excessScopes, isScope, type Principal } from '../auth/index.js';

/** The scopes the caller acts with: a secret key's or a staff token's (a customer has none). */
const heldBy = (caller: Principal): string[] => (caller.kind === 'customer' ? [] : caller.scopes);

/**
 * Nobody grants more than they hold: creating, changing or deleting a role, or giving a staff
 * user a role (or changing one who has it), needs every scope of that role. Refused with 403
 * `access_denied` naming the first missing scope as `details.required_scope`.
 */
export function assertCanGrant(caller: Principal, scopes: readonly string[]): void {
  const excess = excessScopes(heldBy(caller), scopes.filter(isScope));
  if (excess.length === 0) return;
  throw new StoreError(
    'access_denied',
    `This needs the ${excess[0]} scope: nobody grants scopes they lack (${excess.join(', ')})`,
    { required_scope: excess[0], excess_scopes: excess },
  );
}

/** Staff users may not change their own role, deactivate or delete themselves. */
export function assertNotSelf(caller: Principal, staffUserId: string, change: string): void {
  if (caller.kind === 'staff' && caller.staffUserId === staffUserId) {
    throw new StoreError('access_denied', `Staff users cannot ${change} themselves`);
  }
}
