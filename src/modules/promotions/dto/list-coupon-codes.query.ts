import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';
import { PaginationQuery } from '../../../common/pagination/pagination.query.js';
import { COUPON_CODE_STATES, type CouponCodeState } from '../entities/coupon-code.entity.js';

/** `GET /promotions/:id/coupon_codes`: a page, optionally of one batch or one state. */
export class ListCouponCodesQuery extends PaginationQuery {
  @ApiPropertyOptional({ description: 'Only the codes of this batch (`cbatch_…`)' })
  @Optional()
  @IsString()
  @MaxLength(100)
  batch_id?: string;

  @ApiPropertyOptional({ enum: [...COUPON_CODE_STATES] })
  @Optional()
  @IsIn(COUPON_CODE_STATES)
  state?: CouponCodeState;
}
