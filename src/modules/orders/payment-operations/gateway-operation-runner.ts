import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../../common/errors/store-error.js';
import type { OrderChange } from '../order-change.js';
import { conflict, OrderChanges } from '../order-changes.js';
import type { OrderTarget } from '../order-lookup.js';
import type { OrderContext } from '../order-snapshot.js';
import { HoldLeases, newHoldId } from '../payment-hold-lease.js';
import type {
  ClaimedOperation,
  OperationResult,
  PaymentOperationPlan,
} from './payment-operation.js';
import { type AppliedOperation, PaymentOperationEffects } from './payment-operation-effects.js';
import { PaymentOperations } from './payment-operations.js';

/** How long an operation whose gateway did not answer waits before recovery asks about it. */
export const OPERATION_RETRY_AFTER = '1 minute';

/** What a request's claim found: the gateway operations it asks for, and what its settling needs. */
export interface OperationClaim<C> {
  plans: PaymentOperationPlan[];
  context: C;
}

/** An operation's result as settled: one that was done carries what applying it made. */
export interface SettledOperation extends OperationResult {
  applied?: AppliedOperation;
}

/** The parts of a request that calls payment gateways (see `GatewayOperationRunner`). */
export interface OperationSteps<C, T> {
  /** Checks the request against the order as read (writing nothing) and plans its operations. */
  claim(context: OrderContext): Promise<OperationClaim<C>>;
  /**
   * Finishes the request in the change that settles it, once each operation that was done has
   * been applied (`PaymentOperationEffects`). `results` follow the plans up to the first failure
   * (then last), which the runner answers after the change commits.
   */
  settle(change: OrderChange, results: SettledOperation[], context: C): Promise<T>;
}

/**
 * Runs a request that calls payment gateways (capture, void, refund, a cancellation's releases)
 * in three steps, so that no transaction is open, and no order row locked, while a gateway
 * answers: the claim (a short transaction) checks the request and records each operation as
 * pending with an idempotency key (a payment with one pending already is 409); the gateways are
 * called in turn, with no transaction open, stopping at the first failure; a second short
 * transaction (a change of the order, waiting for its row rather than losing to another change)
 * applies what was done and finishes the request. The claim's lease is renewed meanwhile; what a
 * crash leaves pending is settled by `PaymentOperationRecovery`, which asks the gateway by the
 * key. When nothing was done, the order is left as it was.
 *
 * A refusal is answered 422 `gateway_error` (naming the payment), a gateway that does not answer
 * 422 `payment_processing_error`: its operation stays pending for recovery.
 */
@Injectable()
export class GatewayOperationRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly changes: OrderChanges,
    private readonly operations: PaymentOperations,
    private readonly effects: PaymentOperationEffects,
    private readonly leases: HoldLeases,
  ) {}

  async run<C, T>(
    target: OrderTarget,
    expectedVersion: number | undefined,
    steps: OperationSteps<C, T>,
  ): Promise<T> {
    const holdId = newHoldId();
    const { claimed, operations } = await this.dataSource.transaction(async (manager) => {
      const order = await this.changes.read(manager, target, expectedVersion);
      const claimed = await steps.claim({ manager, order });
      const operations =
        claimed.plans.length === 0
          ? []
          : await this.operations.claim({ manager, order }, claimed.plans, holdId);
      return { claimed, operations };
    });
    if (operations.length === 0) {
      // No gateway to wait for: one change, checked again as it then is.
      return this.changes.run(target, expectedVersion, async (change) => {
        const again = await steps.claim(change);
        if (again.plans.length > 0) {
          throw conflict(change.order, 'The order was changed by another request');
        }
        return steps.settle(change, [], again.context);
      });
    }
    const lease = this.leases.keepOperations(holdId);
    // A request that fails on its own leaves its operations to recovery at once, as a crash would.
    let retryAfter: string | undefined = '0 seconds';
    try {
      const results = await this.callInTurn(operations);
      const { answer, settled } = await this.settle(target, operations, results, steps, claimed);
      const failure = settled.find((result) => result.outcome.kind !== 'done');
      retryAfter = failure?.outcome.kind === 'unknown' ? OPERATION_RETRY_AFTER : undefined;
      if (failure) throw failureOf(failure, claimed.plans);
      return answer as T;
    } finally {
      await lease.end(retryAfter === undefined, retryAfter);
    }
  }

  /** Calls the operations' gateways one after the other, up to the first that fails. */
  private async callInTurn(operations: readonly ClaimedOperation[]): Promise<OperationResult[]> {
    const results: OperationResult[] = [];
    for (const operation of operations) {
      const outcome = await this.operations.call(operation);
      results.push({ operation, outcome });
      if (outcome.kind !== 'done') break;
    }
    return results;
  }

  private async settle<C, T>(
    target: OrderTarget,
    operations: readonly ClaimedOperation[],
    results: readonly OperationResult[],
    steps: OperationSteps<C, T>,
    claimed: OperationClaim<C>,
  ): Promise<{ answer?: T; settled: SettledOperation[] }> {
    const uncalled = operations.slice(results.length);
    if (results.every((result) => result.outcome.kind !== 'done')) {
      // Nothing moved at a gateway: only the operations are written, the order stays as it was.
      await this.dataSource.transaction(async (manager) => {
        for (const { operation, outcome } of results) {
          if (outcome.kind === 'refused') {
            await this.operations.markRefused(manager, operation, outcome.message);
          }
        }
        await this.operations.drop(manager, uncalled);
      });
      return { settled: [...results] };
    }
    return this.changes.settle(target, async (change) => {
      const settled: SettledOperation[] = [];
      for (const result of results) {
        settled.push(await this.settleOne(change, result));
      }
      await this.operations.drop(change.manager, uncalled);
      return { answer: await steps.settle(change, settled, claimed.context), settled };
    });
  }

  private async settleOne(change: OrderChange, result: OperationResult): Promise<SettledOperation> {
    const { operation, outcome } = result;
    if (outcome.kind === 'refused') {
      await this.operations.markRefused(change.manager, operation, outcome.message);
    }
    if (outcome.kind !== 'done') return result;
    if (!(await this.operations.markDone(change.manager, operation, outcome.reference))) {
      // Taken over by recovery meanwhile (the lease ran out): the taker settles it.
      return { operation, outcome: { kind: 'unknown' } };
    }
    return { ...result, applied: await this.effects.apply(change, operation, outcome) };
  }
}

/** The answer to a failed operation: refused by its gateway, or not answered. */
function failureOf(result: OperationResult, plans: readonly PaymentOperationPlan[]): StoreError {
  if (result.outcome.kind === 'refused') {
    const plan = plans.find((candidate) => candidate.paymentId === result.operation.paymentId);
    return new StoreError(
      'gateway_error',
      result.outcome.message,
      plan?.publicPaymentId ? { payment_id: [plan.publicPaymentId] } : undefined,
    );
  }
  return new StoreError(
    'payment_processing_error',
    'The payment could not be processed: the payment gateway did not answer; what it did is settled once it is known',
  );
}

/** A target naming an order by its internal id, for work that knows the order exists. */
export function orderByKey(storeId: string, id: string): OrderTarget {
  return {
    storeId,
    id,
    admit: (order) => {
      if (!order) throw StoreError.notFound('order');
      return order;
    },
  };
}
