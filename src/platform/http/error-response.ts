import { HttpException } from '@nestjs/common';
import { ERROR_STATUS, type ErrorCode } from '../../common/errors/error-codes.js';
import { StoreError } from '../../common/errors/store-error.js';
import { storeErrorForDatabaseError } from '../database/database-errors.js';

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: Record<string, unknown> };
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** True when the error is the service's fault and belongs in the logs with its stack. */
  unexpected: boolean;
}

/** Fastify's own request errors (parsing, limits) and what the contract calls them. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'request_too_large',
    message: 'The request body exceeds the size limit',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'invalid_request', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_request',
    message: 'Content-Length does not match the body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_request', message: 'The JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_request', message: 'The body is not valid JSON' },
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'authentication_required',
  403: 'access_denied',
  404: 'record_not_found',
  405: 'record_not_found',
  409: 'cart_already_updated',
  413: 'request_too_large',
  415: 'invalid_request',
  422: 'processing_error',
  429: 'rate_limit_exceeded',
};

function envelope(
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): ErrorResponse {
  const status = ERROR_STATUS[code];
  const error: ErrorBody['error'] = { code, message };
  if (details && Object.keys(details).length > 0) error.details = details;
  return { status, body: { error }, unexpected: status >= 500 };
}

function fastifyErrorOf(
  error: unknown,
): { code?: string; statusCode?: number; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { code?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof candidate.statusCode !== 'number') return undefined;
  return {
    code: typeof candidate.code === 'string' ? candidate.code : undefined,
    statusCode: candidate.statusCode,
    message: typeof candidate.message === 'string' ? candidate.message : '',
  };
}

/**
 * Renders anything thrown while serving a request as the contract's error envelope.
 * Internals (stack, driver messages) never reach the body; the request id lets operators find them.
 * Database errors the client caused, or may retry after, are answered as such, not as 500s.
 */
export function toErrorResponse(error: unknown, requestId: string): ErrorResponse {
  const storeError = error instanceof StoreError ? error : storeErrorForDatabaseError(error);
  if (storeError) return envelope(storeError.code, storeError.message, storeError.details);

  if (error instanceof HttpException) {
    const status = error.getStatus();
    const code = CODE_BY_STATUS[status];
    if (code)
      return envelope(
        code,
        status === 404 || status === 405 ? 'The requested resource does not exist' : error.message,
      );
  }

  const fastifyError = fastifyErrorOf(error);
  if (fastifyError?.statusCode && fastifyError.statusCode < 500) {
    const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
    if (known) return envelope(known.code, known.message);
    if (error instanceof SyntaxError || fastifyError.code?.startsWith('FST_ERR_CTP')) {
      return envelope('invalid_request', 'The body could not be parsed');
    }
    const code = CODE_BY_STATUS[fastifyError.statusCode] ?? 'invalid_request';
    return envelope(code, 'The request is malformed');
  }

  return envelope('internal_error', 'An unexpected error occurred', { request_id: requestId });
}
