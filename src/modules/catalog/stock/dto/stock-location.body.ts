import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { Optional, OptionalNullable } from '../../../../common/dto/presence.js';

const NAME_MAX_LENGTH = 255;

/** A free-text address field; null clears it. */
function AddressText(maxLength: number) {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength }),
    OptionalNullable(),
    IsString(),
    MaxLength(maxLength),
  );
}

function NameField(required: boolean) {
  return applyDecorators(
    required
      ? ApiProperty({ maxLength: NAME_MAX_LENGTH })
      : ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? value.trim() : value,
    ),
    ...(required ? [] : [Optional()]),
    IsString(),
    IsNotEmpty({ message: 'name must not be blank' }),
    MaxLength(NAME_MAX_LENGTH),
  );
}

class StockLocationFields {
  @ApiPropertyOptional({ type: Boolean, default: true })
  @Optional()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Where orders ship from first; making one the default unmarks the previous one',
  })
  @Optional()
  @IsBoolean()
  default?: boolean;

  @AddressText(255)
  address1?: string | null;

  @AddressText(255)
  address2?: string | null;

  @AddressText(255)
  city?: string | null;

  @AddressText(32)
  zipcode?: string | null;

  @AddressText(255)
  state_name?: string | null;

  @AddressText(50)
  phone?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'US', description: 'ISO 3166-1' })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @OptionalNullable()
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'country_iso must be a two-letter ISO 3166-1 code' })
  country_iso?: string | null;
}

export class CreateStockLocationBody extends StockLocationFields {
  @NameField(true)
  name: string;
}

export class UpdateStockLocationBody extends StockLocationFields {
  @NameField(false)
  name?: string;
}
