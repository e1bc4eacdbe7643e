import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, ValidateNested } from 'class-validator';
import { OrderItemInput } from './order-item.input.js';
import { Optional } from '../../../../common/dto/presence.js';

/** The most item entries one request may carry. */
const MAX_ITEMS = 100;

/** An optional list of `{ variant_id, quantity }` entries. */
export function OrderItemsField(description: string) {
  return applyDecorators(
    ApiPropertyOptional({ type: [OrderItemInput], maxItems: MAX_ITEMS, description }),
    Optional(),
    IsArray(),
    ArrayMaxSize(MAX_ITEMS),
    ValidateNested({ each: true }),
    Type(() => OrderItemInput),
  );
}
