import { Module } from '@nestjs/common';
import { PaymentGateways } from './payment-gateways.js';

/** Payment methods and the gateways behind them (test card, check, store credit). */
@Module({
  providers: [PaymentGateways],
  exports: [PaymentGateways],
})
export class PaymentsModule {}
