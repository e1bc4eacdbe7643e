import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { Optional } from '../../../../common/dto/presence.js';
import { LockedBody } from '../../../orders/index.js';

/** Why a unit was refused, or what was noted when accepting it. */
export const RECEPTION_REASONS = [
  'damaged',
  'wrong_item',
  'missing_parts',
  'used',
  'not_returnable',
  'other',
] as const;

/** One unit as it came in. */
export class ReceivedUnitInput {
  @ApiProperty({ description: 'The `ri_…` id of an awaited unit of an authorized return' })
  @IsString()
  @MaxLength(64)
  return_item_id: string;

  @ApiProperty({ enum: ['accepted', 'rejected'] })
  @IsIn(['accepted', 'rejected'])
  acceptance_status: 'accepted' | 'rejected';

  @ApiPropertyOptional({
    enum: RECEPTION_REASONS,
    description: 'Why: required to refuse a unit',
  })
  @Optional()
  @IsIn(RECEPTION_REASONS)
  reason?: (typeof RECEPTION_REASONS)[number];

  @ApiPropertyOptional({
    description: 'Whether an accepted unit goes back into stock; default true',
  })
  @Optional()
  @IsBoolean()
  resellable?: boolean;
}

export class CreateCustomerReturnBody extends LockedBody {
  @ApiPropertyOptional({
    description:
      'The `sloc_…` id of the stock location the units arrived at; default: the one their return authorization names',
  })
  @Optional()
  @IsString()
  @MaxLength(64)
  stock_location_id?: string;

  @ApiProperty({ type: [ReceivedUnitInput], maxItems: 500 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => ReceivedUnitInput)
  return_items: ReceivedUnitInput[];
}
