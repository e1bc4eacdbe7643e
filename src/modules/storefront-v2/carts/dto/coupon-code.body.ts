import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';

/** A coupon code to enter on the cart: matched trimmed, in any case. */
export class CouponCodeBody {
  @ApiProperty({ description: 'The code, e.g. `WELCOME10`', example: 'WELCOME10' })
  @IsString()
  @MaxLength(255)
  coupon_code: string;
}
