import { Controller, Get, Param, Patch, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { ListCouponCodesQuery } from '../dto/list-coupon-codes.query.js';
import { AdminCouponCodesService } from './admin-coupon-codes.service.js';

@ApiTags('Admin: promotions')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/promotions/:promotion_id/coupon_codes')
export class AdminCouponCodesController {
  constructor(private readonly codes: AdminCouponCodesService) {}

  @Get()
  @RequireScope('read_promotions')
  @ApiOperation({
    summary: 'List a promotion’s codes (its own and generated ones) with how often each was used',
  })
  list(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Query() query: ListCouponCodesQuery,
  ) {
    return this.codes.list({ store, promotionPublicId }, query);
  }

  @Get('export')
  @RequireScope('read_promotions')
  @ApiOperation({
    summary: 'Every code of the promotion as CSV (`batch_id` and `state` narrow it)',
    description: 'Columns: code, state, usage_count, single_use, batch_id, created_at.',
  })
  @ApiProduces('text/csv')
  @ApiResponse({
    status: 200,
    description: 'The codes, one a line after a header line',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  async export(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Query() query: ListCouponCodesQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const parts: string[] = [];
    for await (const part of this.codes.csv({ store, promotionPublicId }, query)) parts.push(part);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${promotionPublicId}-codes.csv"`);
    return parts.join('');
  }

  @Patch(':id/deactivate')
  @RequireScope('write_promotions')
  @ApiOperation({ summary: 'Deactivate a code: carts can no longer use it' })
  deactivate(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Param('id') id: string,
  ) {
    return this.codes.setState({ store, promotionPublicId }, id, 'inactive');
  }

  @Patch(':id/activate')
  @RequireScope('write_promotions')
  @ApiOperation({ summary: 'Activate a deactivated code again' })
  activate(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Param('id') id: string,
  ) {
    return this.codes.setState({ store, promotionPublicId }, id, 'active');
  }
}
