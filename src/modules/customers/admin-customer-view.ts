import type { Customer } from './customer.entity.js';
import type { CustomerSerializer, CustomerView } from './customer.serializer.js';

/** A customer as staff see it: the v3 customer plus staff's `tags`. */
export type AdminCustomerView = CustomerView & { tags: string[] };

export function adminCustomerView(
  serializer: CustomerSerializer,
  customer: Customer,
): AdminCustomerView {
  return { ...serializer.serialize(customer), tags: customer.tags };
}
