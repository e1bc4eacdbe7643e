import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import {
  CustomerProfileFields,
  EmailField,
  NewPasswordField,
  PasswordConfirmationField,
} from './customer-fields.js';
import { Optional } from '../../../common/dto/presence.js';

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
  @Optional()
  @IsString()
  @MaxLength(1000)
  current_password?: string;
}
