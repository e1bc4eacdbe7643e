import { Module } from '@nestjs/common';
import { StoreCreditWallet } from './store-credit-wallet.js';

@Module({ providers: [StoreCreditWallet], exports: [StoreCreditWallet] })
export class StoreCreditsModule {}
