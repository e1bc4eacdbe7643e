import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/index.js';
import { AdminGiftCardBatchesController } from './admin-gift-card-batches.controller.js';
import { AdminGiftCardsController } from './admin-gift-cards.controller.js';
import { AdminGiftCardsService } from './admin-gift-cards.service.js';
import { CustomerGiftCardsService } from './customer-gift-cards.service.js';
import { GiftCardBatchSerializer } from './gift-card-batch.serializer.js';
import { GiftCardBatches } from './gift-card-batches.service.js';
import { GiftCardIssuer } from './gift-card-issuer.js';
import { GiftCardSerializer } from './gift-card.serializer.js';
import { GiftCardWallet } from './gift-card-wallet.js';
import { StoreCustomerGiftCardsController } from './store-customer-gift-cards.controller.js';

/** Gift cards: issuing them (one by one, in batches), spending them (the wallet), their views. */
@Module({
  imports: [CustomersModule],
  controllers: [
    StoreCustomerGiftCardsController,
    AdminGiftCardsController,
    AdminGiftCardBatchesController,
  ],
  providers: [
    GiftCardWallet,
    GiftCardIssuer,
    GiftCardSerializer,
    GiftCardBatchSerializer,
    GiftCardBatches,
    AdminGiftCardsService,
    CustomerGiftCardsService,
  ],
  exports: [GiftCardWallet, GiftCardIssuer, GiftCardSerializer],
})
export class GiftCardsModule {}
