import { DEFAULT_MESSAGES, ERROR_STATUS, type ErrorCode } from './error-codes.js';

export type ErrorDetails = Record<string, unknown>;

/** The one error type services throw; the HTTP layer renders it as the contract's envelope. */
export class StoreError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetails,
  ) {
    super(message ?? DEFAULT_MESSAGES[code] ?? code.replaceAll('_', ' '));
    this.name = 'StoreError';
    this.status = ERROR_STATUS[code];
  }

  static notFound(what = 'record'): StoreError {
    return new StoreError('record_not_found', `The ${what} does not exist`);
  }
}
