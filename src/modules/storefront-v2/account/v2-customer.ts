import { StoreError } from '../../../common/errors/store-error.js';
import type { CartCaller } from '../../orders/index.js';

/** The signed-in customer of a v2 account call; 401 without a customer token. */
export function signedInCustomer(caller: CartCaller): string {
  if (caller.customerId === null) {
    throw new StoreError(
      'authentication_required',
      "A customer's access token is required (Authorization: Bearer)",
    );
  }
  return caller.customerId;
}
