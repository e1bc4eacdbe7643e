import { CustomerProfileFields, EmailField } from './customer-fields.js';

export class CreateCustomerBody extends CustomerProfileFields {
  @EmailField({ required: true })
  email: string;
}

export class UpdateCustomerBody extends CustomerProfileFields {
  @EmailField({ required: false })
  email?: string;
}
