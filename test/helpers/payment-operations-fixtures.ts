import { PaymentRecoverySweeper } from '../../src/modules/orders/payment-recovery.sweeper.js';
import type { TestApp } from './test-app.js';

/** A gateway operation staff asked for, as stored, with what the test gateway did under its key. */
export interface StoredOperation {
  kind: string;
  state: string;
  amount: string | null;
  /** How many times the test gateway was asked to do it (null: never reached). */
  gateway_calls: number | null;
}

/** An order's gateway operations (`payment_operations`), of one payment if given, oldest first. */
export async function operationsOf(
  t: TestApp,
  orderKey: string,
  paymentKey?: string,
): Promise<StoredOperation[]> {
  return t.dataSource.query(
    `SELECT op.kind, op.state, op.amount::numeric(20,2)::text AS amount, g.calls AS gateway_calls
     FROM payment_operations op
     LEFT JOIN test_gateway_operations g ON g.idempotency_key = op.idempotency_key::text
     WHERE op.order_id = $1 AND ($2::bigint IS NULL OR op.payment_id = $2) ORDER BY op.id`,
    [orderKey, paymentKey ?? null],
  );
}

/**
 * Runs the recovery sweep over the order's pending operations as if their holders' leases had
 * run out (as a crash leaves them), until none is pending: another test app's sweeper may take
 * some first, and settles them the same way.
 */
export async function recoverOperations(t: TestApp, orderKey: string): Promise<void> {
  await t.dataSource.query(
    `UPDATE payment_operations SET held_until = now() - interval '1 second'
     WHERE order_id = $1 AND state = 'pending'`,
    [orderKey],
  );
  const sweeper = t.app.get(PaymentRecoverySweeper);
  const deadline = Date.now() + 20_000;
  for (;;) {
    await sweeper.sweepOnce('0 seconds');
    const pending = (await operationsOf(t, orderKey)).filter((op) => op.state === 'pending');
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`Operations still pending: ${pending.length}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
