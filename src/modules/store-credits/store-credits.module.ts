import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/index.js';
import { CustomerStoreCreditsService } from './customer-store-credits.service.js';
import { StoreCreditSerializer } from './store-credit.serializer.js';
import { StoreCreditWallet } from './store-credit-wallet.js';
import { StoreCustomerCreditsController } from './store-customer-credits.controller.js';

/** Store credits: spending them (the wallet) and the customer's own view of them. */
@Module({
  imports: [CustomersModule],
  controllers: [StoreCustomerCreditsController],
  providers: [StoreCreditWallet, StoreCreditSerializer, CustomerStoreCreditsService],
  exports: [StoreCreditWallet, StoreCreditSerializer],
})
export class StoreCreditsModule {}
