import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { FlagField, NameField } from '../../../common/dto/settings-fields.js';
import { Optional } from '../../../common/dto/presence.js';

const RATE = /^(0(\.\d{1,6})?|1(\.0{1,6})?)$/;
const RATE_MESSAGE =
  'rate must be a decimal string from 0 to 1 with at most 6 decimals ("0.2" is 20 %)';

/** What a tax rate's create and update bodies share (the rest differs in being required). */
class TaxRateFields {
  @ApiPropertyOptional({
    example: 'taxcat_8fK2mQ9xLp',
    description: 'The tax category of the items taxed; default: the store’s default category',
  })
  @Optional()
  @IsString()
  @MaxLength(100)
  tax_category_id?: string;

  @ApiPropertyOptional({
    example: 'default',
    description: 'The tax category by its code, instead of `tax_category_id`',
  })
  @Optional()
  @IsString()
  @Matches(/^[a-z0-9_-]{1,50}$/, { message: 'tax_category must be a lower-case code' })
  tax_category?: string;

  @FlagField({ description: 'VAT style: the tax is part of the price' })
  included_in_price?: boolean;
}

export class UpdateTaxRateBody extends TaxRateFields {
  @NameField()
  name?: string;

  @ApiPropertyOptional({ type: 'string', example: '0.2', description: 'A fraction: "0.2" is 20 %' })
  @Optional()
  @IsString({ message: RATE_MESSAGE })
  @Matches(RATE, { message: RATE_MESSAGE })
  rate?: string;

  @ApiPropertyOptional({ example: 'zone_8fK2mQ9xLp' })
  @Optional()
  @IsString()
  @MaxLength(100)
  zone_id?: string;
}

export class CreateTaxRateBody extends TaxRateFields {
  @NameField({ required: true })
  name: string;

  @ApiProperty({ type: 'string', example: '0.2' })
  @IsString({ message: RATE_MESSAGE })
  @Matches(RATE, { message: RATE_MESSAGE })
  rate: string;

  @ApiProperty({ example: 'zone_8fK2mQ9xLp' })
  @IsString()
  @MaxLength(100)
  zone_id: string;
}
