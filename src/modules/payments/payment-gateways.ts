import { Injectable } from '@nestjs/common';
import { CheckGateway } from './check.gateway.js';
import type { PaymentGateway } from './payment-gateway.js';
import type { PaymentMethodType } from './payment-method.entity.js';
import { TestCardGateway } from './test-card.gateway.js';

/** The gateway behind each kind of payment method (store credit is settled by the wallet). */
@Injectable()
export class PaymentGateways {
  private readonly gateways: Record<Exclude<PaymentMethodType, 'store_credit'>, PaymentGateway> = {
    check: new CheckGateway(),
    test_card: new TestCardGateway(),
  };

  for(type: Exclude<PaymentMethodType, 'store_credit'>): PaymentGateway {
    return this.gateways[type];
  }
}
