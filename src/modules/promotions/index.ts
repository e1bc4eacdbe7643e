// The public face of the promotions module: code outside it imports from here only.
export * from './domain/index.js';
export { CouponCodeBatch } from './entities/coupon-code-batch.entity.js';
export { CouponCode } from './entities/coupon-code.entity.js';
/** The rule and action rows (the calculator's `PromotionRule` and `PromotionAction` are types). */
export { PromotionAction as PromotionActionEntity } from './entities/promotion-action.entity.js';
export { PromotionRule as PromotionRuleEntity } from './entities/promotion-rule.entity.js';
export { Promotion } from './entities/promotion.entity.js';
export type { PromotionKind, PromotionStatus } from './entities/promotion.entity.js';
export { actionDefinition, promotionDefinition, ruleDefinition } from './promotion-definition.js';
export { normalizedCode } from './codes/code-generator.js';
export {
  type AutomaticPromotionRow,
  AutomaticPromotions,
  automaticPromotionsJsonSql,
} from './automatic-promotions.js';
export { PromotionsModule } from './promotions.module.js';
