import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { AddressBody } from '../../../customers/dto/address.body.js';
import { EmailField } from '../../../customers/dto/customer-fields.js';
import { LockedBody } from '../../dto/cart.body.js';
import type { OrderItemInput } from './order-item.input.js';
import { OrderItemsField } from './order-items.field.js';

/** What staff may change on an order; a placed order only takes email and instructions. */
export class UpdateAdminOrderBody extends LockedBody {
  @EmailField({ required: false })
  email?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  special_instructions?: string;

  @ApiPropertyOptional({
    type: AddressBody,
    description: 'Inline billing address (v2 or v3 names)',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => AddressBody)
  bill_address?: AddressBody;

  @ApiPropertyOptional({ type: AddressBody, description: 'Inline shipping address' })
  @IsOptional()
  @ValidateNested()
  @Type(() => AddressBody)
  ship_address?: AddressBody;

  @OrderItemsField("Sets each listed variant's quantity; 0 removes its line")
  items?: OrderItemInput[];
}
