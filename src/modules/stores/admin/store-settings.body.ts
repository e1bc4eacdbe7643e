import { ApiHideProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsFQDN,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { NameField } from '../../../common/dto/settings-fields.js';
import { isCurrencyCode } from '../../../common/money/currencies.js';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';

const lowerCased = (value: unknown) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;
const IsCurrency = (each = false) =>
  ValidateBy(
    {
      name: 'isCurrency',
      validator: {
        validate: (value: unknown) => isCurrencyCode(value),
        defaultMessage: (args) => `${args?.property} must hold ISO 4217 currency codes (USD)`,
      },
    },
    { each },
  );

/** What `PATCH /store` changes; only the fields sent. */
export class UpdateStoreBody {
  @NameField()
  name?: string;

  @ApiPropertyOptional({ type: 'string', nullable: true, example: 'https://shop.example.com' })
  @OptionalNullable()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @MaxLength(2048)
  url?: string | null;

  @ApiPropertyOptional({
    type: [String],
    example: ['shop.example.com'],
    description:
      'Host names the store answers to, lower-cased; each (like the host of `url`) belongs to one store only',
  })
  @Optional()
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? [...new Set(value.map(lowerCased))] : value,
  )
  @IsArray()
  @ArrayMaxSize(50)
  @IsFQDN({ require_tld: false }, { each: true, message: 'domains must hold host names' })
  domains?: string[];

  /** Refused whenever sent: the operator flags the default store (`store-cli stores set-default`). */
  @ApiHideProperty()
  @ValidateIf((_: object, value: unknown) => value !== undefined)
  @ValidateBy({
    name: 'operatorOnly',
    validator: {
      validate: () => false,
      defaultMessage: () =>
        'is_default is set by the operator (store-cli stores set-default), not through the API',
    },
  })
  is_default?: unknown;

  @ApiPropertyOptional({ example: 'USD', description: 'One of the supported currencies' })
  @Optional()
  @IsString()
  @IsCurrency()
  default_currency?: string;

  @ApiPropertyOptional({ type: [String], example: ['USD', 'EUR'] })
  @Optional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(50)
  @IsCurrency(true)
  supported_currencies?: string[];

  @ApiPropertyOptional({ example: 'en' })
  @Optional()
  @IsString()
  @Matches(/^[a-z]{2,3}(-[A-Z]{2})?$/, {
    message: 'default_locale must be a locale such as en or en-US',
  })
  default_locale?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['en', 'de', 'fr-CA'],
    description:
      'Locales storefronts may ask for (`X-Store-Locale`); the default locale is always one of them',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Matches(/^[a-z]{2,3}(-[A-Z]{2})?$/, {
    each: true,
    message: 'supported_locales must hold locales such as en or en-US',
  })
  supported_locales?: string[];

  @ApiPropertyOptional({ type: 'string', format: 'email', nullable: true })
  @OptionalNullable()
  @IsEmail({}, { message: 'mail_from_address must be an email address' })
  @MaxLength(254)
  mail_from_address?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    format: 'email',
    nullable: true,
    description: 'Where staff alerts (a new order, a disabled webhook endpoint) are e-mailed',
  })
  @OptionalNullable()
  @IsEmail({}, { message: 'staff_notification_address must be an email address' })
  @MaxLength(254)
  staff_notification_address?: string | null;

  @ApiPropertyOptional({
    type: 'string',
    format: 'email',
    nullable: true,
    description: 'Spree’s name of staff_notification_address; send one of the two',
  })
  @OptionalNullable()
  @IsEmail({}, { message: 'new_order_notifications_email must be an email address' })
  @MaxLength(254)
  new_order_notifications_email?: string | null;

  @ApiPropertyOptional({ type: 'string', format: 'email', nullable: true })
  @OptionalNullable()
  @IsEmail({}, { message: 'customer_support_email must be an email address' })
  @MaxLength(254)
  customer_support_email?: string | null;

  @ApiPropertyOptional({ type: 'string', nullable: true, example: 'US' })
  @OptionalNullable()
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim().toUpperCase() : value,
  )
  @IsString()
  @Matches(/^[A-Z]{2}$/, { message: 'default_country_iso must be an ISO 3166-1 alpha-2 code' })
  default_country_iso?: string | null;

  @ApiPropertyOptional({
    description:
      'New customers must confirm their e-mail address (an e-mailed one-time token) before they can sign in',
  })
  @Optional()
  @IsBoolean()
  account_confirmation_required?: boolean;
}
