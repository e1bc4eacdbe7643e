import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_STOCK_COUNT } from '../stock-count-change.js';
import { Optional } from '../../../../common/dto/presence.js';

const REASON_MAX_LENGTH = 500;

/** A whole number of units within the count's bounds. */
function UnitsField(description: string) {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'integer',
      minimum: -MAX_STOCK_COUNT,
      maximum: MAX_STOCK_COUNT,
      description,
    }),
    Optional(),
    IsInt(),
    Min(-MAX_STOCK_COUNT),
    Max(MAX_STOCK_COUNT),
  );
}

class StockCountFields {
  @ApiPropertyOptional({
    maxLength: REASON_MAX_LENGTH,
    description: 'Why the count changes; required whenever it does',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @Optional()
  @IsString()
  @IsNotEmpty({ message: 'reason must not be blank' })
  @MaxLength(REASON_MAX_LENGTH)
  reason?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'Whether the count may go below zero' })
  @Optional()
  @IsBoolean()
  backorderable?: boolean;
}

export class UpdateStockItemBody extends StockCountFields {
  @UnitsField('Sets the count to this value (or send `adjustment`)')
  count_on_hand?: number;

  @UnitsField('Changes the count by this many units, + or − (or send `count_on_hand`)')
  adjustment?: number;
}

export class CreateStockItemBody extends StockCountFields {
  @ApiProperty({ example: 'variant_k3G7QAe51F' })
  @IsString()
  variant_id: string;

  @ApiProperty({ example: 'sloc_k3G7QAe51F' })
  @IsString()
  stock_location_id: string;

  @UnitsField('Units on hand to start with; 0 when not sent')
  count_on_hand?: number;
}
