import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsObject,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import type { AddressBody } from '../../../customers/index.js';
import {
  AmountField,
  InlineAddressField,
  LockedBody,
  SpecialInstructionsField,
} from '../../../orders/index.js';
import { Optional } from '../../../../common/dto/presence.js';

/**
 * Nested attributes as Rails clients send them: an array, or an object keyed by position
 * (`{"0": {...}}`); either way a list of `type` instances.
 */
const NestedAttributes = (type: new () => object, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: [type], description }),
    Optional(),
    Transform(({ value }: { value: unknown }) => {
      const list =
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? Object.values(value)
          : value;
      return Array.isArray(list) ? plainToInstance(type, list as object[]) : list;
    }),
    IsArray(),
    ArrayMaxSize(20),
    ValidateNested({ each: true }),
  );

export class ShipmentAttributes {
  @ApiPropertyOptional({ description: 'The shipment (`ful_…`)' })
  @IsString()
  @MaxLength(64)
  id: string;

  @ApiPropertyOptional({ description: 'One of its shipping rates (`dr_…`)' })
  @IsString()
  @MaxLength(64)
  selected_shipping_rate_id: string;
}

export class PaymentAttributes {
  @ApiPropertyOptional({ description: 'A payment method of the cart (`pm_…`)' })
  @IsString()
  @MaxLength(64)
  payment_method_id: string;

  @AmountField('At most this much; default: what is left to pay')
  amount?: string | number;

  @ApiPropertyOptional({
    description:
      'Card details for card methods: number, month, year, verification_value, name (never stored; only brand and last digits are kept)',
  })
  @Optional()
  @IsObject()
  source_attributes?: Record<string, unknown>;
}

/** The contract's `order` object of `PATCH /checkout`. */
export class CheckoutOrderBody {
  @ApiPropertyOptional()
  @Optional()
  @IsEmail()
  @MaxLength(255)
  email?: string;

  @InlineAddressField('Billing address')
  bill_address_attributes?: AddressBody;

  @InlineAddressField('Shipping address')
  ship_address_attributes?: AddressBody;

  @SpecialInstructionsField('Instructions for the order')
  special_instructions?: string;

  @NestedAttributes(ShipmentAttributes, 'The shipping rate to select per shipment')
  shipments_attributes?: ShipmentAttributes[];

  @NestedAttributes(PaymentAttributes, 'Payments to add (charged when the order is placed)')
  payments_attributes?: PaymentAttributes[];
}

export class CheckoutBody extends LockedBody {
  @ApiPropertyOptional({ type: CheckoutOrderBody })
  @Optional()
  @ValidateNested()
  @Type(() => CheckoutOrderBody)
  order?: CheckoutOrderBody;
}

export class SelectShippingMethodBody extends LockedBody {
  @ApiPropertyOptional({ description: 'The shipping method (`dm_…`) to select (required)' })
  @IsString()
  @MaxLength(64)
  shipping_method_id: string;

  @ApiPropertyOptional({ description: 'Only this shipment (`ful_…`); default: every shipment' })
  @Optional()
  @IsString()
  @MaxLength(64)
  shipment_id?: string;
}

export class CheckoutPaymentBody extends PaymentAttributes {}

export class StoreCreditBody extends LockedBody {
  @AmountField('At most this much; default: as much as the balance allows')
  amount?: string | number;
}
