import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, ValidateIf } from 'class-validator';
import { EmailField, NewPasswordField, PasswordConfirmationField } from './customer-fields.js';

export class RequestPasswordResetBody {
  @EmailField({ required: true })
  email: string;

  @ApiPropertyOptional({
    description:
      'A page of the store’s own site (same origin as the store URL); the e-mailed link opens it with `token` added to its query',
  })
  @ValidateIf((_: object, value: unknown) => value !== undefined)
  @IsString()
  @MaxLength(2000)
  redirect_url?: string;
}

export class ResetPasswordBody {
  @NewPasswordField({ required: true })
  password: string;

  @PasswordConfirmationField()
  password_confirmation?: string;
}
