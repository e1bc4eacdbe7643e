// The public face of the promotions module: code outside it imports from here only.
export * from './domain/index.js';
export { CouponCodeBatch } from './entities/coupon-code-batch.entity.js';
export { CouponCode } from './entities/coupon-code.entity.js';
export { OrderPromotion } from './entities/order-promotion.entity.js';
export { PromotionCustomerUse } from './entities/promotion-customer-use.entity.js';
export { PromotionUse } from './entities/promotion-use.entity.js';
/** The rule and action rows (the calculator's `PromotionRule` and `PromotionAction` are types). */
export { PromotionAction as PromotionActionEntity } from './entities/promotion-action.entity.js';
export { PromotionRule as PromotionRuleEntity } from './entities/promotion-rule.entity.js';
export { Promotion } from './entities/promotion.entity.js';
export type { PromotionKind, PromotionStatus } from './entities/promotion.entity.js';
export {
  actionDefinition,
  promotionDefinition,
  rowDefinition,
  ruleDefinition,
} from './promotion-definition.js';
export type { PromotionRow } from './promotion-json-sql.js';
export {
  BUYER_FACT_RULES,
  type BuyerFacts,
  buyerFactsJsonSql,
  type CartCodeRow,
  cartCodesJsonSql,
  guestOrderedBefore,
  unavailablePromotionsJsonSql,
} from './carts/cart-promotion-reads.js';
export { CartCodes, type CodeCart } from './carts/cart-codes.js';
export {
  CODE_REFUSAL_MESSAGES,
  type CodeRefusal,
  codeRefusalSql,
  codeRefused,
} from './carts/code-refusals.js';
export { customerKeys, customerKeysSql } from './usage/customer-keys.js';
export { type LostPromotion, type PlacingOrder, PromotionUsage } from './usage/promotion-usage.js';
export { normalizedCode } from './codes/code-generator.js';
export {
  type AutomaticPromotionRow,
  AutomaticPromotions,
  automaticPromotionsJsonSql,
  type PromotionNeeds,
  type RunningPromotions,
} from './automatic-promotions.js';
export { PromotionsModule } from './promotions.module.js';
