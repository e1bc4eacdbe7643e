export { CreditCard } from './credit-card.entity.js';
export type { CreditCardView } from './credit-card.serializer.js';
export { CreditCardsModule } from './credit-cards.module.js';
export { CustomerCreditCardsService } from './customer-credit-cards.service.js';
export type { CardWithMethod } from './customer-credit-cards.service.js';
export { PaymentSetupSession } from './payment-setup-session.entity.js';
export { SavedCards } from './saved-cards.js';
export type { CardHolder } from './saved-cards.js';
