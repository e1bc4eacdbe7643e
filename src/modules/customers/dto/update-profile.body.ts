import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import {
  CustomerProfileFields,
  EmailField,
  NewPasswordField,
  PasswordConfirmationField,
} from './customer-fields.js';

export class UpdateProfileBody extends CustomerProfileFields {
  @EmailField({ required: false })
  email?: string;

  @NewPasswordField({ required: false })
  password?: string;

  @PasswordConfirmationField()
  password_confirmation?: string;

  @ApiPropertyOptional({
    description: 'The present password; needed to change `email` or `password`',
  })
  @ValidateIf((_: object, value: unknown) => value !== undefined)
  @IsString()
  @MaxLength(1000)
  current_password?: string;
}
