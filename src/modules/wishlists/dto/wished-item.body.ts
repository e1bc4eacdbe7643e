import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Max, Min, MaxLength } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';

const MAX_QUANTITY = 10_000;

export class WishedItemQuantityBody {
  @ApiProperty({ minimum: 1, maximum: MAX_QUANTITY })
  @IsInt()
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity: number;
}

/** A variant wished for; adding one already on the list sets its quantity. */
export class AddWishedItemBody {
  @ApiProperty({ description: 'A `variant_…` id' })
  @IsString()
  @MaxLength(100)
  variant_id: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_QUANTITY, default: 1 })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity?: number;
}
