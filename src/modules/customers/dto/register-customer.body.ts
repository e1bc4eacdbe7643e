import { CustomerProfileFields, EmailField, NewPasswordField } from './customer-fields.js';

export class RegisterCustomerBody extends CustomerProfileFields {
  @EmailField({ required: true })
  email: string;

  @NewPasswordField({ required: true })
  password: string;
}
