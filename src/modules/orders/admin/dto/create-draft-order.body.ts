import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { EmailField } from '../../../customers/index.js';
import type { OrderItemInput } from './order-item.input.js';
import { OrderItemsField } from './order-items.field.js';
import { CurrencyField } from '../../dto/order-fields.js';
import { TagListField } from '../../../../common/tags/tag-list.field.js';
import { Optional } from '../../../../common/dto/presence.js';
import { CouponCodeField } from './coupon-code.field.js';

export class CreateDraftOrderBody {
  @EmailField({ required: true })
  email: string;

  @CurrencyField()
  currency?: string;

  @ApiPropertyOptional({ description: 'The `cus_…` id of the customer the order is for' })
  @Optional()
  @IsString()
  @MaxLength(64)
  customer_id?: string;

  @OrderItemsField('The lines to start with; each quantity a positive integer')
  items?: OrderItemInput[];

  @TagListField({ required: false, description: 'Staff’s labels for the order' })
  tags?: string[];

  @CouponCodeField(
    'A coupon code to enter on the draft; one that is refused is left out and the draft is made without it',
    { nullable: false },
  )
  coupon_code?: string;
}
