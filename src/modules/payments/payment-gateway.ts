import type { PaymentSource } from './payment-source.js';

/** What a gateway did with a charge. */
export type GatewayOutcome =
  | { kind: 'captured'; reference: string }
  | { kind: 'pending'; reference: string | null }
  | { kind: 'declined'; message: string; reference: string | null }
  | { kind: 'error'; message: string };

/** What a gateway did with a follow-up operation (capture, void, refund) of a payment. */
export type GatewayActionOutcome =
  | { kind: 'done'; reference: string | null }
  | { kind: 'declined'; message: string; reference: string | null }
  | { kind: 'error'; message: string };

/**
 * The gateway could not be talked to (connection refused, timed out, an answer that made no
 * sense): whether anything happened there is unknown, so nothing is recorded here.
 */
export class GatewayUnreachable extends Error {
  constructor(message = 'The payment gateway could not be reached') {
    super(message);
    this.name = 'GatewayUnreachable';
  }
}

/** Card details as a shopper sends them; only what `tokenize` keeps is ever stored. */
export interface CardInput {
  number?: unknown;
  month?: unknown;
  year?: unknown;
  verification_value?: unknown;
  name?: unknown;
  gateway_payment_profile_id?: unknown;
}

/**
 * A payment provider behind a payment method. Every call may also throw (a lost connection,
 * `GatewayUnreachable`); callers treat a throw as "nothing known to have happened".
 */
export interface PaymentGateway {
  /** Whether shoppers pay through a payment session (create, then complete) with it. */
  readonly sessionRequired: boolean;
  /** Whether a payment needs a source (card details) from the shopper. */
  readonly sourceRequired: boolean;
  /**
   * Whether calls reach a provider over the network (and may be slow or never answer). Checkout
   * then authorizes such a payment before the transaction that places the order and captures it
   * after, so no order or stock row is held during a call; local gateways are settled inside it.
   */
  readonly remote: boolean;
  /** Opens a session at the provider (session gateways only); answers its id there. */
  openSession?(): string;
  /**
   * Checks the source a shopper sent and turns it into what may be stored (never a card
   * number); throws a `validation_error` naming the bad fields under `field` (`source.number`).
   */
  tokenize(input: CardInput | undefined, field?: string): PaymentSource | null;
  /**
   * Saves a tokenized card at the provider for later charges (gateways that keep cards only):
   * the same card with the provider's lasting token as its `gateway_payment_profile_id`.
   */
  vault?(source: PaymentSource): PaymentSource;
  /** Charges `amount` (a decimal string) of `currency` to a stored source (checkout). */
  process(amount: string, currency: string, source: PaymentSource | null): Promise<GatewayOutcome>;
  /**
   * Holds `amount` on a stored source without taking it (a payment staff add to an order):
   * `pending` with the authorization's reference, to be captured or voided later. Given an
   * `idempotencyKey`, done at most once under it, as the follow-ups below.
   */
  authorize(
    amount: string,
    currency: string,
    source: PaymentSource | null,
    idempotencyKey?: string,
  ): Promise<GatewayOutcome>;
  /**
   * Takes `amount` (at most what was authorized) of the authorization `reference`. Given an
   * `idempotencyKey`, the capture is done at most once under it: a retry answers the first
   * outcome (so do `void` and `refund`).
   */
  capture(
    reference: string | null,
    amount: string,
    currency: string,
    idempotencyKey?: string,
  ): Promise<GatewayActionOutcome>;
  /** Releases the authorization `reference` without taking anything. */
  void(reference: string | null, idempotencyKey?: string): Promise<GatewayActionOutcome>;
  /** Gives back `amount` of what was captured under `reference`. */
  refund(
    reference: string | null,
    amount: string,
    currency: string,
    idempotencyKey?: string,
  ): Promise<GatewayActionOutcome>;
  /**
   * What the provider did under `idempotencyKey` (undefined: nothing reached it), for gateways
   * that can tell; recovery retries the call under the same key with the others.
   */
  lookup?(idempotencyKey: string): Promise<GatewayActionOutcome | GatewayOutcome | undefined>;
}
