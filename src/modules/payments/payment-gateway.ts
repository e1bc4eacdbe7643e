import type { PaymentSource } from './payment-source.js';

/** What a gateway did with a charge. */
export type GatewayOutcome =
  | { kind: 'captured'; reference: string }
  | { kind: 'pending'; reference: string | null }
  | { kind: 'declined'; message: string; reference: string | null }
  | { kind: 'error'; message: string };

/** Card details as a shopper sends them; only what `tokenize` keeps is ever stored. */
export interface CardInput {
  number?: unknown;
  month?: unknown;
  year?: unknown;
  verification_value?: unknown;
  name?: unknown;
  gateway_payment_profile_id?: unknown;
}

/** A payment provider behind a payment method. */
export interface PaymentGateway {
  /** Whether shoppers pay through a payment session (create, then complete) with it. */
  readonly sessionRequired: boolean;
  /** Whether a payment needs a source (card details) from the shopper. */
  readonly sourceRequired: boolean;
  /** Opens a session at the provider (session gateways only); answers its id there. */
  openSession?(): string;
  /**
   * Checks the source a shopper sent and turns it into what may be stored (never a card
   * number); throws a `validation_error` naming the bad fields under `field` (`source.number`).
   */
  tokenize(input: CardInput | undefined, field?: string): PaymentSource | null;
  /** Charges `amount` (a decimal string) of `currency` to a stored source. */
  process(amount: string, currency: string, source: PaymentSource | null): Promise<GatewayOutcome>;
}
