import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Money } from '../../common/money/money.js';
import { type ModelChange, ModelEvents } from '../../events/index.js';
import { StoreCredit } from './store-credit.entity.js';
import type { StoreCreditRecord } from './store-credit.serializer.js';

/** A credit row as its events render it, from the table aliased `alias`. */
function creditColumns(alias: string): string {
  return `${alias}.id::text AS id, ${alias}.store_id::text AS "storeId",
  ${alias}.customer_id::text AS "customerId", ${alias}.currency, ${alias}.amount::text AS amount,
  ${alias}.amount_used::text AS "amountUsed", ${alias}.memo, ${alias}.category,
  ${alias}.created_by_staff_user_id::text AS "createdByStaffUserId",
  ${alias}.created_by_api_key_id::text AS "createdByApiKeyId", ${alias}.created_at AS "createdAt",
  ${alias}.updated_at AS "updatedAt"`;
}

const CREDIT_COLUMNS = creditColumns('store_credits');

/** A credit as a statement that changed it answers it (`spendAllSql`). */
export type ChangedCredit = StoreCreditRecord & { storeId: string };

/**
 * A data-modifying statement (for a `WITH` clause) spending credit `ids[i]` by `amounts[i]` (SQL
 * expressions of a bigint[] and a numeric[], one entry per credit) in store `storeId`, each with
 * the conditional update of `spend`; it answers the credits it spent (`ChangedCredit`), so fewer
 * rows than credits means one was no longer there to spend.
 */
export function spendAllSql(ids: string, amounts: string, storeId: string): string {
  return `UPDATE store_credits credit
    SET amount_used = credit.amount_used + spending.amount, updated_at = now()
    FROM unnest(${ids}, ${amounts}) AS spending(id, amount)
    WHERE credit.id = spending.id AND credit.store_id = ${storeId}
      AND credit.amount - credit.amount_used >= spending.amount
    RETURNING ${creditColumns('credit')}`;
}

/** `store_credit.updated` for each credit a statement changed, to publish with other changes. */
export function creditChanges(credits: readonly ChangedCredit[]): ModelChange[] {
  return credits.map((credit) => ({ model: CREDIT_MODEL, action: 'updated', record: credit }));
}

const CREDIT_MODEL = 'store_credit';

/** A portion of one credit to spend. */
export interface CreditDraw {
  storeCreditId: string;
  amount: string;
}

/** A customer's store credits: what is left, and spending it exactly once. */
@Injectable()
export class StoreCreditWallet {
  constructor(private readonly events: ModelEvents) {}

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
       ORDER BY created_at, store_credits.id`,
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
   * more than is left, whatever runs concurrently. The update takes the credit's row lock, so it
   * serializes with staff edits, which hold that lock (`SELECT … FOR UPDATE`) from their "unused?"
   * check to their commit: it waits for the edit and then checks the edited row, and an edit
   * after it waits for it and then sees the credit used.
   */
  async spend(manager: EntityManager, storeCreditId: string, amount: string): Promise<boolean> {
    return this.change(
      manager,
      `UPDATE store_credits SET amount_used = amount_used + $2, updated_at = now()
       WHERE id = $1 AND amount - amount_used >= $2 RETURNING ${CREDIT_COLUMNS}`,
      [storeCreditId, amount],
    );
  }

  /** Gives back what a voided payment had spent. */
  async refund(manager: EntityManager, storeCreditId: string, amount: string): Promise<void> {
    await this.change(
      manager,
      `UPDATE store_credits SET amount_used = amount_used - $2, updated_at = now()
       WHERE id = $1 RETURNING ${CREDIT_COLUMNS}`,
      [storeCreditId, amount],
    );
  }

  /** Runs a conditional update of one credit; publishes `store_credit.updated` if it changed. */
  private async change(
    manager: EntityManager,
    sql: string,
    parameters: unknown[],
  ): Promise<boolean> {
    const [rows]: [(StoreCreditRecord & { storeId: string })[], number] = await manager.query(
      sql,
      parameters,
    );
    if (rows.length === 0) return false;
    // A row read by SQL: the entity class names the model (`store_credit`).
    await this.events.updated({ manager, storeId: rows[0].storeId }, StoreCredit, rows[0]);
    return true;
  }
}
