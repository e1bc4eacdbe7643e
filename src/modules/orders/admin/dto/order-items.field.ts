import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, ValidateNested } from 'class-validator';
import { OrderItemInput } from './order-item.input.js';

/** The most item entries one request may carry. */
const MAX_ITEMS = 100;

/** An optional list of `{ variant_id, quantity }` entries. */
export function OrderItemsField(description: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: [OrderItemInput], maxItems: MAX_ITEMS, description }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(MAX_ITEMS),
    ValidateNested({ each: true }),
    Type(() => OrderItemInput),
  );
}
