import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { isCurrencyCode } from '../../../common/money/currencies.js';
import type { AddressBody } from '../../customers/index.js';
import { CurrencyField, InlineAddressField, SpecialInstructionsField } from './order-fields.js';

/** Optimistic locking: the version the client read; a stale one is 409. */
export class LockedBody {
  @ApiPropertyOptional({ description: 'The state_lock_version read; a stale one answers 409' })
  @IsOptional()
  @IsInt()
  @Min(0)
  state_lock_version?: number;
}

export class CreateCartBody {
  @CurrencyField()
  currency?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsEmail()
  @MaxLength(255)
  email?: string;
}

export function isSupportedCurrency(value: string, supported: string[]): boolean {
  return isCurrencyCode(value) && supported.includes(value);
}

export class UpdateCartBody extends LockedBody {
  @ApiPropertyOptional()
  @IsOptional()
  @IsEmail()
  @MaxLength(255)
  email?: string;

  @SpecialInstructionsField()
  special_instructions?: string;

  @InlineAddressField('Inline billing address')
  billing_address?: AddressBody;

  @InlineAddressField('Inline shipping address')
  shipping_address?: AddressBody;

  @ApiPropertyOptional({ description: 'A saved address (`addr_…`) of the signed-in customer' })
  @IsOptional()
  @IsString()
  billing_address_id?: string;

  @ApiPropertyOptional({ description: 'A saved address (`addr_…`) of the signed-in customer' })
  @IsOptional()
  @IsString()
  shipping_address_id?: string;

  @ApiPropertyOptional({ description: 'Ship to the billing address' })
  @IsOptional()
  @IsBoolean()
  use_shipping?: boolean;
}

export class AddItemBody extends LockedBody {
  @ApiPropertyOptional({ description: 'The `variant_…` id (required)' })
  @IsString()
  @MaxLength(64)
  variant_id: string;

  /** Checked by the service so that a bad quantity answers `invalid_quantity`. */
  @ApiPropertyOptional({ description: 'A positive integer; default 1' })
  @IsOptional()
  quantity?: unknown;
}

export class SetQuantityBody extends LockedBody {
  /** Checked by the service so that a bad or missing quantity answers `invalid_quantity`. */
  @ApiPropertyOptional({ description: 'A positive integer (required)' })
  @IsOptional()
  quantity?: unknown;
}
