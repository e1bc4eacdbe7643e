import type { AddressBody } from '../../../customers/index.js';
import { EmailField } from '../../../customers/index.js';
import { LockedBody } from '../../dto/cart.body.js';
import { InlineAddressField, SpecialInstructionsField } from '../../dto/order-fields.js';
import type { OrderItemInput } from './order-item.input.js';
import { OrderItemsField } from './order-items.field.js';
import { TagListField } from '../../../../common/tags/tag-list.field.js';
import { CouponCodeField } from './coupon-code.field.js';

/** What staff may change on an order; a placed order only takes email, instructions and tags. */
export class UpdateAdminOrderBody extends LockedBody {
  @EmailField({ required: false })
  email?: string;

  @SpecialInstructionsField()
  special_instructions?: string;

  @InlineAddressField('Inline billing address')
  bill_address?: AddressBody;

  @InlineAddressField('Inline shipping address')
  ship_address?: AddressBody;

  @OrderItemsField("Sets each listed variant's quantity; 0 removes its line")
  items?: OrderItemInput[];

  @TagListField({ required: false, description: 'Replaces the order’s tags' })
  tags?: string[];

  @CouponCodeField(
    'Enters a coupon code on a draft (one it already carries stays as it is; a refused one is 422 on `code`); `null` takes every code off',
    { nullable: true },
  )
  coupon_code?: string | null;
}
