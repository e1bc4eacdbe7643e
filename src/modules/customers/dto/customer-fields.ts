import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsObject,
  IsString,
  MaxLength,
  MinLength,
  ValidateBy,
} from 'class-validator';
import { normalizeEmailInput } from '../customer-email.js';
import { Optional, OptionalNullable } from '../../../common/dto/presence.js';

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
const EMAIL_MAX_LENGTH = 254;

/** An email address, trimmed and lower-cased before it is validated. */
export function EmailField(options: { required: boolean }) {
  const documentation = { format: 'email', maxLength: EMAIL_MAX_LENGTH };
  return applyDecorators(
    options.required ? ApiProperty(documentation) : ApiPropertyOptional(documentation),
    Transform(({ value }: { value: unknown }) => normalizeEmailInput(value)),
    ...(options.required ? [] : [Optional()]),
    IsEmail({}, { message: 'email must be a valid email address' }),
    MaxLength(EMAIL_MAX_LENGTH),
  );
}

/** A new password: at least 8 characters. */
export function NewPasswordField(options: { required: boolean }) {
  const documentation = { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH };
  return applyDecorators(
    options.required ? ApiProperty(documentation) : ApiPropertyOptional(documentation),
    ...(options.required ? [] : [Optional()]),
    IsString(),
    MinLength(PASSWORD_MIN_LENGTH, {
      message: `password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    }),
    MaxLength(PASSWORD_MAX_LENGTH),
  );
}

/**
 * `password_confirmation`: optional, but when sent it must equal `password` (also when no password
 * is sent: a confirmation of nothing is a mismatch).
 */
export function PasswordConfirmationField() {
  return applyDecorators(
    ApiPropertyOptional({ description: 'When sent, must equal `password`' }),
    Optional(),
    ValidateBy({
      name: 'matchesPassword',
      validator: {
        validate: (value: unknown, args) =>
          typeof value === 'string' && value === (args?.object as { password?: unknown }).password,
        defaultMessage: () => 'password_confirmation must match password',
      },
    }),
  );
}

/** A free-text profile field; null clears it. */
function ProfileText(maxLength: number) {
  return applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength }),
    OptionalNullable(),
    IsString(),
    MaxLength(maxLength),
  );
}

/** What a customer (or staff) may change about a customer without proving anything. */
export class CustomerProfileFields {
  @ProfileText(100)
  first_name?: string | null;

  @ProfileText(100)
  last_name?: string | null;

  @ProfileText(50)
  phone?: string | null;

  @ApiPropertyOptional({ type: Boolean })
  @Optional()
  @IsBoolean()
  accepts_marketing?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'The client’s name of `accepts_marketing`; when both are sent they must agree',
  })
  @Optional()
  @IsBoolean()
  @ValidateBy({
    name: 'agreesWithAcceptsMarketing',
    validator: {
      validate: (value: unknown, args) => {
        const other = (args?.object as { accepts_marketing?: unknown }).accepts_marketing;
        return other === undefined || other === value;
      },
      defaultMessage: () =>
        'accepts_email_marketing must equal accepts_marketing when both are sent',
    },
  })
  accepts_email_marketing?: boolean;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'Free-form key-value data of the storefront; replaces what was kept, never shown',
  })
  @Optional()
  @IsObject()
  metadata?: Record<string, unknown>;
}
