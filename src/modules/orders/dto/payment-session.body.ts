import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { AmountField, MetadataField } from './order-fields.js';
import { Optional } from '../../../common/dto/presence.js';

const EXTERNAL_DATA =
  'Data for the gateway. The test card gateway reads the card from `card`: `{number, month, year, verification_value?, name?}` (never stored; only brand, last digits and expiry are kept); other keys are kept as sent';

export class CreatePaymentSessionBody {
  @ApiProperty({ description: 'The `pm_…` id of a payment method with `session_required`' })
  @IsString()
  @MaxLength(64)
  payment_method_id: string;

  @AmountField('How much the session pays, at most what is left to pay; default: all of it')
  amount?: string | number;

  @MetadataField(EXTERNAL_DATA)
  external_data?: Record<string, unknown>;
}

export class UpdatePaymentSessionBody {
  @AmountField('A new amount, at most what is left to pay')
  amount?: string | number;

  @MetadataField(`${EXTERNAL_DATA}; merged: keys sent are set, keys sent as null removed`)
  external_data?: Record<string, unknown>;
}

export class CompletePaymentSessionBody {
  @ApiPropertyOptional({
    description: "What the provider's checkout reported (kept with the session)",
  })
  @Optional()
  @IsString()
  @MaxLength(255)
  session_result?: string;

  @MetadataField(`${EXTERNAL_DATA}; merged into the session's before the charge`)
  external_data?: Record<string, unknown>;
}
