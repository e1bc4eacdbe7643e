import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, Max, Min, ValidateBy } from 'class-validator';
import { Decimal } from 'decimal.js';
import {
  Clearable,
  CurrencyCode,
  IdList,
  PriceAmountField,
  SkuField,
  WhenSent,
} from './catalog-fields.js';

/** A weight or dimension: a number from 0, at most 3 decimals; `null` clears it. */
const Measure = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, description }),
    Clearable(),
    // Not IsNumber's maxDecimalPlaces: it throws on numbers JavaScript writes with an
    // exponent and no point (1e-7), a 500 instead of a 422.
    ValidateBy(
      {
        name: 'measure',
        validator: {
          validate: (value) =>
            typeof value === 'number' &&
            Number.isFinite(value) &&
            new Decimal(value).decimalPlaces() <= 3,
        },
      },
      { message: ({ property }) => `${property} must be a number with at most 3 decimals` },
    ),
    Min(0),
    Max(999_999_999),
  );

/** What both creating and changing a variant may set. */
export class UpdateVariantBody {
  @SkuField('Unique in the store among variants not deleted; blank for none')
  sku?: string;

  @IdList('optval_k3G7QAe51F', {
    description: 'The option values the variant is (`optval_…`), at most one per option type',
  })
  option_value_ids?: string[];

  @PriceAmountField('The price in `currency`')
  price?: string | number;

  @PriceAmountField('What it sold for before (shown struck through)', { nullable: true })
  compare_at_price?: string | number | null;

  @CurrencyCode()
  currency?: string;

  @Measure('In grams')
  weight?: number | null;

  @Measure("In the store's length unit")
  height?: number | null;

  @Measure("In the store's length unit")
  width?: number | null;

  @Measure("In the store's length unit")
  depth?: number | null;

  @ApiPropertyOptional({ type: Boolean, description: 'Whether stock counts limit sales' })
  @WhenSent()
  @IsBoolean()
  track_inventory?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description: "Whether it may be sold beyond its stock (set on the variant's stock items)",
  })
  @WhenSent()
  @IsBoolean()
  backorderable?: boolean;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Order among the variants' })
  @WhenSent()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  position?: number;
}

/** A new variant; without a price it takes the default variant's prices. */
export class CreateVariantBody extends UpdateVariantBody {}
