import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';

/** Field decorators shared by the settings bodies of the Admin API (checked only when sent). */
type FieldOptions = { required?: boolean; nullable?: boolean; description?: string };

const presence = ({ required = false, nullable = false }: FieldOptions) =>
  required
    ? []
    : [
        ValidateIf(
          (_: object, value: unknown) => value !== undefined && !(nullable && value === null),
        ),
      ];

const documented = (options: FieldOptions, schema: Parameters<typeof ApiProperty>[0]) =>
  (options.required ? ApiProperty : ApiPropertyOptional)({
    ...schema,
    ...(options.nullable ? { nullable: true } : {}),
    ...(options.description ? { description: options.description } : {}),
  });

/** A name or label: 1–255 characters. */
export const NameField = (options: FieldOptions = {}) =>
  applyDecorators(
    documented(options, { type: 'string', minLength: 1, maxLength: 255 }),
    ...presence(options),
    IsString(),
    MinLength(1),
    MaxLength(255),
  );

/** Free text up to 5,000 characters. */
export const TextField = (options: FieldOptions = {}) =>
  applyDecorators(
    documented(options, { type: 'string', maxLength: 5000 }),
    ...presence(options),
    IsString(),
    MaxLength(5000),
  );

export const FlagField = (options: FieldOptions = {}) =>
  applyDecorators(documented(options, { type: 'boolean' }), ...presence(options), IsBoolean());

/** A sort position: 0 first. */
export const PositionField = (options: FieldOptions = {}) =>
  applyDecorators(
    documented(options, { type: 'integer', minimum: 0 }),
    ...presence(options),
    IsInt(),
    Min(0),
    Max(1_000_000),
  );

export const OneOfField = (values: readonly string[], options: FieldOptions = {}) =>
  applyDecorators(
    documented(options, { enum: [...values] }),
    ...presence(options),
    IsIn(values, { message: ({ property }) => `${property} must be one of ${values.join(', ')}` }),
  );
