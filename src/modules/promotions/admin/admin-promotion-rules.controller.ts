import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { RuleBody, RulePreferencesBody } from '../dto/part.body.js';
import type { PromotionRuleView } from '../serializers/promotion-part.serializer.js';
import { AdminPromotionPartsService } from './admin-promotion-parts.service.js';
import { RULES } from './promotion-parts.js';

@ApiTags('Admin: promotions')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/promotions/:promotion_id/promotion_rules')
export class AdminPromotionRulesController {
  constructor(private readonly parts: AdminPromotionPartsService) {}

  @Get()
  @RequireScope('read_promotions')
  @ApiOperation({ summary: 'List the rules of a promotion' })
  list(@CurrentStore() store: StoreContext, @Param('promotion_id') promotionPublicId: string) {
    return this.parts.list<PromotionRuleView>(RULES, { store, promotionPublicId });
  }

  @Post()
  @RequireScope('write_promotions')
  @ApiOperation({
    summary: 'Add a rule to a promotion',
    description:
      'An unknown `type` or a bad preference is 422 `validation_error` naming the field.',
  })
  @ApiErrors('validation_error')
  create(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Body() body: RuleBody,
  ) {
    return this.parts.create<PromotionRuleView>(RULES, { store, promotionPublicId }, body);
  }

  @Patch(':id')
  @RequireScope('write_promotions')
  @ApiOperation({ summary: 'Replace a rule’s preferences (its type stays)' })
  @ApiErrors('validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Param('id') id: string,
    @Body() body: RulePreferencesBody,
  ) {
    return this.parts.update<PromotionRuleView>(RULES, { store, promotionPublicId }, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_promotions')
  @ApiOperation({ summary: 'Remove a rule from a promotion' })
  async remove(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.parts.remove(RULES, { store, promotionPublicId }, id);
  }
}
