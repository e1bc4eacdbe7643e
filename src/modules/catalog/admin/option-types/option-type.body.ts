import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsNotEmpty,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { OneOfField, PositionField } from '../../../../common/dto/settings-fields.js';
import { Optional, OptionalNullable } from '../../../../common/dto/presence.js';

export const OPTION_KINDS = ['dropdown', 'color_swatch', 'buttons'] as const;
const MAX_VALUES = 200;

const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** `label`, or Spree's name for it, `presentation`: what shoppers read. */
const LabelField = (property: 'label' | 'presentation') =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      maxLength: 255,
      description:
        property === 'label'
          ? 'What shoppers read; `presentation` is accepted for it too. Default: the name'
          : 'Spree’s name for `label`',
    }),
    trimmed(),
    Optional(),
    IsString(),
    IsNotEmpty({ message: `${property} must not be blank` }),
    MaxLength(255),
  );

/** A stable key, e.g. `size` or `m`. */
const KeyField = (required: boolean) =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: String,
      maxLength: 255,
      example: 'size',
    }),
    trimmed(),
    ...(required ? [] : [Optional()]),
    IsString(),
    IsNotEmpty({ message: 'name must not be blank' }),
    MaxLength(255),
  );

/** One value of the option type's list; `id` (or an existing `name`) keeps that value. */
export class OptionValueInput {
  @ApiPropertyOptional({ example: 'optval_8fK2mQ9xLp', description: 'An existing value to keep' })
  @Optional()
  @IsString()
  @MaxLength(100)
  id?: string;

  @KeyField(true)
  name: string;

  @LabelField('label')
  label?: string;

  @LabelField('presentation')
  presentation?: string;

  @PositionField({ description: 'Default: its place in the list' })
  position?: number;

  @ApiPropertyOptional({ type: String, nullable: true, example: '#1E40AF' })
  @OptionalNullable()
  @IsString()
  @Matches(/^#[0-9a-fA-F]{6}$/, { message: 'color_code must be a #RRGGBB color' })
  color_code?: string | null;
}

class OptionTypeFields {
  @LabelField('label')
  label?: string;

  @LabelField('presentation')
  presentation?: string;

  @PositionField()
  position?: number;

  @OneOfField(OPTION_KINDS, { description: 'How a storefront offers the choice' })
  kind?: string;

  @ApiPropertyOptional({
    type: [OptionValueInput],
    maxItems: MAX_VALUES,
    description:
      'The complete list of values: entries with the `id` (or the `name`) of an existing value ' +
      'change it, others are added, and existing values left out are deleted (422 ' +
      '`resource_invalid` while a variant has one). Absent: the values stay as they are.',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(MAX_VALUES)
  @ValidateNested({ each: true })
  @Type(() => OptionValueInput)
  option_values?: OptionValueInput[];
}

export class CreateOptionTypeBody extends OptionTypeFields {
  @KeyField(true)
  name: string;
}

export class UpdateOptionTypeBody extends OptionTypeFields {
  @KeyField(false)
  name?: string;
}
