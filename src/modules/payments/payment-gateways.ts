import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CheckGateway } from './check.gateway.js';
import type { PaymentGateway } from './payment-gateway.js';
import type { PaymentMethodType } from './payment-method.entity.js';
import { TestCardGateway } from './test-card.gateway.js';
import { DatabaseLedger } from './test-gateway-ledger.js';

/** The kinds of payment method a gateway settles (store credit is settled by the wallet). */
export type GatewayMethodType = Exclude<PaymentMethodType, 'store_credit'>;

/** Gateways as their traits are read (no calls are made through these). */
const GATEWAYS: Record<GatewayMethodType, PaymentGateway> = {
  check: new CheckGateway(),
  test_card: new TestCardGateway(),
};

/** How shoppers pay with a kind of payment method. */
export interface PaymentMethodTraits {
  /** Paid through a payment session (`POST /carts/:id/payment_sessions`, then complete). */
  sessionRequired: boolean;
  /** A payment needs a source (card details). */
  sourceRequired: boolean;
}

export function paymentMethodTraits(type: PaymentMethodType): PaymentMethodTraits {
  const gateway = type === 'store_credit' ? undefined : GATEWAYS[type];
  return {
    sessionRequired: gateway?.sessionRequired ?? false,
    sourceRequired: gateway?.sourceRequired ?? false,
  };
}

/** The gateway behind each kind of payment method. */
@Injectable()
export class PaymentGateways {
  private readonly gateways: Record<GatewayMethodType, PaymentGateway>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    // The test gateway keeps what it did in the database, so that it outlives a crash.
    this.gateways = {
      check: new CheckGateway(),
      test_card: new TestCardGateway(new DatabaseLedger(dataSource)),
    };
  }

  for(type: GatewayMethodType): PaymentGateway {
    return this.gateways[type];
  }
}
