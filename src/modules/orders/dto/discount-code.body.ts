import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** A discount code to enter on a cart or a draft order: matched trimmed, in any case. */
export class DiscountCodeBody {
  @ApiProperty({ description: 'The code, e.g. `WELCOME10`', example: 'WELCOME10' })
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  code: string;
}
