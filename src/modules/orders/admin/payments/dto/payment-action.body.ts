import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { AmountField } from '../../../dto/order-fields.js';
import { LockedBody } from '../../../dto/cart.body.js';
import { Optional } from '../../../../../common/dto/presence.js';

export class CapturePaymentBody extends LockedBody {
  @AmountField(
    'How much of the authorized amount to take (a partial capture releases the rest); default: all of it',
  )
  amount?: string | number;
}

export class CreateRefundBody extends LockedBody {
  @ApiProperty({ description: 'The `py_…` id of a completed (captured) payment of the order' })
  @IsString()
  @MaxLength(64)
  payment_id: string;

  @AmountField(
    'How much to give back: at most what the payment captured less its earlier refunds (else 422 `resource_invalid`)',
    { required: true },
  )
  amount: string | number;

  @ApiPropertyOptional({ description: 'Why the money is given back (at most 255 characters)' })
  @Optional()
  @IsString()
  @MaxLength(255)
  reason?: string;
}
