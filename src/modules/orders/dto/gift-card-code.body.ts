import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** A gift card code to apply to a cart: matched trimmed, in any case. */
export class GiftCardCodeBody {
  @ApiProperty({ description: 'The gift card code', example: 'GC7QX2M9TK4RB8WD' })
  @IsString()
  @MinLength(1)
  @MaxLength(255)
  code: string;
}
