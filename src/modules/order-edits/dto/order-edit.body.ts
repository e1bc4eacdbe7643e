import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { LockedBody } from '../../orders/index.js';

/** A variant's quantity in the order once the edit is confirmed. */
export class OrderEditItemInput {
  @ApiProperty({ description: 'The `variant_…` id: one of the order’s, or one to add' })
  @IsString()
  @MaxLength(64)
  variant_id: string;

  @ApiProperty({
    description: 'Units of the variant the order holds after the edit; 0 removes its line',
  })
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  quantity: number;
}

/**
 * The edit's line changes, each setting one variant's quantity: a variant the order lacks is a
 * line added, 0 removes a line, and a change of variant is its old variant at 0 and the new one
 * at the quantity wanted.
 */
export class OrderEditBody extends LockedBody {
  @ApiProperty({ type: [OrderEditItemInput], minItems: 1, maxItems: 100 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => OrderEditItemInput)
  items: OrderEditItemInput[];
}

/** Confirming or canceling an edit: optionally the order's version as read. */
export class OrderEditActionBody extends LockedBody {}
