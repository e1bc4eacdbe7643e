import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { AmountField } from '../../../common/money/amount-field.js';
import {
  FlagField,
  NameField,
  OneOfField,
  PositionField,
} from '../../../common/dto/settings-fields.js';
import {
  DELIVERY_CALCULATORS,
  DELIVERY_DISPLAY_ON,
  type DeliveryCalculator,
  type DeliveryDisplayOn,
} from '../delivery-method.entity.js';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';

const ZoneIds = () =>
  applyDecorators(
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(50),
    ArrayUnique({ message: 'zone_ids must not repeat a zone' }),
    IsString({ each: true }),
    MaxLength(100, { each: true }),
  );
const CurrencyCode = () =>
  applyDecorators(
    IsString(),
    Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code' }),
  );

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

/** The settings of a method that are optional both on create and on change. */
class DeliveryMethodSettingsBody {
  @ApiPropertyOptional({
    type: 'string',
    nullable: true,
    example: 'UPS_GROUND',
    description: 'A code for integrations, unique in the store',
  })
  @OptionalNullable()
  @IsString()
  @Matches(/^[A-Za-z0-9_.-]{1,100}$/, {
    message: 'code must be 1 to 100 letters, digits, dots, dashes or underscores',
  })
  code?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, example: 'default' })
  @OptionalNullable()
  @IsString()
  @Matches(/^[a-z0-9_-]{1,50}$/, { message: 'tax_category must be a lower-case code' })
  tax_category?: string | null;

  @OneOfField(DELIVERY_DISPLAY_ON, {
    description: 'both (the default) or front_end: offered to carts; back_end: never to carts',
  })
  display_on?: DeliveryDisplayOn;

  @FlagField()
  active?: boolean;

  @PositionField()
  position?: number;
}

/** What `PATCH /delivery_methods/:id` changes; only the fields sent. */
export class UpdateDeliveryMethodBody extends DeliveryMethodSettingsBody {
  @NameField()
  name?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['zone_8fK2mQ9xLp'],
    description: 'The zones the method ships to (an address in any of them)',
  })
  @Optional()
  @ZoneIds()
  zone_ids?: string[];

  @ApiPropertyOptional({ type: CalculatorBody })
  @Optional()
  @IsObject()
  @ValidateNested()
  @Type(() => CalculatorBody)
  calculator?: CalculatorBody;

  @ApiPropertyOptional({ example: 'USD', description: 'One of the store’s supported currencies' })
  @Optional()
  @CurrencyCode()
  currency?: string;
}

/** `POST /delivery_methods`: name, zones, calculator and currency are required. */
export class CreateDeliveryMethodBody extends DeliveryMethodSettingsBody {
  @NameField({ required: true })
  name: string;

  @ApiProperty({
    type: [String],
    example: ['zone_8fK2mQ9xLp'],
    description: 'The zones the method ships to (an address in any of them)',
  })
  @ZoneIds()
  zone_ids: string[];

  @ApiProperty({ type: CalculatorBody })
  @IsObject()
  @ValidateNested()
  @Type(() => CalculatorBody)
  calculator: CalculatorBody;

  @ApiProperty({ example: 'USD', description: 'One of the store’s supported currencies' })
  @CurrencyCode()
  currency: string;
}
