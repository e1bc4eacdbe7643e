import type { ErrorCode } from '../../common/errors/error-codes.js';
import type { ErrorBody } from '../http/error-response.js';

/**
 * One answer of each error code as the service gives it (message and details as the code that
 * throws it writes them), shown as the example of every operation declaring the code.
 */
export const ERROR_EXAMPLES: Record<ErrorCode, Omit<ErrorBody['error'], 'code'>> = {
  authentication_required: { message: 'Authentication is required' },
  authentication_failed: { message: 'The e-mail address or password is incorrect' },
  invalid_token: { message: 'The API key is invalid or has been revoked' },
  invalid_refresh_token: { message: 'The refresh token is invalid or expired' },
  invalid_provider: { message: 'Unknown sign-in provider; use "email"' },
  access_denied: {
    message: 'This operation needs the write_orders scope',
    details: { required_scope: 'write_orders' },
  },
  current_password_invalid: {
    message: 'current_password must be the present password to change the email or password',
  },
  record_not_found: { message: 'The product does not exist' },
  resource_invalid: {
    message: 'The record is still in use',
    details: { base: ['is still referenced by other records'] },
  },
  validation_error: {
    message: 'The request failed validation',
    details: { name: ['name is required'], email: ['has already been taken'] },
  },
  parameter_missing: {
    message: 'Missing parameter: taggable_type',
    details: { taggable_type: ['taggable_type is required'] },
  },
  parameter_invalid: {
    message: 'Invalid parameter: limit',
    details: { limit: ['limit must not be greater than 100'] },
  },
  cart_not_found: { message: 'The cart does not exist or is not yours' },
  cart_cannot_complete: { message: 'The cart cannot be completed' },
  cart_cannot_transition: {
    message: 'The cart cannot be completed yet: Enter an email address',
    details: {
      requirements: [{ step: 'address', field: 'email', message: 'Enter an email address' }],
    },
  },
  cart_empty: { message: 'The cart has no items' },
  cart_invalid_state: {
    message: 'An order that has shipped cannot be canceled',
    details: { shipment_state: 'shipped' },
  },
  cart_already_updated: {
    message: 'The order changed since that version was read; fetch it again and retry',
    details: { state_lock_version: 3 },
  },
  order_already_updated: { message: 'Concurrent modification; retry with fresh data' },
  order_not_found: { message: 'The order does not exist or is not yours' },
  line_item_not_found: { message: 'The line item is not in this cart' },
  variant_not_found: { message: 'The variant does not exist or is not for sale' },
  insufficient_stock: {
    message: 'The requested quantity exceeds the stock',
    details: { variant_id: ['variant_k5Jm2Q'] },
  },
  invalid_quantity: { message: 'quantity must be a positive integer no larger than 10000' },
  payment_failed: { message: 'The card was declined' },
  payment_processing_error: {
    message:
      'The payment could not be processed: the payment gateway did not answer, and nothing was recorded',
  },
  gateway_error: {
    message: 'The test gateway could not be reached (simulated processor error)',
    details: { payment_id: ['py_8vXk2L'] },
  },
  attachment_missing: { message: 'The file of this download no longer exists' },
  download_unauthorized: { message: 'The order is not paid, or was canceled or returned' },
  digital_link_expired: { message: 'The download link expired' },
  download_limit_exceeded: { message: 'The downloads of this link are used up' },
  idempotency_key_reused: {
    message: 'This Idempotency-Key was already used with a different request',
  },
  rate_limit_exceeded: { message: 'Too many requests; retry in 42 s' },
  request_too_large: { message: 'The request body exceeds the size limit' },
  processing_error: {
    message: 'The webhook endpoint is disabled; enable it before sending to it',
  },
  invalid_request: { message: 'The body is not valid JSON' },
  customer_has_orders: {
    message: 'A customer with completed orders cannot be deleted; anonymize it instead',
  },
  store_credit_in_use: {
    message: 'This store credit is used or paid for an order: it cannot be deleted',
  },
  invalid_taggable_type: {
    message: 'taggable_type must be one of Store::Product, Store::Order, Store::User',
    details: { taggable_type: 'Spree::Taxon' },
  },
  return_window_expired: {
    message: 'The order shipped more than 30 days ago: its return window is over',
    details: { return_window_days: 30, line_item_ids: ['li_9XKrVq2pTz'] },
  },
  internal_error: {
    message: 'An unexpected error occurred',
    details: { request_id: '3f1c9b2e-7d4a-4c1e-9a5b-2e8f6d0c4b71' },
  },
  service_unavailable: {
    message: 'Unavailable: queue',
    details: { checks: { database: 'up', queue: 'down' }, failing: ['queue'] },
  },
};
