import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../config/index.js';
import { PeriodicTask } from '../../platform/scheduling/periodic-task.js';
import { CardPayments } from './card-payments.js';
import { PaymentSessionsService } from './payment-sessions/payment-sessions.service.js';

const SWEEP_EVERY_MS = 60_000;
/**
 * Payments held longer than this were left by a request that died: a live one holds a payment
 * only for its gateway calls, which time out well before.
 */
const GRACE = '10 minutes';
const BATCH = 50;

interface LeftPayment {
  id: string;
  order_id: string;
  store_id: string;
  placed: boolean;
  authorized: boolean;
  session: boolean;
}

/**
 * Finishes card payments a crashed request left `processing` (see `CardPayments`), the way the
 * request would have: a placed order's payment is captured and the order settled (its
 * completion events published); a cart's authorization is voided and the payment given back to
 * checkout; a payment session's authorized payment is captured and the session completed, one
 * never authorized is dropped and the session reopened. Rows are claimed with `FOR UPDATE SKIP
 * LOCKED` and their `updated_at` renewed, so sweepers side by side never take the same one.
 */
@Injectable()
export class PaymentRecoverySweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('PaymentRecovery');
  private readonly periodic = new PeriodicTask<number>(SWEEP_EVERY_MS, () => this.sweepOnce());

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cards: CardPayments,
    private readonly sessions: PaymentSessionsService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic.start(this.config);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.periodic.stop();
  }

  /** Finishes one batch of payments held longer than `grace`; answers how many. */
  sweepOnce(grace = GRACE): Promise<number> {
    return this.periodic.runExclusive(() => this.sweep(grace));
  }

  private async sweep(grace: string): Promise<number> {
    let left: LeftPayment[];
    try {
      left = await this.dataSource.transaction(async (manager) => {
        const rows: LeftPayment[] = await manager.query(
          `SELECT p.id::text AS id, p.order_id::text AS order_id, p.store_id::text AS store_id,
                  o.completed_at IS NOT NULL AS placed, p.response_code IS NOT NULL AS authorized,
                  EXISTS (SELECT 1 FROM payment_sessions s WHERE s.payment_id = p.id) AS session
           FROM payments p JOIN orders o ON o.id = p.order_id
           WHERE p.state = 'processing' AND p.updated_at < now() - $1::interval
           ORDER BY p.id LIMIT ${BATCH} FOR UPDATE OF p SKIP LOCKED`,
          [grace],
        );
        if (rows.length > 0) {
          await manager.query('UPDATE payments SET updated_at = now() WHERE id = ANY($1)', [
            rows.map((row) => row.id),
          ]);
        }
        return rows;
      });
    } catch (error) {
      this.logger.warn(`Payment recovery sweep failed: ${String(error)}`);
      return 0;
    }
    for (const payment of left) {
      try {
        await this.finish(payment);
      } catch (error) {
        this.logger.warn(`Could not finish payment ${payment.id}: ${String(error)}`);
      }
    }
    return left.length;
  }

  private async finish(payment: LeftPayment): Promise<void> {
    if (payment.session) {
      await this.sessions.finishHeld(payment.id);
      return;
    }
    if (payment.placed) {
      await this.cards.settlePlaced(payment.order_id, [await this.cards.capture(payment.id)]);
      return;
    }
    await this.cards.release({ id: payment.order_id, storeId: payment.store_id }, [payment.id]);
  }
}
