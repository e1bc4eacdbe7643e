import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../../common/dto/presence.js';

/** How many units of a variant an order should hold. */
export class OrderItemInput {
  @ApiProperty({ description: 'The `variant_…` id' })
  @IsString()
  @MaxLength(64)
  variant_id: string;

  /** Checked by the service so that a bad quantity answers `invalid_quantity`. */
  @ApiProperty({ description: 'A positive integer (0 removes the line when updating an order)' })
  @Optional()
  quantity?: unknown;
}
