import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { AmountField } from '../../../common/money/amount-field.js';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';

const AMOUNT = 'Greater than 0, a decimal string or a number, within the currency’s decimals';

/** Free text kept with the credit; `null` clears it. */
const NoteField = (description: string, maxLength: number) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'string', nullable: true, maxLength, description }),
    OptionalNullable(),
    IsString(),
    MaxLength(maxLength),
  );

const CategoryField = () => NoteField('What the credit is for, e.g. `refund` or `goodwill`', 255);
const MemoField = () => NoteField('A note for staff; customers never see it', 2000);

export class CreateStoreCreditBody {
  @AmountField(AMOUNT, { required: true })
  amount: string | number;

  @ApiPropertyOptional({
    description: "One of the store's supported currencies; default: its default",
  })
  @Optional()
  @IsString()
  @MaxLength(3)
  currency?: string;

  @CategoryField()
  category?: string | null;

  @MemoField()
  memo?: string | null;
}

/** The amount can change only while nothing of the credit is used (else 422 `store_credit_in_use`). */
export class UpdateStoreCreditBody {
  @AmountField(`${AMOUNT}; only while nothing of the credit is used`)
  amount?: string | number;

  @CategoryField()
  category?: string | null;

  @MemoField()
  memo?: string | null;
}
