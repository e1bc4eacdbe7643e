import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { EmailField, NewPasswordField, PasswordConfirmationField } from './customer-fields.js';
import { Optional } from '../../../common/dto/presence.js';

export class RequestPasswordResetBody {
  @EmailField({ required: true })
  email: string;

  @ApiPropertyOptional({
    description:
      'A page of the store’s own site (same origin as the store URL); the e-mailed link opens it with `token` added to its query',
  })
  @Optional()
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
