import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PaymentSettlement } from '../admin/payments/payment-settlement.js';
import { OrderChanges } from '../order-changes.js';
import { HoldLeases, newHoldId } from '../payment-hold-lease.js';
import { OPERATION_RETRY_AFTER, orderByKey } from './gateway-operation-runner.js';
import type { ClaimedOperation } from './payment-operation.js';
import { PaymentOperationEffects } from './payment-operation-effects.js';
import { PaymentOperations } from './payment-operations.js';

/**
 * Settles gateway operations their holder left pending (it died between the call and the
 * settling, or the gateway did not answer it): each is taken over, its gateway asked what it did
 * under the operation's idempotency key (or the call retried under it, which the gateway does at
 * most once), and what was done applied to the order in one change, with the order's payment
 * total and states; one the gateway never received is refused. The money moves once: an
 * operation is applied only by the claim that marks it done.
 */
@Injectable()
export class PaymentOperationRecovery {
  private readonly logger = new Logger('PaymentRecovery');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly operations: PaymentOperations,
    private readonly effects: PaymentOperationEffects,
    private readonly changes: OrderChanges,
    private readonly settlement: PaymentSettlement,
    private readonly leases: HoldLeases,
  ) {}

  /** Takes over and settles left operations whose lease ran out `grace` ago; answers how many. */
  async recover(grace: string, limit: number): Promise<number> {
    const holdId = newHoldId();
    const left = await this.operations.takeOver(holdId, grace, limit);
    if (left.length === 0) return 0;
    const lease = this.leases.keepOperations(holdId);
    let settled = true;
    for (const operation of left) {
      try {
        settled = (await this.settle(operation)) && settled;
      } catch (error) {
        settled = false;
        this.logger.warn(`Could not settle operation ${operation.id}: ${String(error)}`);
      }
    }
    await lease.end(settled, OPERATION_RETRY_AFTER);
    return left.length;
  }

  /** Whether the operation is settled (false: its gateway still gave no answer). */
  private async settle(operation: ClaimedOperation): Promise<boolean> {
    const outcome = await this.operations.ask(operation);
    if (outcome.kind === 'unknown') return false;
    if (outcome.kind === 'refused') {
      await this.operations.markRefused(this.dataSource.manager, operation, outcome.message);
      return true;
    }
    await this.changes.settle(orderByKey(operation.storeId, operation.orderId), async (change) => {
      if (!(await this.operations.markDone(change.manager, operation, outcome.reference))) return;
      await this.effects.apply(change, operation, outcome);
      await this.settlement.settle(change);
    });
    return true;
  }
}
