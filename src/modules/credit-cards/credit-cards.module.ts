import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/index.js';
import { PaymentsModule } from '../payments/index.js';
import { CreditCardSerializer } from './credit-card.serializer.js';
import { CustomerCreditCardsService } from './customer-credit-cards.service.js';
import { PaymentSetupSessionSerializer } from './payment-setup-session.serializer.js';
import { PaymentSetupSessionsService } from './payment-setup-sessions.service.js';
import { SavedCards } from './saved-cards.js';
import { StoreCustomerCreditCardsController } from './store-customer-credit-cards.controller.js';
import { StorePaymentSetupSessionsController } from './store-payment-setup-sessions.controller.js';

/** Customers' saved cards: saving them (setup sessions, checkout), listing and deleting them. */
@Module({
  imports: [CustomersModule, PaymentsModule],
  controllers: [StoreCustomerCreditCardsController, StorePaymentSetupSessionsController],
  providers: [
    SavedCards,
    CreditCardSerializer,
    CustomerCreditCardsService,
    PaymentSetupSessionSerializer,
    PaymentSetupSessionsService,
  ],
  exports: [SavedCards, CreditCardSerializer, CustomerCreditCardsService],
})
export class CreditCardsModule {}
