import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { HeldPaymentRecovery } from './held-payment-recovery.js';

/** The first pause between two looks at an order's held payments, and the longest. */
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 100;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the completion that holds an order's payments: a request that finds a cart being
 * completed answers what that completion did rather than a conflict. A holder whose lease ran
 * out is not waited for: its payments are taken over and finished at once.
 */
@Injectable()
export class PaymentHoldWaits {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly recovery: HeldPaymentRecovery,
  ) {}

  /**
   * Resolves true once no live claim holds a payment of the order (nothing held any more, or the
   * order placed and its holder gone: what it left is the sweep's), taking over the payments of a
   * cart whose holder died; false if a live holder still holds one at `deadline` (epoch ms).
   */
  async untilReleased(orderId: string, deadline: number): Promise<boolean> {
    let wait = FIRST_PAUSE_MS;
    for (;;) {
      const {
        rows: [found],
      } = await preparedIn<{ held: number; live: number; placed: boolean }>(
        this.dataSource.manager,
        'payment_holds_of_order',
        `SELECT count(p.id)::int AS held,
                (count(p.id) FILTER (WHERE p.held_until > now()))::int AS live,
                bool_or(o.completed_at IS NOT NULL) AS placed
         FROM orders o LEFT JOIN payments p ON p.order_id = o.id AND p.state = 'processing'
         WHERE o.id = $1`,
        [orderId],
      );
      // A cart deleted meanwhile is not found by the caller's next read.
      if (!found) return true;
      const { held, live, placed } = found;
      if (held === 0 || (placed && live === 0)) return true;
      // Payments another taker is locking are looked at again after the pause.
      if (!placed && live < held && (await this.recovery.recover({ orderId })) > 0) continue;
      if (Date.now() >= deadline) return false;
      // Jittered, so that many waiters do not look all at once.
      await pause(wait / 2 + Math.random() * wait);
      wait = Math.min(wait * 2, LONGEST_PAUSE_MS);
    }
  }
}
