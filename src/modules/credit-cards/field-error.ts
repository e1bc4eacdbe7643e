import { StoreError } from '../../common/errors/store-error.js';

/** 422 `validation_error` naming one field of the request. */
export function fieldError(field: string, message: string): StoreError {
  return new StoreError('validation_error', 'The request failed validation', {
    [field]: [message],
  });
}
