import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { AmountField } from '../../../common/money/amount-field.js';
import {
  FlagField,
  NameField,
  OneOfField,
  PositionField,
} from '../../../common/dto/settings-fields.js';
import { DELIVERY_CALCULATORS, type DeliveryCalculator } from '../delivery-method.entity.js';

const whenSent = () => ValidateIf((_: object, value: unknown) => value !== undefined);

export class CalculatorBody {
  @OneOfField(DELIVERY_CALCULATORS, { required: true })
  type: DeliveryCalculator;

  @AmountField('The price per shipment (flat_rate, free_over_amount) or per unit (per_item)', {
    required: true,
  })
  amount: string | number;

  @AmountField('free_over_amount only: shipments whose items reach it ship free')
  minimum_amount?: string | number;
}

export class UpdateDeliveryMethodBody {
  @NameField()
  name?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['zone_8fK2mQ9xLp'],
    description: 'The zone the method ships to (one zone per method)',
  })
  @whenSent()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1, { message: 'zone_ids must name exactly one zone' })
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  zone_ids?: string[];

  @ApiPropertyOptional({ type: 'string', nullable: true, example: 'default' })
  @ValidateIf((_: object, value: unknown) => value !== undefined && value !== null)
  @IsString()
  @Matches(/^[a-z0-9_-]{1,50}$/, { message: 'tax_category must be a lower-case code' })
  tax_category?: string | null;

  @ApiPropertyOptional({ type: CalculatorBody })
  @whenSent()
  @IsObject()
  @ValidateNested()
  @Type(() => CalculatorBody)
  calculator?: CalculatorBody;

  @ApiPropertyOptional({ example: 'USD' })
  @whenSent()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code' })
  currency?: string;

  @FlagField()
  active?: boolean;

  @PositionField()
  position?: number;
}

export class CreateDeliveryMethodBody extends UpdateDeliveryMethodBody {
  @NameField({ required: true })
  declare name: string;

  @ApiProperty({ type: [String], example: ['zone_8fK2mQ9xLp'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1, { message: 'zone_ids must name exactly one zone' })
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  declare zone_ids: string[];

  @ApiProperty({ type: CalculatorBody })
  @IsObject()
  @ValidateNested()
  @Type(() => CalculatorBody)
  declare calculator: CalculatorBody;

  @ApiProperty({ example: 'USD' })
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code' })
  declare currency: string;
}
