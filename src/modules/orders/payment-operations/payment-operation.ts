import type { GatewayMethodType, GatewayOutcome, PaymentSource } from '../../payments/index.js';

/**
 * What staff ask of a payment's gateway after checkout: authorize a new payment of a placed
 * order, capture or void an authorization, refund a capture.
 */
export type PaymentOperationKind = 'authorize' | 'capture' | 'void' | 'refund';

/** What an operation records beside its kind and amount, for its settling (and its recovery). */
export interface PaymentOperationDetails {
  /** A refund's reason and who asked for it. */
  reason?: string | null;
  staff_user_id?: string | null;
  api_key_id?: string | null;
  /** The reimbursement of returned units a refund is made for. */
  reimbursement_id?: string | null;
  /** The payment ends `void` once the operation is done (a cancellation's refund). */
  then_void?: boolean;
  /** An authorization's new payment: its method, card and metadata. */
  payment_method_id?: string;
  source?: PaymentSource | null;
  metadata?: Record<string, unknown>;
}

/**
 * An operation a claim asks for: on which payment (its key and `py_…` id; none for an
 * authorization, whose payment is made when it settles), what, how much.
 */
export interface PaymentOperationPlan {
  paymentId: string | null;
  publicPaymentId: string | null;
  kind: PaymentOperationKind;
  /** Decimal text; null for a void. */
  amount: string | null;
  details?: PaymentOperationDetails;
}

/** An operation as claimed (`payment_operations`, `pending`), with what calling its gateway takes. */
export interface ClaimedOperation {
  id: string;
  orderId: string;
  storeId: string;
  paymentId: string | null;
  kind: PaymentOperationKind;
  amount: string | null;
  idempotencyKey: string;
  details: PaymentOperationDetails;
  heldBy: string;
  methodType: GatewayMethodType;
  currency: string;
  /** The payment's authorization or charge at its gateway. */
  reference: string | null;
}

/**
 * What the gateway did: the operation done (an authorization is done whatever the gateway
 * answered it, `authorization`: a decline is recorded as a failed payment), refused, or not known
 * (no answer).
 */
export type OperationOutcome =
  | { kind: 'done'; reference: string | null; authorization?: GatewayOutcome }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown' };

/** One operation and what its gateway answered. */
export interface OperationResult {
  operation: ClaimedOperation;
  outcome: OperationOutcome;
}
