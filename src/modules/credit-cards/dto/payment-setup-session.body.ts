import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, IsString, MaxLength, ValidateBy } from 'class-validator';
import { Optional } from '../../../common/dto/presence.js';

const EXTERNAL_DATA_MAX_BYTES = 16 * 1024;

const EXTERNAL_DATA =
  'Data for the gateway. The test card gateway reads the card from `card`: `{number, month, year, verification_value?, name?}` (never stored; only brand, last digits, expiry and holder are kept); other keys are kept as sent';

const ExternalDataField = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: 'object',
      additionalProperties: true,
      description: `${description} (a JSON object of at most 16 KB)`,
    }),
    Optional(),
    IsObject(),
    ValidateBy({
      name: 'externalDataFits',
      validator: {
        validate: (value: unknown) =>
          Buffer.byteLength(JSON.stringify(value)) <= EXTERNAL_DATA_MAX_BYTES,
        defaultMessage: () => 'external_data must be at most 16 KB of JSON',
      },
    }),
  );

export class CreatePaymentSetupSessionBody {
  @ApiProperty({
    description: 'The `pm_…` id of a payment method that keeps cards (the test card)',
  })
  @IsString()
  @MaxLength(64)
  payment_method_id: string;

  @ExternalDataField(EXTERNAL_DATA)
  external_data?: Record<string, unknown>;
}

export class CompletePaymentSetupSessionBody {
  @ExternalDataField(`${EXTERNAL_DATA}; merged into the session's before the card is saved`)
  external_data?: Record<string, unknown>;
}
