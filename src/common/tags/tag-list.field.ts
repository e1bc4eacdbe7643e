import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsString,
  MaxLength,
  MinLength,
} from 'class-validator';
import { Optional } from '../dto/presence.js';

/** The longest tag name, and the most tags one record (or one request) carries. */
export const MAX_TAG_LENGTH = 255;
export const MAX_TAGS = 100;

/** Each name trimmed, repeats dropped (first one kept); anything else is left to the validators. */
export function normalizeTags(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const names = value.map((name: unknown) => (typeof name === 'string' ? name.trim() : name));
  return names.filter((name, index) => typeof name !== 'string' || names.indexOf(name) === index);
}

/**
 * A list of tag names: strings, trimmed and deduplicated, none blank or longer than 255
 * characters; anything else is 422 `validation_error` naming the field. An explicit null is refused.
 */
export function TagListField(options: { required: boolean; description: string }) {
  const documentation: ApiPropertyOptions = {
    type: [String],
    maxItems: MAX_TAGS,
    description: options.description,
  };
  return applyDecorators(
    options.required ? ApiProperty(documentation) : ApiPropertyOptional(documentation),
    Transform(({ value }: { value: unknown }) => normalizeTags(value)),
    ...(options.required ? [ArrayNotEmpty()] : [Optional()]),
    IsArray(),
    ArrayMaxSize(MAX_TAGS),
    IsString({ each: true, message: 'each of $property must be a string' }),
    MinLength(1, { each: true, message: 'each of $property must not be blank' }),
    MaxLength(MAX_TAG_LENGTH, {
      each: true,
      message: `each of $property must be at most ${MAX_TAG_LENGTH} characters`,
    }),
  );
}
