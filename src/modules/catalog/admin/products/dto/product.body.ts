import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PRODUCT_STATUSES, type ProductStatus } from '../../../product.entity.js';
import {
  ClearableText,
  ClearableTime,
  CurrencyCode,
  IdList,
  MetadataField,
  NonBlankText,
  PriceAmountField,
  SkuField,
  SlugField,
  TagList,
  WhenSent,
} from './catalog-fields.js';

/** What both creating and changing a product may set. */
class ProductFields {
  @ApiPropertyOptional({ enum: PRODUCT_STATUSES })
  @WhenSent()
  @IsIn(PRODUCT_STATUSES, { message: `status must be one of ${PRODUCT_STATUSES.join(', ')}` })
  status?: ProductStatus;

  @ClearableText(65_535)
  description?: string | null;

  @SlugField()
  slug?: string;

  @PriceAmountField("The default variant's price in `currency`")
  price?: string | number;

  @PriceAmountField('What the default variant sold for before (shown struck through)', {
    nullable: true,
  })
  compare_at_price?: string | number | null;

  @CurrencyCode()
  currency?: string;

  @SkuField("The default variant's SKU")
  sku?: string;

  @TagList()
  tags?: string[];

  @IdList('ctg_k3G7QAe51F', { description: 'The categories the product is in (`ctg_…`)' })
  category_ids?: string[];

  @ClearableTime('When the product goes on sale')
  available_on?: string | null;

  @ClearableTime('When the product stops being sold')
  discontinue_on?: string | null;

  @NonBlankText(255, { description: 'Which tax rates apply, e.g. `default`' })
  tax_category?: string;

  @ClearableText(255)
  meta_title?: string | null;

  @ClearableText(1000)
  meta_description?: string | null;

  @ClearableText(1000)
  meta_keywords?: string | null;

  @MetadataField()
  metadata?: Record<string, unknown>;
}

export class CreateProductBody extends ProductFields {
  @NonBlankText(255, { required: true })
  name: string;
}

export class UpdateProductBody extends ProductFields {
  @NonBlankText(255)
  name?: string;
}
