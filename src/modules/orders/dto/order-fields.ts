import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsObject,
  IsString,
  MaxLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { AddressBody } from '../../customers/index.js';
import { METADATA_MAX_BYTES, metadataFits } from '../domain/metadata.js';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';

export { AmountField } from '../../../common/money/amount-field.js';

/** Validates a field only when the request has it (`null` included). */
export const WhenSent = Optional;

/** Free-text instructions for the order (at most 1000 characters); `null` clears them. */
export const SpecialInstructionsField = (description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, description }),
    OptionalNullable(),
    IsString(),
    MaxLength(1000),
  );

/** An address given inline, in v2 or v3 field names; which fields are required is checked later. */
export const InlineAddressField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: AddressBody, description: `${description} (v2 or v3 names)` }),
    Optional(),
    ValidateNested(),
    Type(() => AddressBody),
  );

/** An order's currency: one of the store's supported currencies (checked by the service). */
export const CurrencyField = (
  description = "One of the store's supported currencies; default: its default",
  presence: PropertyDecorator = Optional(),
) => applyDecorators(ApiPropertyOptional({ description }), presence, IsString(), MaxLength(3));

/** A locale code; whether the store has it is checked by the service. */
export const LocaleField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: "One of the store's locales (`GET /locales`)" }),
    WhenSent(),
    IsString(),
    MaxLength(16),
  );

/** Free-form JSON data kept with a record: an object of at most `METADATA_MAX_BYTES`. */
export const MetadataField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: true,
      description: `${description} (a JSON object of at most ${METADATA_MAX_BYTES / 1024} KB)`,
    }),
    WhenSent(),
    IsObject(),
    ValidateBy({
      name: 'metadataFits',
      validator: {
        validate: (value: unknown) => metadataFits(value),
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be at most ${METADATA_MAX_BYTES / 1024} KB of JSON`,
      },
    }),
  );

/** One line the client wants in the cart: `{variant_id, quantity?, metadata?}`. */
export class LineItemInput {
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

/** The lines of a create or update request (at most 100). */
export const ItemsField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: [LineItemInput], description }),
    WhenSent(),
    IsArray(),
    ArrayMaxSize(100),
    ValidateNested({ each: true }),
    Type(() => LineItemInput),
  );
