import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Matches } from 'class-validator';
import { FlagField, NameField, TextField } from '../../../common/dto/settings-fields.js';
import { Optional } from '../../../common/dto/presence.js';

/** The key products, tax rates and delivery methods name a tax category by. */
export const TAX_CATEGORY_CODE = /^[a-z0-9_-]{1,50}$/;
export const TAX_CATEGORY_CODE_MESSAGE =
  'must be a lower-case code: 1 to 50 letters, digits, dashes or underscores';

const trimmed = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

class TaxCategoryFields {
  @ApiPropertyOptional({
    type: 'string',
    example: 'clothing',
    description:
      'The key products, tax rates and delivery methods name the category by (their `tax_category`); ' +
      'default: made from the name. It cannot change while something uses it',
  })
  @Optional()
  @IsString()
  @Matches(TAX_CATEGORY_CODE, { message: `code ${TAX_CATEGORY_CODE_MESSAGE}` })
  code?: string;

  @FlagField({
    description:
      'The store’s default category (new tax rates get it); making one the default unmarks the previous one',
  })
  is_default?: boolean;

  @TextField({ nullable: true })
  description?: string | null;
}

export class CreateTaxCategoryBody extends TaxCategoryFields {
  @trimmed()
  @NameField({ required: true })
  name: string;
}

export class UpdateTaxCategoryBody extends TaxCategoryFields {
  @trimmed()
  @NameField()
  name?: string;
}
