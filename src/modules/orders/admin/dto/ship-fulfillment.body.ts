import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { LockedBody } from '../../dto/cart.body.js';

export class ShipFulfillmentBody extends LockedBody {
  @ApiPropertyOptional({ description: 'The carrier tracking number', maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  tracking?: string;
}
