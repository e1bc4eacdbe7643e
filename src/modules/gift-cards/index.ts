export { giftCardJsonSql, normalizeCode } from './gift-card-columns.js';
export { GiftCard } from './gift-card.entity.js';
export { GiftCardBatch } from './gift-card-batch.entity.js';
export { GiftCardTransaction } from './gift-card-transaction.entity.js';
export { GiftCardIssuer, type NewGiftCard } from './gift-card-issuer.js';
export {
  type GiftCardRecord,
  GiftCardSerializer,
  type GiftCardView,
} from './gift-card.serializer.js';
export { refusalOf, remainingOf } from './gift-card-status.js';
export { GiftCardWallet, type StoredGiftCard } from './gift-card-wallet.js';
export { GiftCardsModule } from './gift-cards.module.js';
