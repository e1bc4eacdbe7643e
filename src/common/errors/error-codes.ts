/**
 * Every error code the service answers with, and the HTTP status it travels with.
 * The contract's table is the source; `service_unavailable` is the health check's own.
 */
export const ERROR_STATUS = {
  authentication_required: 401,
  authentication_failed: 401,
  invalid_token: 401,
  invalid_refresh_token: 401,
  invalid_provider: 400,
  access_denied: 403,
  current_password_invalid: 422,
  record_not_found: 404,
  resource_invalid: 422,
  validation_error: 422,
  parameter_missing: 400,
  parameter_invalid: 400,
  cart_not_found: 404,
  cart_cannot_complete: 422,
  cart_cannot_transition: 422,
  cart_empty: 422,
  cart_invalid_state: 422,
  cart_already_updated: 409,
  order_already_updated: 409,
  order_not_found: 404,
  line_item_not_found: 404,
  variant_not_found: 404,
  insufficient_stock: 422,
  invalid_quantity: 422,
  payment_failed: 422,
  payment_processing_error: 422,
  gateway_error: 422,
  attachment_missing: 403,
  download_unauthorized: 403,
  digital_link_expired: 403,
  download_limit_exceeded: 403,
  idempotency_key_reused: 422,
  rate_limit_exceeded: 429,
  request_too_large: 413,
  processing_error: 422,
  invalid_request: 400,
  customer_has_orders: 422,
  store_credit_in_use: 422,
  invalid_taggable_type: 422,
  /** The units asked back shipped longer ago than the store's return window. */
  return_window_expired: 422,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const DEFAULT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  authentication_required: 'Authentication is required',
  invalid_token: 'The API key or token is invalid or expired',
  record_not_found: 'The record does not exist',
  validation_error: 'The request failed validation',
  parameter_missing: 'A required parameter is missing',
  parameter_invalid: 'A parameter has an invalid value',
  invalid_request: 'The request is malformed',
  request_too_large: 'The request body exceeds the size limit',
  internal_error: 'An unexpected error occurred',
};
