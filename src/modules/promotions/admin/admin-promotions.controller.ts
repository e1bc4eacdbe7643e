import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { CreatePromotionBody, UpdatePromotionBody } from '../dto/promotion.body.js';
import { AdminPromotionsService } from './admin-promotions.service.js';
import { PromotionFigures } from './promotion-figures.js';

const INVALID =
  'A bad field, an unknown rule or action type or a bad preference (a percent above 100, a ' +
  'negative amount, an unknown currency, product or category) is 422 `validation_error` naming ' +
  'the field (`rules.0.preferences.percent`); nothing is stored. A code another promotion of the ' +
  'store has (case and surrounding spaces aside) is 422 on `code`.';

@ApiTags('Admin: promotions')
@ApiAdminAccess()
@Idempotent()
@Controller('api/v3/admin/promotions')
export class AdminPromotionsController {
  constructor(
    private readonly promotions: AdminPromotionsService,
    private readonly figures: PromotionFigures,
  ) {}

  @Get()
  @RequireScope('read_promotions')
  @ApiOperation({ summary: 'List promotions, newest first, with their rules and actions' })
  list(@CurrentStore() store: StoreContext, @Query() query: PaginationQuery) {
    return this.promotions.list(store, query);
  }

  @Post()
  @RequireScope('write_promotions')
  @ApiOperation({
    summary: 'Create a promotion, with its rules, actions and code in one request',
    description: `${INVALID} \`multi_codes\` with \`number_of_codes\` generates a batch of codes.`,
  })
  @ApiErrors('validation_error')
  create(@CurrentStore() store: StoreContext, @Body() body: CreatePromotionBody) {
    return this.promotions.create(store, body);
  }

  @Get(':id')
  @RequireScope('read_promotions')
  @ApiOperation({ summary: 'One promotion, by `promo_…` id' })
  @ApiErrors('record_not_found')
  show(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.promotions.show(store, id);
  }

  @Get(':id/figures')
  @RequireScope('read_promotions')
  @ApiOperation({
    summary: 'How a promotion’s codes stand: how many, active, used, and batches under way',
  })
  @ApiErrors('record_not_found')
  showFigures(@CurrentStore() store: StoreContext, @Param('id') id: string) {
    return this.figures.of(store, id);
  }

  @Patch(':id')
  @RequireScope('write_promotions')
  @ApiOperation({
    summary: 'Change a promotion; `rules` and `actions` sent are the desired set',
    description: `Rows with an \`id\` are updated, the others built, those left out removed. ${INVALID}`,
  })
  @ApiErrors('validation_error', 'record_not_found')
  update(
    @CurrentStore() store: StoreContext,
    @Param('id') id: string,
    @Body() body: UpdatePromotionBody,
  ) {
    return this.promotions.update(store, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireScope('write_promotions')
  @ApiOperation({
    summary: 'Delete a promotion (softly): it no longer applies; its unused codes are freed',
  })
  @ApiErrors('record_not_found')
  async remove(@CurrentStore() store: StoreContext, @Param('id') id: string): Promise<void> {
    await this.promotions.remove(store, id);
  }
}
