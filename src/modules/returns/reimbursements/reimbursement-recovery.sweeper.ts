import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../config/index.js';
import { Money } from '../../../common/money/money.js';
import { PeriodicSweeper } from '../../../platform/scheduling/periodic-sweeper.js';
import { refundReason } from './reimbursement-refunds.js';
import { ReimbursementSettling } from './reimbursement-settling.js';

const SWEEP_EVERY_MS = 30_000;
const BATCH = 20;
/** Longer than any run of a reimbursement's refunds: a live process is never overtaken. */
const GRACE = '10 minutes';

interface LeftReimbursement {
  id: string;
  storeId: string;
  orderId: string;
  number: string;
  total: string;
  currency: string;
}

/**
 * Settles reimbursements a crash left `pending` between their claim and their settling: in
 * worker processes, those untouched for `GRACE` whose order has no gateway operation pending (the
 * payments' own recovery settles those first). Each is `reimbursed` when the refunds recorded
 * for it add up to its total, else `errored` (see `ReimbursementSettling`); no refund is made
 * here, so none is made twice.
 */
@Injectable()
export class ReimbursementRecoverySweeper extends PeriodicSweeper {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settling: ReimbursementSettling,
    config: AppConfig,
  ) {
    super(config, 'ReimbursementRecovery', SWEEP_EVERY_MS);
  }

  /** Settles one batch of reimbursements left pending `grace` ago; answers how many. */
  sweepOnce(grace = GRACE): Promise<number> {
    return this.exclusively(async () => {
      const left: LeftReimbursement[] = await this.dataSource.query(
        `SELECT r.id::text AS id, r.store_id::text AS "storeId", r.order_id::text AS "orderId",
                r.number, o.currency,
                -- An exchange refunds what its new units cost less than the returned ones.
                CASE WHEN r.kind = 'exchange' THEN r.total - r.exchange_total ELSE r.total END::text
                  AS total
           FROM reimbursements r JOIN orders o ON o.id = r.order_id
          WHERE r.state = 'pending' AND r.updated_at < now() - $1::interval
            AND NOT EXISTS (SELECT 1 FROM payment_operations po
                             WHERE po.order_id = r.order_id AND po.state = 'pending')
          ORDER BY r.id LIMIT $2`,
        [grace, BATCH],
      );
      for (const reimbursement of left) await this.settle(reimbursement);
      return left.length;
    });
  }

  private async settle(reimbursement: LeftReimbursement): Promise<void> {
    const refunds: { id: string; amount: string }[] = await this.dataSource.query(
      `SELECT id::text AS id, amount::text AS amount FROM refunds
        WHERE order_id = $1 AND reason = $2 ORDER BY id`,
      [reimbursement.orderId, refundReason(reimbursement.number)],
    );
    const { currency } = reimbursement;
    const refunded = Money.sum(
      refunds.map((refund) => Money.of(refund.amount, currency)),
      currency,
    );
    const complete = refunded.compare(Money.of(reimbursement.total, currency)) >= 0;
    await this.settling.settle(reimbursement, {
      refundIds: refunds.map((refund) => refund.id),
      ...(complete ? {} : { failure: 'Interrupted before all its refunds were made' }),
    });
  }
}
