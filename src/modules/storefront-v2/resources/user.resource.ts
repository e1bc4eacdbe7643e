import type { CustomerAccountView } from '../../customers/index.js';
import type { ResourceNode } from '../json-api/resource.js';
import { addressResource } from './address.resource.js';

/** The signed-in customer as v2's `user`, with the store credit left and default addresses. */
export function userResource(account: CustomerAccountView, completedOrders: number): ResourceNode {
  return {
    type: 'user',
    id: account.id,
    attributes: {
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      store_credits: account.available_store_credit_total,
      display_store_credits: account.display_available_store_credit_total,
      completed_orders: completedOrders,
    },
    relationships: {
      default_billing_address: account.default_billing_address
        ? addressResource(account.default_billing_address)
        : null,
      default_shipping_address: account.default_shipping_address
        ? addressResource(account.default_shipping_address)
        : null,
    },
  };
}
