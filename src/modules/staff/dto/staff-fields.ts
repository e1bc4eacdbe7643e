import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
} from 'class-validator';
import { ALL_SCOPES, isScope } from '../../auth/index.js';
import {
  MAX_STAFF_PASSWORD_LENGTH,
  MIN_STAFF_PASSWORD_LENGTH,
  ROLE_NAME,
} from '../operator/operator-input.js';
import { normalizeStaffEmail } from '../staff-users.repository.js';
import { Optional } from '../../../common/dto/presence.js';

const EMAIL_MAX_LENGTH = 254;

const documented = (required: boolean, options: Parameters<typeof ApiProperty>[0]) =>
  required ? ApiProperty(options) : ApiPropertyOptional(options);
const optionally = (required: boolean) => (required ? [] : [Optional()]);

const unknownScopes = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item) => !isScope(item)).map(String) : [];

/** A role name, as the operator CLI names roles too: a lower-case slug. */
export function RoleNameField(options: { required: boolean }) {
  return applyDecorators(
    documented(options.required, { example: 'order-managers', pattern: ROLE_NAME.source }),
    ...optionally(options.required),
    IsString(),
    Matches(ROLE_NAME, {
      message: 'name must be 1-50 lower-case letters, digits, "_" or "-", starting with a letter',
    }),
  );
}

/** A role's scopes: each one of the known scope names, which the message names when it is not. */
export function ScopeListField(options: { required: boolean }) {
  return applyDecorators(
    documented(options.required, {
      description:
        'What holders of the role may do. `write_x` implies `read_x`; `read_all`/`write_all` cover every resource. Nobody grants scopes they lack.',
      enum: ALL_SCOPES,
      isArray: true,
      example: ['read_orders', 'write_orders'],
    }),
    ...optionally(options.required),
    IsArray(),
    ArrayMaxSize(ALL_SCOPES.length * 2),
    ValidateBy({
      name: 'isScopeList',
      validator: {
        validate: (value: unknown) => unknownScopes(value).length === 0,
        defaultMessage: (args) =>
          `scopes contains unknown scopes: ${unknownScopes(args?.value).join(', ')} (known: ${ALL_SCOPES.join(', ')})`,
      },
    }),
  );
}

/** A staff e-mail address, trimmed and lower-cased before it is validated. */
export function StaffEmailField() {
  return applyDecorators(
    ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? normalizeStaffEmail(value) : value,
    ),
    IsEmail({}, { message: 'email must be a valid email address' }),
    MaxLength(EMAIL_MAX_LENGTH),
  );
}

/** A staff password: at least 12 characters. */
export function StaffPasswordField(options: { required: boolean }) {
  return applyDecorators(
    documented(options.required, {
      format: 'password',
      minLength: MIN_STAFF_PASSWORD_LENGTH,
      maxLength: MAX_STAFF_PASSWORD_LENGTH,
    }),
    ...optionally(options.required),
    IsString(),
    MinLength(MIN_STAFF_PASSWORD_LENGTH, {
      message: `password must be at least ${MIN_STAFF_PASSWORD_LENGTH} characters long`,
    }),
    MaxLength(MAX_STAFF_PASSWORD_LENGTH),
  );
}

/** A `role_…` id. */
export function RoleIdField(options: { required: boolean }) {
  return applyDecorators(
    documented(options.required, { example: 'role_8fK2mQ9xLp', description: 'A `role_…` id' }),
    ...optionally(options.required),
    IsString(),
    MaxLength(100),
  );
}
