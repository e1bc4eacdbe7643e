import type { GatewayOutcome, PaymentGateway } from './payment-gateway.js';

/** Payment by cheque or on account: nothing is charged now, the payment waits for staff. */
export class CheckGateway implements PaymentGateway {
  readonly sessionRequired = false;
  readonly sourceRequired = false;

  tokenize(): null {
    return null;
  }

  process(): Promise<GatewayOutcome> {
    return Promise.resolve({ kind: 'pending', reference: null });
  }
}
