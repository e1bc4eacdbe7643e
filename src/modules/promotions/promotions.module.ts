import { Module } from '@nestjs/common';
import { AdminCouponCodeBatchesController } from './admin/admin-coupon-code-batches.controller.js';
import { AdminCouponCodesController } from './admin/admin-coupon-codes.controller.js';
import { AdminCouponCodesService } from './admin/admin-coupon-codes.service.js';
import { AdminPromotionActionsController } from './admin/admin-promotion-actions.controller.js';
import { AdminPromotionPartsService } from './admin/admin-promotion-parts.service.js';
import { AdminPromotionRulesController } from './admin/admin-promotion-rules.controller.js';
import { AdminPromotionTypesController } from './admin/admin-promotion-types.controller.js';
import { AdminPromotionsController } from './admin/admin-promotions.controller.js';
import { AdminPromotionsService } from './admin/admin-promotions.service.js';
import { PromotionFigures } from './admin/promotion-figures.js';
import { PromotionParts } from './admin/promotion-parts.js';
import { PromotionRecords } from './admin/promotion-records.js';
import { AutomaticPromotions } from './automatic-promotions.js';
import { CartCodes } from './carts/cart-codes.js';
import { CodeBatchJobs } from './codes/code-batch-jobs.js';
import { CodeBatches } from './codes/code-batches.js';
import { OwnCodes } from './codes/own-codes.js';
import { PromotionReferences } from './input/record-references.js';
import { PromotionUsage } from './usage/promotion-usage.js';
import { CouponCodeSerializer } from './serializers/coupon-code.serializer.js';
import { PromotionPartSerializer } from './serializers/promotion-part.serializer.js';
import { PromotionSerializer } from './serializers/promotion.serializer.js';

/**
 * Stored promotions and their Admin API (rules, actions, coupon codes and batches of them); what
 * carts read of them, codes entered on carts, and uses counted when orders are placed.
 */
@Module({
  controllers: [
    AdminPromotionsController,
    AdminPromotionRulesController,
    AdminPromotionActionsController,
    AdminPromotionTypesController,
    AdminCouponCodesController,
    AdminCouponCodeBatchesController,
  ],
  providers: [
    AutomaticPromotions,
    CartCodes,
    PromotionUsage,
    AdminPromotionsService,
    AdminPromotionPartsService,
    AdminCouponCodesService,
    PromotionRecords,
    PromotionFigures,
    PromotionParts,
    PromotionReferences,
    OwnCodes,
    CodeBatches,
    CodeBatchJobs,
    PromotionSerializer,
    PromotionPartSerializer,
    CouponCodeSerializer,
  ],
  exports: [AutomaticPromotions, CartCodes, PromotionUsage],
})
export class PromotionsModule {}
