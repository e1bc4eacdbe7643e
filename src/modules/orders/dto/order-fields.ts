import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { AddressBody } from '../../customers/index.js';

/** Free-text instructions for the order (at most 1000 characters). */
export const SpecialInstructionsField = () =>
  applyDecorators(ApiPropertyOptional(), IsOptional(), IsString(), MaxLength(1000));

/** An address given inline, in v2 or v3 field names; which fields are required is checked later. */
export const InlineAddressField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: AddressBody, description: `${description} (v2 or v3 names)` }),
    IsOptional(),
    ValidateNested(),
    Type(() => AddressBody),
  );

/** An order's currency: one of the store's supported currencies (checked by the service). */
export const CurrencyField = () =>
  applyDecorators(
    ApiPropertyOptional({
      description: "One of the store's supported currencies; default: its default",
    }),
    IsOptional(),
    IsString(),
    MaxLength(3),
  );
