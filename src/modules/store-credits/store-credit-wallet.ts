import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Money } from '../../common/money/money.js';

/** A portion of one credit to spend. */
export interface CreditDraw {
  storeCreditId: string;
  amount: string;
}

/** A customer's store credits: what is left, and spending it exactly once. */
@Injectable()
export class StoreCreditWallet {
  /**
   * Draws up to `wanted` from the customer's credits of this store and currency, oldest first,
   * without spending anything yet (that happens when the order is placed).
   */
  async plan(
    manager: EntityManager,
    owner: { storeId: string; customerId: string; currency: string },
    wanted: string,
  ): Promise<CreditDraw[]> {
    const credits: { id: string; remaining: string }[] = await manager.query(
      `SELECT id::text AS id, (amount - amount_used)::text AS remaining FROM store_credits
       WHERE store_id = $1 AND customer_id = $2 AND currency = $3 AND amount > amount_used
       ORDER BY created_at, id`,
      [owner.storeId, owner.customerId, owner.currency],
    );
    let left = Money.of(wanted, owner.currency);
    const draws: CreditDraw[] = [];
    for (const credit of credits) {
      if (left.isZero() || left.isNegative()) break;
      const amount = left.min(Money.of(credit.remaining, owner.currency)).round();
      if (amount.isZero()) continue;
      draws.push({ storeCreditId: credit.id, amount: amount.toString() });
      left = left.minus(amount);
    }
    return draws;
  }

  /**
   * Spends `amount` of a credit with a conditional update: it fails (false) rather than spend
   * more than is left, whatever runs concurrently.
   */
  async spend(manager: EntityManager, storeCreditId: string, amount: string): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE store_credits SET amount_used = amount_used + $2, updated_at = now()
       WHERE id = $1 AND amount - amount_used >= $2`,
      [storeCreditId, amount],
    );
    return count === 1;
  }

  /** Gives back what a voided payment had spent. */
  async refund(manager: EntityManager, storeCreditId: string, amount: string): Promise<void> {
    await manager.query(
      `UPDATE store_credits SET amount_used = amount_used - $2, updated_at = now() WHERE id = $1`,
      [storeCreditId, amount],
    );
  }
}
