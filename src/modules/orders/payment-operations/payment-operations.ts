import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { Money } from '../../../common/money/money.js';
import { isUniqueViolationOf } from '../../../platform/database/database-errors.js';
import {
  type GatewayActionOutcome,
  type GatewayOutcome,
  type PaymentGateway,
  PaymentGateways,
} from '../../payments/index.js';
import { conflict } from '../order-changes.js';
import type { OrderContext } from '../order-snapshot.js';
import { HOLD_LEASE } from '../payment-hold-lease.js';
import type {
  ClaimedOperation,
  OperationOutcome,
  PaymentOperationPlan,
} from './payment-operation.js';

/** One pending operation per payment, and one pending authorization per order. */
const PENDING_KEYS = ['payment_operations_pending_key', 'payment_operations_pending_authorize_key'];

/** `payment_operations` joined to what a gateway call needs, as `ClaimedOperation`. */
const OPERATION_COLUMNS = `op.id::text AS id, op.order_id::text AS "orderId",
  op.store_id::text AS "storeId", op.payment_id::text AS "paymentId", op.kind,
  op.amount::text AS amount, op.idempotency_key::text AS "idempotencyKey", op.details,
  op.held_by::text AS "heldBy", pm.type AS "methodType", o.currency,
  p.response_code AS reference`;

const OPERATION_JOINS = `LEFT JOIN payments p ON p.id = op.payment_id
  JOIN payment_methods pm
    ON pm.id = COALESCE(p.payment_method_id, (op.details->>'payment_method_id')::bigint)
  JOIN orders o ON o.id = op.order_id`;

/**
 * The gateway operations (capture, void, refund) staff ask of payments, each claimed before its
 * gateway is called and settled after: its row (`payment_operations`) carries the idempotency
 * key the gateway gets, the claim holding it and that claim's lease. One payment has one pending
 * operation at most; a claim for another is 409.
 */
