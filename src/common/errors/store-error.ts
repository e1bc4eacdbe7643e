import { DEFAULT_MESSAGES, ERROR_STATUS, type ErrorCode } from './error-codes.js';

export type ErrorDetails = Record<string, unknown>;

/**
 * The one error type services throw; the HTTP layer renders it as the contract's envelope. An
 * error the client caused (4xx) carries no stack: it is answered, never logged with one, and
 * capturing it is a measurable share of refusing a flood of bad requests.
 */
export class StoreError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetails,
  ) {
    const status = ERROR_STATUS[code];
    const stackTraceLimit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    try {
      super(message ?? DEFAULT_MESSAGES[code] ?? code.replaceAll('_', ' '));
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'StoreError';
    this.status = status;
  }

  static notFound(what = 'record'): StoreError {
    return new StoreError('record_not_found', `The ${what} does not exist`);
  }
}
