import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsInt, IsString, MaxLength, Min } from 'class-validator';
import { isCurrencyCode } from '../../../common/money/currencies.js';
import type { AddressBody } from '../../customers/index.js';
import {
  CurrencyField,
  InlineAddressField,
  ItemsField,
  type LineItemInput,
  LocaleField,
  MetadataField,
  SpecialInstructionsField,
  WhenSent,
} from './order-fields.js';
import { Optional } from '../../../common/dto/presence.js';

/** Optimistic locking: the version the client read; a stale one is 409. */
export class LockedBody {
  @ApiPropertyOptional({ description: 'The state_lock_version read; a stale one answers 409' })
  @Optional()
  @IsInt()
  @Min(0)
  state_lock_version?: number;
}

export class CreateCartBody {
  @CurrencyField()
  currency?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsEmail()
  @MaxLength(255)
  email?: string;

  @LocaleField()
  locale?: string;

  @MetadataField('Data the storefront keeps with the cart')
  metadata?: Record<string, unknown>;

  @ItemsField(
    'Lines to start the cart with, added as `POST /carts/:id/items` adds them (same errors)',
  )
  items?: LineItemInput[];
}

/** Codes already found valid: checking one builds an `Intl.NumberFormat`, dear per cart. */
const knownCurrencyCodes = new Set<string>();

export function isSupportedCurrency(value: string, supported: string[]): boolean {
  if (!supported.includes(value)) return false;
  if (knownCurrencyCodes.has(value)) return true;
  if (!isCurrencyCode(value)) return false;
  knownCurrencyCodes.add(value);
  return true;
}

export class UpdateCartBody extends LockedBody {
  @ApiPropertyOptional()
  @WhenSent()
  @IsEmail()
  @MaxLength(255)
  email?: string;

  @SpecialInstructionsField('Instructions for the order; the same field as `customer_note`')
  special_instructions?: string;

  @SpecialInstructionsField('Instructions for the order; the same field as `special_instructions`')
  customer_note?: string;

  @CurrencyField(
    "Move the cart to another of the store's currencies: its lines are re-priced there (422 naming any variant without a price in it); unprocessed payments and open payment sessions are dropped",
    WhenSent(),
  )
  currency?: string;

  @LocaleField()
  locale?: string;

  @MetadataField('Merged into the cart’s metadata: keys sent are set, keys sent as null removed')
  metadata?: Record<string, unknown>;

  @ItemsField(
    "Lines to set: each variant's line gets the quantity given (default 1), a new line when the cart has none",
  )
  items?: LineItemInput[];

  @InlineAddressField('Inline billing address')
  billing_address?: AddressBody;

  @InlineAddressField('Inline shipping address')
  shipping_address?: AddressBody;

  @ApiPropertyOptional({ description: 'A saved address (`addr_…`) of the signed-in customer' })
  @Optional()
  @IsString()
  billing_address_id?: string;

  @ApiPropertyOptional({ description: 'A saved address (`addr_…`) of the signed-in customer' })
  @Optional()
  @IsString()
  shipping_address_id?: string;

  @ApiPropertyOptional({
    description:
      'Bill to the shipping address: the shipping address of this request (else the billing address it gives, else the cart’s shipping address) becomes both',
  })
  @Optional()
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
  @Optional()
  quantity?: unknown;

  @MetadataField("Data kept with the line, merged into the line's own")
  metadata?: Record<string, unknown>;
}

export class SetQuantityBody extends LockedBody {
  /** Checked by the service so that a bad or missing quantity answers `invalid_quantity`. */
  @ApiPropertyOptional({
    description: 'A positive integer (required unless only metadata is sent)',
  })
  @Optional()
  quantity?: unknown;

  @MetadataField("Merged into the line's metadata: keys sent are set, keys sent as null removed")
  metadata?: Record<string, unknown>;
}
