import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';
import { FlagField } from '../../../common/dto/settings-fields.js';

export const MAX_BATCH_CODES = 100_000;
export const DEFAULT_CODE_LENGTH = 8;

/** `POST /promotions/:id/coupon_code_batches`. */
export class CreateCodeBatchBody {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_BATCH_CODES })
  @IsInt()
  @Min(1)
  @Max(MAX_BATCH_CODES)
  count: number;

  @ApiPropertyOptional({
    example: 'summer-',
    description: 'Every code starts with it (lower-cased)',
  })
  @Optional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{0,20}$/, {
    message: 'prefix must be at most 20 letters, digits, dashes or underscores',
  })
  prefix?: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 4,
    maximum: 32,
    description: `Random characters after the prefix; default ${DEFAULT_CODE_LENGTH}`,
  })
  @Optional()
  @IsInt()
  @Min(4)
  @Max(32)
  length?: number;

  @FlagField({ description: 'Each code is good for one order only' })
  single_use?: boolean;
}
