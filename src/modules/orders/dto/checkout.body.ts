import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsString, MaxLength } from 'class-validator';
import type { CardInput } from '../../payments/index.js';
import { LockedBody } from './cart.body.js';
import { AmountField, MetadataField } from './order-fields.js';
import { Optional } from '../../../common/dto/presence.js';

export class SelectRateBody extends LockedBody {
  @ApiProperty({ description: 'The `dr_…` id of one of the fulfillment’s delivery rates' })
  @IsString()
  @MaxLength(64)
  selected_delivery_rate_id: string;
}

export class CreatePaymentBody extends LockedBody {
  @ApiProperty({ description: 'The `pm_…` id of one of the cart’s payment methods' })
  @IsString()
  @MaxLength(64)
  payment_method_id: string;

  @AmountField(
    'A partial payment of this much, at most what is left to pay (else 422); without it the payment covers whatever is left when the order is placed',
  )
  amount?: string | number;

  @MetadataField('Data the storefront keeps with the payment')
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({
    description:
      'Card details for card methods: number, month, year, verification_value, name (never stored; only brand and last digits are kept)',
  })
  @Optional()
  @IsObject()
  source?: CardInput;
}

export class ApplyStoreCreditBody extends LockedBody {
  @AmountField(
    'At most this much (a decimal string or a number, within the currency’s decimals); default: as much as the balance allows',
  )
  amount?: string | number;
}
