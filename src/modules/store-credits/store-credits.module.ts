import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/index.js';
import { AdminStoreCreditsController } from './admin-store-credits.controller.js';
import { AdminStoreCreditsService } from './admin-store-credits.service.js';
import { CustomerStoreCreditsService } from './customer-store-credits.service.js';
import { StoreCreditSerializer } from './store-credit.serializer.js';
import { StoreCreditWallet } from './store-credit-wallet.js';
import { StoreCreditIssuing } from './store-credit-issuing.js';
import { StoreCustomerCreditsController } from './store-customer-credits.controller.js';

/** Store credits: spending them (the wallet), the customer's own view, and staff management. */
@Module({
  imports: [CustomersModule],
  controllers: [StoreCustomerCreditsController, AdminStoreCreditsController],
  providers: [
    StoreCreditWallet,
    StoreCreditSerializer,
    CustomerStoreCreditsService,
    AdminStoreCreditsService,
    StoreCreditIssuing,
  ],
  exports: [StoreCreditWallet, StoreCreditSerializer, StoreCreditIssuing],
})
export class StoreCreditsModule {}
