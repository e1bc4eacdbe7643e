import type { GatewayActionOutcome, GatewayOutcome, PaymentGateway } from './payment-gateway.js';

const done: GatewayActionOutcome = { kind: 'done', reference: null };

/**
 * Payment by cheque or on account: nothing is charged now, the payment waits for staff, who
 * capture it once the money arrived (or void it). Nothing is sent anywhere, so every step succeeds.
 */
export class CheckGateway implements PaymentGateway {
  readonly sessionRequired = false;
  readonly sourceRequired = false;
  readonly remote = false;

  tokenize(): null {
    return null;
  }

  process(): Promise<GatewayOutcome> {
    return Promise.resolve({ kind: 'pending', reference: null });
  }

  authorize(): Promise<GatewayOutcome> {
    return this.process();
  }

  capture(): Promise<GatewayActionOutcome> {
    return Promise.resolve(done);
  }

  void(): Promise<GatewayActionOutcome> {
    return Promise.resolve(done);
  }

  refund(): Promise<GatewayActionOutcome> {
    return Promise.resolve(done);
  }
}
