import { Module } from '@nestjs/common';
import { AdminPaymentMethodsController } from './admin/admin-payment-methods.controller.js';
import { AdminPaymentMethodsService } from './admin/admin-payment-methods.service.js';
import { PaymentMethodSerializer } from './admin/payment-method.serializer.js';
import { PaymentGateways } from './payment-gateways.js';

/** Payment methods and the gateways behind them (test card, check, store credit). */
@Module({
  controllers: [AdminPaymentMethodsController],
  providers: [PaymentGateways, AdminPaymentMethodsService, PaymentMethodSerializer],
  exports: [PaymentGateways],
})
export class PaymentsModule {}
