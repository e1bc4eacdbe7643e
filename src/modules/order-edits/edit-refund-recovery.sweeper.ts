import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Money } from '../../common/money/money.js';
import { AppConfig } from '../../config/index.js';
import { PeriodicSweeper } from '../../platform/scheduling/periodic-sweeper.js';
import { EditRefunds } from './edit-refunds.js';

const SWEEP_EVERY_MS = 30_000;
const BATCH = 20;
/** Longer than any run of an edit's refunds: a live process is never overtaken. */
const GRACE = '10 minutes';

/** A confirmed edit that owed a credit and never recorded its refunds. */
interface Unrecorded {
  id: string;
  orderId: string;
  credit: string;
  currency: string;
}

/**
 * Records the refunds of confirmed edits a crash interrupted between their confirmation and the
 * recording of their credit's refunds: in worker processes, edits untouched for `GRACE` whose order
 * has no gateway operation pending (the payments' own recovery settles those first). Each is
 * `refunded` when the refunds made under its reason add up to its credit, else `failed`; no refund
 * is made here, so none is made twice.
 */
@Injectable()
export class EditRefundRecoverySweeper extends PeriodicSweeper {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly refunds: EditRefunds,
    config: AppConfig,
  ) {
    super(config, 'OrderEditRefundRecovery', SWEEP_EVERY_MS);
  }

  /** Records one batch of edits left unrecorded `grace` ago; answers how many. */
  sweepOnce(grace = GRACE): Promise<number> {
    return this.exclusively(async () => {
      const left: Unrecorded[] = await this.dataSource.query(
        `SELECT e.id::text AS id, e.order_id::text AS "orderId",
                e.preview->>'credit_owed' AS credit, o.currency
           FROM order_edits e JOIN orders o ON o.id = e.order_id
          WHERE e.state = 'confirmed' AND e.refund_state IS NULL
            AND e.preview->>'outcome' = 'credit_owed' AND e.updated_at < now() - $1::interval
            AND NOT EXISTS (SELECT 1 FROM payment_operations po
                             WHERE po.order_id = e.order_id AND po.state = 'pending')
          ORDER BY e.id LIMIT $2`,
        [grace, BATCH],
      );
      for (const edit of left) await this.recordRefunds(edit);
      return left.length;
    });
  }

  private async recordRefunds(edit: Unrecorded): Promise<void> {
    const made: { id: string; amount: string }[] = await this.dataSource.query(
      `SELECT id::text AS id, amount::text AS amount FROM refunds
        WHERE order_id = $1 AND reason = $2 ORDER BY id`,
      [edit.orderId, this.refunds.reason(edit.id)],
    );
    const refunded = Money.sum(
      made.map((refund) => Money.of(refund.amount, edit.currency)),
      edit.currency,
    );
    const complete = refunded.compare(Money.of(edit.credit, edit.currency)) >= 0;
    await this.refunds.record(
      edit,
      made.map((refund) => refund.id),
      complete ? null : 'Interrupted before all the refunds of the credit were made',
    );
  }
}
