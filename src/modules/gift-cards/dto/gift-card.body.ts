import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsISO8601, IsString, Matches, MaxLength } from 'class-validator';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';
import { AmountField } from '../../../common/money/amount-field.js';

const AMOUNT = 'Greater than 0, a decimal string or a number, within the currency’s decimals';

export const ExpiryField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      example: '2030-12-31',
      description: 'An ISO 8601 date or time after which the card cannot be spent; null: never',
    }),
    OptionalNullable(),
    IsISO8601({ strict: true }, { message: 'expires_at must be an ISO 8601 date or time' }),
  );

const Text = (description: string, maxLength: number) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'string', nullable: true, maxLength, description }),
    OptionalNullable(),
    IsString(),
    MaxLength(maxLength),
  );

export const CurrencyField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: "One of the store's currencies; default: its default" }),
    Optional(),
    IsString(),
    MaxLength(3),
  );

/** `POST /admin/gift_cards`. */
export class CreateGiftCardBody {
  @AmountField(AMOUNT, { required: true })
  amount: string | number;

  @CurrencyField()
  currency?: string;

  @ApiPropertyOptional({
    description: 'The code (kept upper case, matched in any case); generated when omitted',
    example: 'WELCOME50',
  })
  @Optional()
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{4,64}$/, {
    message: 'code must be 4 to 64 letters, digits, dashes or underscores',
  })
  code?: string;

  @ExpiryField()
  expires_at?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'Whom it is for' })
  @OptionalNullable()
  @IsEmail({}, { message: 'recipient_email must be an email address' })
  recipient_email?: string | null;

  @Text('The recipient’s name', 255)
  recipient_name?: string | null;

  @Text('Who gives it', 255)
  sender_name?: string | null;

  @Text('A message for the recipient', 2000)
  message?: string | null;
}

/** `PATCH /admin/gift_cards/:id`: the amount only while nothing of it is used. */
export class UpdateGiftCardBody {
  @AmountField(`${AMOUNT}; only while nothing of the card is used`)
  amount?: string | number;

  @ExpiryField()
  expires_at?: string | null;

  @ApiPropertyOptional({
    description: 'true disables the card (it cannot be spent); false enables it',
  })
  @Optional()
  @IsBoolean()
  disabled?: boolean;

  @ApiPropertyOptional({ type: 'string', nullable: true })
  @OptionalNullable()
  @IsEmail({}, { message: 'recipient_email must be an email address' })
  recipient_email?: string | null;

  @Text('A message for the recipient', 2000)
  message?: string | null;
}
