import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedIn } from '../../platform/database/prepared-sql.js';
import { CardPayments } from './card-payments.js';
import { HOLD_LEASE, HoldLeases, newHoldId } from './payment-hold-lease.js';
import { PaymentSessionsService } from './payment-sessions/payment-sessions.service.js';

/** A payment whose holder's lease ran out, as a take-over claimed it. */
export interface LeftPayment {
  id: string;
  order_id: string;
  store_id: string;
  placed: boolean;
  authorized: boolean;
  session: boolean;
}

/** Which payments a take-over looks at: one order's, or any (a sweep's batch). */
export type LeftScope = { orderId: string } | { grace: string; limit: number };

/** How long a payment whose gateway did not answer waits before recovery tries it again. */
const RETRY_AFTER = '1 minute';

/**
 * Takes over card payments whose holder's lease ran out (the process died, or gave up) and
 * finishes them the way the holder would have: a placed order's payment is captured with its
 * authorization and the order settled (its completion events published); a cart's authorization
 * is voided and the payment given back to checkout, for the next completion to authorize anew; a
 * payment session's authorized payment is captured and the session completed, one never
 * authorized is dropped and the session reopened. A payment is never authorized again while it
 * may still be captured, so it is charged once. The take-over claims the payments (a new
 * `held_by` and lease) in one statement, skipping rows another taker locks: two never take the
 * same one.
 */
@Injectable()
export class HeldPaymentRecovery {
  private readonly logger = new Logger('PaymentRecovery');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cards: CardPayments,
    private readonly sessions: PaymentSessionsService,
    private readonly leases: HoldLeases,
  ) {}

  /** Takes over and finishes the left payments of `scope`; answers how many were taken. */
  async recover(scope: LeftScope): Promise<number> {
    const holdId = newHoldId();
    const left = await this.takeOver(scope, holdId);
    if (left.length === 0) return 0;
    const lease = this.leases.keep(holdId);
    let settled = true;
    for (const payment of left) {
      try {
        settled = (await this.finish(payment, holdId)) && settled;
      } catch (error) {
        settled = false;
        this.logger.warn(`Could not finish payment ${payment.id}: ${String(error)}`);
      }
    }
    // What the gateway did not answer for is tried again later.
    await lease.end(settled, RETRY_AFTER);
    return left.length;
  }

  private async takeOver(scope: LeftScope, holdId: string): Promise<LeftPayment[]> {
    const ofOrder = 'orderId' in scope;
    const { rows } = await preparedIn<LeftPayment>(
      this.dataSource.manager,
      ofOrder ? 'held_payments_take_over_order' : 'held_payments_take_over',
      `WITH expired AS (
         SELECT p.id FROM payments p
         WHERE p.state = 'processing' AND ${
           ofOrder
             ? 'p.order_id = $3 AND (p.held_until < now() OR p.held_until IS NULL)'
             : '(p.held_until < now() - $3::interval OR p.held_until IS NULL)'
         }
         ORDER BY p.id LIMIT $4 FOR UPDATE OF p SKIP LOCKED)
       UPDATE payments p SET held_by = $1, held_until = now() + $2::interval, updated_at = now()
       FROM expired, orders o
       WHERE p.id = expired.id AND o.id = p.order_id
       RETURNING p.id::text AS id, p.order_id::text AS order_id, p.store_id::text AS store_id,
         o.completed_at IS NOT NULL AS placed, p.response_code IS NOT NULL AS authorized,
         EXISTS (SELECT 1 FROM payment_sessions s WHERE s.payment_id = p.id) AS session`,
      ofOrder
        ? [holdId, HOLD_LEASE, scope.orderId, 50]
        : [holdId, HOLD_LEASE, scope.grace, scope.limit],
    );
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  /** Whether the payment is no longer held once done (false: its gateway did not answer). */
  private async finish(payment: LeftPayment, holdId: string): Promise<boolean> {
    if (payment.session) {
      await this.sessions.finishHeld(payment.id);
    } else if (payment.placed) {
      await this.cards.settlePlaced(payment.order_id, [await this.cards.capture(payment.id)]);
    } else {
      await this.cards.release(
        { id: payment.order_id, storeId: payment.store_id },
        [payment.id],
        holdId,
      );
    }
    return !(await this.cards.isHeld(payment.id));
  }
}
