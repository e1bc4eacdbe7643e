import { TagListField } from '../../../common/tags/tag-list.field.js';
import { CustomerProfileFields, EmailField } from './customer-fields.js';

export class CreateCustomerBody extends CustomerProfileFields {
  @EmailField({ required: true })
  email: string;

  @TagListField({ required: false, description: 'Staff’s labels for the customer' })
  tags?: string[];
}

export class UpdateCustomerBody extends CustomerProfileFields {
  @EmailField({ required: false })
  email?: string;

  @TagListField({ required: false, description: 'Replaces the customer’s tags' })
  tags?: string[];
}
