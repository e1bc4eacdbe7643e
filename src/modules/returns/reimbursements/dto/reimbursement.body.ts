import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { Optional } from '../../../../common/dto/presence.js';
import { AmountField, LockedBody } from '../../../orders/index.js';

/** What part of the reimbursement one captured payment gives back. */
export class RefundPartInput {
  @ApiProperty({ description: 'The `py_…` id of a completed (captured) payment of the order' })
  @IsString()
  @MaxLength(64)
  payment_id: string;

  @AmountField('How much of the reimbursement this payment gives back', { required: true })
  amount: string | number;
}

export class CreateReimbursementBody extends LockedBody {
  @ApiPropertyOptional({
    type: [String],
    maxItems: 500,
    description:
      'The `ri_…` ids of accepted units not yet reimbursed (for an exchange, each with an exchange variant); default: every such unit of the order',
  })
  @Optional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  return_item_ids?: string[];

  @ApiPropertyOptional({
    enum: ['refund', 'store_credit', 'exchange'],
    description:
      'Money back to the order’s payments (default), a store credit for the order’s customer, or an exchange: the units’ exchange variants shipped in a new shipment, a higher price left to pay through a payment session, a lower one refunded',
  })
  @Optional()
  @IsIn(['refund', 'store_credit', 'exchange'])
  kind?: 'refund' | 'store_credit' | 'exchange';

  @ApiPropertyOptional({
    description:
      'Also give back the order’s shipping (cost and its tax) not given back before; default false; not with an exchange',
  })
  @Optional()
  @IsBoolean()
  refund_shipping?: boolean;

  @ApiPropertyOptional({
    type: [RefundPartInput],
    maxItems: 20,
    description:
      'How the refund (of an exchange: the difference in price) is split over the captured payments (adding up to it); default: card payments first, each up to what it may still refund',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => RefundPartInput)
  payments?: RefundPartInput[];
}
