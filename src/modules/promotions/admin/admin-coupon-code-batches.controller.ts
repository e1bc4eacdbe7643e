import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { Idempotent } from '../../../platform/http/idempotency/idempotent.decorator.js';
import { ApiAdminAccess, ApiErrors } from '../../../platform/openapi/api-docs.decorators.js';
import { CurrentStore, RequireScope } from '../../auth/index.js';
import type { StoreContext } from '../../stores/index.js';
import { CreateCodeBatchBody } from '../dto/code-batch.body.js';
import { AdminCouponCodesService } from './admin-coupon-codes.service.js';

@ApiTags('Admin: promotions')
@ApiAdminAccess()
@Idempotent()
@ApiErrors('record_not_found')
@Controller('api/v3/admin/promotions/:promotion_id/coupon_code_batches')
export class AdminCouponCodeBatchesController {
  constructor(private readonly codes: AdminCouponCodesService) {}

  @Get()
  @RequireScope('read_promotions')
  @ApiOperation({ summary: 'List a promotion’s batches of generated codes, oldest first' })
  list(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Query() query: PaginationQuery,
  ) {
    return this.codes.listBatches({ store, promotionPublicId }, query);
  }

  @Post()
  @RequireScope('write_promotions')
  @ApiOperation({
    summary: 'Generate `count` random codes (up to 100,000): prefix, then `length` characters',
    description:
      'Up to 1,000 codes are generated in the request (`state: completed`); a larger batch ' +
      'answers `pending` and a background job generates it, reporting `generated` and ' +
      '`progress` on the batch until `completed` (or `failed`, with `error`). Codes are ' +
      'lower-case and unique in the store. A length too short for the count is 422 on `length`.',
  })
  @ApiErrors('validation_error')
  create(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Body() body: CreateCodeBatchBody,
  ) {
    return this.codes.createBatch({ store, promotionPublicId }, body);
  }

  @Get(':id')
  @RequireScope('read_promotions')
  @ApiOperation({ summary: 'One batch, by `cbatch_…` id, with its progress' })
  show(
    @CurrentStore() store: StoreContext,
    @Param('promotion_id') promotionPublicId: string,
    @Param('id') id: string,
  ) {
    return this.codes.showBatch({ store, promotionPublicId }, id);
  }
}
