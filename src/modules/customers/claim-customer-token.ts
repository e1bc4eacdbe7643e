import type { EntityManager } from 'typeorm';
import type { EmailedTokens } from '../../common/crypto/emailed-tokens.js';
import { StoreError } from '../../common/errors/store-error.js';
import { Customer } from './customer.entity.js';

/** E-mailed tokens that say, when refused, what they are and what to ask for instead. */
export interface CustomerTokens extends EmailedTokens {
  readonly refusal: { name: string; remedy: string };
}

/**
 * Uses up an e-mailed token of the store's customers and answers its customer, locked for the
 * rest of the transaction. A malformed, unknown, replaced, expired or used token, or one whose
 * customer was anonymised since, is 422 `validation_error` on `token`: one answer for all.
 */
export async function claimCustomerToken(
  manager: EntityManager,
  tokens: CustomerTokens,
  storeId: string,
  token: string,
): Promise<Customer> {
  const customerId = await tokens.claim(manager, storeId, token);
  const customer = customerId
    ? await manager.findOne(Customer, {
        where: { id: customerId, storeId },
        lock: { mode: 'pessimistic_write' },
      })
    : null;
  if (customer && !customer.anonymizedAt) return customer;
  const { name, remedy } = tokens.refusal;
  throw new StoreError('validation_error', `The ${name} token is invalid or expired`, {
    token: [`is invalid, expired or already used; ask for ${remedy}`],
  });
}
