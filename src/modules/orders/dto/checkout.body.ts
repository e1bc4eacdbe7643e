import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { CardInput } from '../../payments/index.js';
import { LockedBody } from './cart.body.js';

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

  @ApiPropertyOptional({
    description:
      'Card details for card methods: number, month, year, verification_value, name (never stored; only brand and last digits are kept)',
  })
  @IsOptional()
  @IsObject()
  source?: CardInput;
}

export class ApplyStoreCreditBody extends LockedBody {
  @ApiPropertyOptional({ description: 'At most this much (decimal string); default: the balance' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,15}(\.\d{1,4})?$/, { message: 'amount must be a positive decimal string' })
  amount?: string;
}
