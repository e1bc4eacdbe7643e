import { Module } from '@nestjs/common';
import { CreditCardsModule } from '../../credit-cards/index.js';
import { StorefrontCreditCardsController } from './storefront-credit-cards.controller.js';

/** Storefront v2's saved-card routes. */
@Module({ imports: [CreditCardsModule], controllers: [StorefrontCreditCardsController] })
export class StorefrontCreditCardsModule {}
