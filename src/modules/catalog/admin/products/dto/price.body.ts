import { CurrencyCode, PriceAmountField } from './catalog-fields.js';

const AMOUNT = 'The amount, zero or more, within the currency’s decimals';
const COMPARE_AT = 'What it sold for before (shown struck through); `null` clears it';

export class CreatePriceBody {
  @PriceAmountField(AMOUNT, { required: true })
  amount: string | number;

  @PriceAmountField(COMPARE_AT, { nullable: true })
  compare_at_amount?: string | number | null;

  @CurrencyCode()
  currency?: string;
}

export class UpdatePriceBody {
  @PriceAmountField(AMOUNT)
  amount?: string | number;

  @PriceAmountField(COMPARE_AT, { nullable: true })
  compare_at_amount?: string | number | null;
}
