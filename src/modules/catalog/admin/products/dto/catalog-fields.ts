import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { decimalText } from '../../../../../common/money/decimal-amount.js';
import { Optional, OptionalNullable } from '../../../../../common/dto/presence.js';

/** Validates a field only when the request has it (an explicit `null` is refused like any wrong type). */
export const WhenSent = Optional;

/** Validates a field only when the request has it with a value; `null` clears it. */
export const Clearable = OptionalNullable;

const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** The most JSON a record's metadata may take, in bytes. */
export const METADATA_MAX_BYTES = 16 * 1024;

/** A trimmed, non-blank text of at most `maxLength` characters. */
export const NonBlankText = (
  maxLength: number,
  { required = false, description }: { required?: boolean; description?: string } = {},
) =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({ maxLength, description }),
    trimmed(),
    ...(required ? [] : [WhenSent()]),
    IsString(),
    IsNotEmpty({ message: ({ property }) => `${property} must not be blank` }),
    MaxLength(maxLength),
  );

/** A text that `null` clears. */
export const ClearableText = (maxLength: number, description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength, description }),
    Clearable(),
    IsString(),
    MaxLength(maxLength),
  );

/** An ISO 8601 time that `null` clears. */
export const ClearableTime = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description }),
    Clearable(),
    IsISO8601(
      { strict: true },
      { message: ({ property }) => `${property} must be an ISO 8601 time` },
    ),
  );

/** A list of public ids of one kind (`prefix_…`). */
export const IdList = (
  example: string,
  { required = false, description }: { required?: boolean; description?: string } = {},
) =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: [String],
      example: [example],
      description,
      maxItems: 100,
    }),
    ...(required ? [ArrayMinSize(1)] : [WhenSent()]),
    IsArray(),
    ArrayMaxSize(100),
    IsString({ each: true }),
    MaxLength(64, { each: true }),
  );

/** Tag names: each 1–255 characters, at most 100. */
export const TagList = ({ required = false }: { required?: boolean } = {}) =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: [String],
      example: ['summer', 'sale'],
      maxItems: 100,
    }),
    ...(required ? [ArrayMinSize(1)] : [WhenSent()]),
    IsArray(),
    ArrayMaxSize(100),
    IsString({ each: true }),
    IsNotEmpty({ each: true, message: 'tags must not be blank' }),
    MaxLength(255, { each: true }),
  );

/** A product slug: lower-case words joined by hyphens. */
export const SlugField = () =>
  applyDecorators(
    ApiPropertyOptional({ example: 'classic-t-shirt', maxLength: 200 }),
    trimmed(),
    WhenSent(),
    IsString(),
    MaxLength(200),
    Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      message: 'slug must be lower-case letters and digits joined by hyphens',
    }),
  );

/** A three-letter currency code, one of the store's (checked by the service). */
export const CurrencyCode = () =>
  applyDecorators(
    ApiPropertyOptional({ example: 'USD', description: "One of the store's currencies" }),
    WhenSent(),
    IsString(),
    Matches(/^[A-Za-z]{3}$/, { message: 'currency must be a three-letter ISO 4217 code' }),
  );

/** Free-form JSON data kept with a record. */
export const MetadataField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: true,
      description: `Free-form JSON (an object of at most ${METADATA_MAX_BYTES / 1024} KB)`,
    }),
    WhenSent(),
    IsObject(),
    ValidateBy({
      name: 'metadataFits',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Buffer.byteLength(JSON.stringify(value)) <= METADATA_MAX_BYTES,
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be a JSON object of at most ${METADATA_MAX_BYTES / 1024} KB`,
      },
    }),
  );

/** A stock keeping unit: trimmed, at most 255 characters; blank means none. */
export const SkuField = (description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ maxLength: 255, description }),
    trimmed(),
    WhenSent(),
    IsString(),
    MaxLength(255),
  );

/**
 * An amount as the client sends it: a decimal string (`"10.50"`) or a JSON number taken by its
 * decimal spelling; its scale is checked against the currency by the service. `nullable`: `null`
 * clears it.
 */
export const PriceAmountField = (
  description: string,
  { required = false, nullable = false }: { required?: boolean; nullable?: boolean } = {},
) =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      oneOf: [
        { type: 'string', example: '10.50' },
        { type: 'number', example: 10.5 },
      ],
      nullable,
      description,
    }),
    ...(required
      ? []
      : [
          ValidateIf(
            (_: object, value: unknown) => value !== undefined && !(nullable && value === null),
          ),
        ]),
    ValidateBy({
      name: 'isDecimalAmount',
      validator: {
        validate: (value: unknown) => decimalText(value) !== undefined,
        defaultMessage: (args) =>
          `${args?.property ?? 'value'} must be a non-negative decimal amount, as a string ("10.50") or a number`,
      },
    }),
  );
