import { EmailedLinkRequestBody } from './emailed-link-request.body.js';
import { NewPasswordField, PasswordConfirmationField } from './customer-fields.js';

export class RequestPasswordResetBody extends EmailedLinkRequestBody {}

export class ResetPasswordBody {
  @NewPasswordField({ required: true })
  password: string;

  @PasswordConfirmationField()
  password_confirmation?: string;
}
