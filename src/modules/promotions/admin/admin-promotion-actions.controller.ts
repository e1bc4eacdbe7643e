import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ActionBody, ActionPreferencesBody } from '../dto/part.body.js';
import type { PromotionActionView } from '../serializers/promotion-part.serializer.js';
import { AdminPromotionPartsService } from './admin-promotion-parts.service.js';
import { ACTIONS } from './promotion-parts.js';

@ApiTags('Admin: promotions')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/promotions/:promotion_id/promotion_actions')
export class AdminPromotionActionsController {
  constructor(private readonly parts: AdminPromotionPartsService) {}

  @Get()
  @RequireScope('read_promotions')
  @ApiOperation({ summary: 'List the actions of a promotion' })
  list(@CurrentStore() store: StoreContext, @Param('promotion_id') promotionPublicId: string) {
    return this.parts.list<PromotionActionView>(ACTIONS, { store, promotionPublicId });
  }

  @Post()
  @RequireScope('write_promotions')
  @ApiOperation({
    summary: 'Add an action to a promotion',
    description:
      'An unknown `type` or a bad preference is 422 `validation_error` naming the field.',
  })
  @ApiErrors('validation_error')
  create(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Body() body: ActionBody,
  ) {
    return this.parts.create<PromotionActionView>(ACTIONS, { store, promotionPublicId }, body);
  }

  @Patch(':id')
  @RequireScope('write_promotions')
  @ApiOperation({ summary: 'Replace an action’s preferences (its type stays)' })
  @ApiErrors('validation_error')
  update(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Param('id') id: string,
    @Body() body: ActionPreferencesBody,
  ) {
    return this.parts.update<PromotionActionView>(ACTIONS, { store, promotionPublicId }, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_promotions')
  @ApiOperation({ summary: 'Remove an action from a promotion' })
  async remove(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.parts.remove(ACTIONS, { store, promotionPublicId }, id);
  }
}
