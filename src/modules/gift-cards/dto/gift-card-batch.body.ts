import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { AmountField } from '../../../common/money/amount-field.js';
import { CurrencyField, ExpiryField } from './gift-card.body.js';

export const MAX_BATCH_CARDS = 50_000;

/** `POST /admin/gift_card_batches`. */
export class CreateGiftCardBatchBody {
  @ApiProperty({ example: 'WELCOME', description: 'Every code starts with it (upper-cased)' })
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,20}$/, {
    message: 'prefix must be 1 to 20 letters, digits, dashes or underscores',
  })
  prefix: string;

  @AmountField('Each card’s amount, greater than 0', { required: true })
  amount: string | number;

  @CurrencyField()
  currency?: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_BATCH_CARDS })
  @IsInt()
  @Min(1)
  @Max(MAX_BATCH_CARDS)
  codes_count: number;

  @ExpiryField()
  expires_at?: string | null;
}