@Injectable()
export class PaymentOperations {
  private readonly logger = new Logger('PaymentOperations');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gateways: PaymentGateways,
  ) {}

  /**
   * Records the operations as pending under the claim `holdId` (a new idempotency key each), in
   * the claim's transaction: 409 (`order_already_updated`) when a payment has one pending.
   */
  async claim(
    { manager, order }: OrderContext,
    plans: readonly PaymentOperationPlan[],
    holdId: string,
  ): Promise<ClaimedOperation[]> {
    try {
      return await manager.query(
        `WITH claimed AS (
           INSERT INTO payment_operations (store_id, order_id, payment_id, kind, amount,
             idempotency_key, details, held_by, held_until)
           SELECT $1, $2, u.payment_id, u.kind, u.amount, u.key, u.details, $8,
             now() + $9::interval
           FROM unnest($3::bigint[], $4::text[], $5::numeric[], $6::uuid[], $7::jsonb[])
             WITH ORDINALITY AS u(payment_id, kind, amount, key, details, position)
           ORDER BY u.position
           RETURNING *)
         SELECT ${OPERATION_COLUMNS} FROM claimed op ${OPERATION_JOINS} ORDER BY op.id`,
        [
          order.storeId,
          order.id,
          plans.map((plan) => plan.paymentId),
          plans.map((plan) => plan.kind),
          plans.map((plan) => plan.amount),
          plans.map(() => randomUUID()),
          plans.map((plan) => JSON.stringify(plan.details ?? {})),
          holdId,
          HOLD_LEASE,
        ],
      );
    } catch (error) {
      if (!PENDING_KEYS.some((key) => isUniqueViolationOf(error, key))) throw error;
      const named = plans.flatMap((plan) => plan.publicPaymentId ?? []);
      throw conflict(
        order,
        'Another operation of the payment is in progress at its gateway',
        named.length > 0 ? { payment_id: named } : undefined,
      );
    }
  }

  /** Calls the operation's gateway under its idempotency key; never throws. */
  async call(operation: ClaimedOperation): Promise<OperationOutcome> {
    try {
      const answer = await invoke(this.gateways.for(operation.methodType), operation);
      return outcomeOf(operation, answer);
    } catch (error) {
      this.logger.warn(`Operation ${operation.id} got no answer: ${String(error)}`);
      return { kind: 'unknown' };
    }
  }

  /**
   * What the gateway did under the operation's key, for recovery: asked by the key where the
   * gateway can tell (nothing found: it never arrived, and is refused), else the call retried
   * under the same key, which the gateway does at most once.
   */
  async ask(operation: ClaimedOperation): Promise<OperationOutcome> {
    const gateway = this.gateways.for(operation.methodType);
    if (!gateway.lookup) return this.call(operation);
    try {
      const found = await gateway.lookup(operation.idempotencyKey);
      return found
        ? outcomeOf(operation, found)
        : { kind: 'refused', message: 'The operation never reached the payment gateway' };
    } catch (error) {
      this.logger.warn(`Operation ${operation.id} could not be looked up: ${String(error)}`);
      return { kind: 'unknown' };
    }
  }

  /**
   * Marks the operation done (with the gateway's reference) if the claim `heldBy` still holds
   * it: false when it was taken over meanwhile (its holder's lease ran out), and the taker
   * settles it instead.
   */
  async markDone(
    manager: EntityManager,
    operation: ClaimedOperation,
    reference: string | null,
  ): Promise<boolean> {
    const [, marked]: [unknown, number] = await manager.query(
      `UPDATE payment_operations SET state = 'done', reference = $3, held_until = NULL,
         updated_at = now()
       WHERE id = $1 AND state = 'pending' AND held_by = $2`,
      [operation.id, operation.heldBy, reference],
    );
    return marked === 1;
  }

  /** Marks the operation refused by its gateway (if its claim still holds it). */
  async markRefused(
    manager: EntityManager,
    operation: ClaimedOperation,
    message: string,
  ): Promise<void> {
    await manager.query(
      `UPDATE payment_operations SET state = 'refused', failure_message = $3, held_until = NULL,
         updated_at = now()
       WHERE id = $1 AND state = 'pending' AND held_by = $2`,
      [operation.id, operation.heldBy, message],
    );
  }

  /** Drops operations that were claimed but never called (one before them failed). */
  async drop(manager: EntityManager, operations: readonly ClaimedOperation[]): Promise<void> {
    if (operations.length === 0) return;
    await manager.query(
      `DELETE FROM payment_operations WHERE id = ANY($1::bigint[]) AND state = 'pending'
         AND held_by = $2`,
      [operations.map((operation) => operation.id), operations[0].heldBy],
    );
  }

  /**
   * Takes over, under the claim `holdId`, pending operations whose lease ran out more than
   * `grace` ago (their holder died or gave up on an unanswered call), skipping rows another
   * taker locks: two takers never take the same one.
   */
  takeOver(holdId: string, grace: string, limit: number): Promise<ClaimedOperation[]> {
    return this.dataSource.query(
      `WITH expired AS (
         SELECT id FROM payment_operations
         WHERE state = 'pending' AND held_until < now() - $3::interval
         ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED),
       taken AS (
         UPDATE payment_operations op SET held_by = $1, held_until = now() + $2::interval,
           updated_at = now()
         FROM expired WHERE op.id = expired.id RETURNING op.*)
       SELECT ${OPERATION_COLUMNS} FROM taken op ${OPERATION_JOINS} ORDER BY op.id`,
      [holdId, HOLD_LEASE, grace, limit],
    );
  }
}

function invoke(
  gateway: PaymentGateway,
  operation: ClaimedOperation,
): Promise<GatewayActionOutcome | GatewayOutcome> {
  const { kind, reference, currency, idempotencyKey } = operation;
  const amount =
    operation.amount === null ? '0' : Money.of(operation.amount, currency).round().toString();
  switch (kind) {
    case 'authorize':
      return gateway.authorize(amount, currency, operation.details.source ?? null, idempotencyKey);
    case 'capture':
      return gateway.capture(reference, amount, currency, idempotencyKey);
    case 'void':
      return gateway.void(reference, idempotencyKey);
    case 'refund':
      return gateway.refund(reference, amount, currency, idempotencyKey);
  }
}

/** What a gateway's answer makes of the operation. */
function outcomeOf(
  operation: ClaimedOperation,
  answer: GatewayActionOutcome | GatewayOutcome,
): OperationOutcome {
  if (operation.kind === 'authorize') {
    const authorization = answer as GatewayOutcome;
    const reference = 'reference' in authorization ? authorization.reference : null;
    return { kind: 'done', reference, authorization };
  }
  const outcome = answer as GatewayActionOutcome;
  return outcome.kind === 'done'
    ? { kind: 'done', reference: outcome.reference }
    : { kind: 'refused', message: outcome.message };
}
