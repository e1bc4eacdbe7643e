import { Module } from '@nestjs/common';
import { StoreCreditSerializer } from './store-credit.serializer.js';
import { StoreCreditWallet } from './store-credit-wallet.js';

@Module({
  providers: [StoreCreditWallet, StoreCreditSerializer],
  exports: [StoreCreditWallet, StoreCreditSerializer],
})
export class StoreCreditsModule {}
