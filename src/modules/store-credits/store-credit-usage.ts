import type { EntityManager } from 'typeorm';
import { Money } from '../../common/money/money.js';
import type { StoreCredit } from './store-credit.entity.js';

/** Whether any of the credit is spent: its amount is then fixed. */
export function isPartlyUsed(credit: Pick<StoreCredit, 'amountUsed' | 'currency'>): boolean {
  return !Money.of(credit.amountUsed, credit.currency).isZero();
}

/**
 * Whether the credit must be kept: some of it is spent, or it paid for an order even if that
 * payment was voided since (deleting it would take the order's payment record with it). A credit
 * only applied to a cart may go, and its cart payments with it.
 */
export async function mustBeKept(manager: EntityManager, credit: StoreCredit): Promise<boolean> {
  if (isPartlyUsed(credit)) return true;
  const [paid]: unknown[] = await manager.query(
    `SELECT 1 FROM payments WHERE store_credit_id = $1 AND state <> 'checkout' LIMIT 1`,
    [credit.id],
  );
  return paid !== undefined;
}
