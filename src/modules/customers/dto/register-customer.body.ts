import {
  CustomerProfileFields,
  EmailField,
  NewPasswordField,
  PasswordConfirmationField,
} from './customer-fields.js';

export class RegisterCustomerBody extends CustomerProfileFields {
  @EmailField({ required: true })
  email: string;

  @NewPasswordField({ required: true })
  password: string;

  @PasswordConfirmationField()
  password_confirmation?: string;
}
