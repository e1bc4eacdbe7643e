import 'reflect-metadata';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  InternalServerErrorException,
  MethodNotAllowedException,
  NotFoundException,
  PayloadTooLargeException,
  UnauthorizedException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { ERROR_STATUS, type ErrorCode } from '../../src/common/errors/error-codes.js';
import { StoreError } from '../../src/common/errors/store-error.js';
import { toErrorResponse } from '../../src/platform/http/error-response.js';

const REQUEST_ID = 'req-7f3a';
const CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

describe('toErrorResponse', () => {
  describe('StoreError', () => {
    it('renders its status, code, message and details', () => {
      const error = new StoreError('insufficient_stock', 'Only 2 left', {
        variant_id: 'variant_x',
      });
      expect(toErrorResponse(error, REQUEST_ID)).toEqual({
        status: 422,
        body: {
          error: {
            code: 'insufficient_stock',
            message: 'Only 2 left',
            details: { variant_id: 'variant_x' },
          },
        },
        unexpected: false,
      });
    });

    it.each([
      ['no details', undefined],
      ['empty details', {}],
    ])('omits details when there are %s', (_case, details) => {
      const response = toErrorResponse(new StoreError('cart_empty', 'Empty', details), REQUEST_ID);
      expect(response.body.error).toEqual({ code: 'cart_empty', message: 'Empty' });
      expect(response.body.error).not.toHaveProperty('details');
    });

    it.each([
      ['record_not_found', 'The record does not exist'],
      ['invalid_request', 'The request is malformed'],
      ['cart_empty', 'cart empty'],
    ] as [ErrorCode, string][])('%s without a message says %j', (code, message) => {
      expect(toErrorResponse(new StoreError(code), REQUEST_ID).body.error.message).toBe(message);
    });

    it('StoreError.notFound names the missing thing', () => {
      const response = toErrorResponse(StoreError.notFound('order'), REQUEST_ID);
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({
        code: 'record_not_found',
        message: 'The order does not exist',
      });
    });

    it('an internal_error StoreError is unexpected', () => {
      const response = toErrorResponse(new StoreError('internal_error'), REQUEST_ID);
      expect(response.status).toBe(500);
      expect(response.unexpected).toBe(true);
      expect(response.body.error.message).toBe('An unexpected error occurred');
    });
  });

  describe('every error code', () => {
    it.each(CODES)('%s renders with the status ERROR_STATUS gives it', (code) => {
      const response = toErrorResponse(new StoreError(code), REQUEST_ID);
      expect(response.status).toBe(ERROR_STATUS[code]);
      expect(response.body.error.code).toBe(code);
      expect(response.unexpected).toBe(response.status >= 500);
      expect([400, 401, 403, 404, 409, 413, 422, 429, 500, 503]).toContain(response.status);
    });

    it.each([
      ['cart_already_updated', 409],
      ['order_already_updated', 409],
      ['request_too_large', 413],
      ['rate_limit_exceeded', 429],
      ['invalid_provider', 400],
      ['access_denied', 403],
      ['authentication_required', 401],
      ['invalid_token', 401],
      ['record_not_found', 404],
      ['validation_error', 422],
      ['parameter_missing', 400],
      ['download_limit_exceeded', 403],
      ['internal_error', 500],
      ['service_unavailable', 503],
    ] as [ErrorCode, number][])('%s is %i', (code, status) => {
      expect(toErrorResponse(new StoreError(code), REQUEST_ID).status).toBe(status);
    });

    it.each([
      [/_not_found$/, 404],
      [/_already_updated$/, 409],
      [/^authentication_|^invalid_(refresh_)?token$/, 401],
    ])('every code matching %s is %i', (pattern, status) => {
      const matching = CODES.filter((code) => pattern.test(code));
      expect(matching.length).toBeGreaterThan(0);
      for (const code of matching) expect([code, ERROR_STATUS[code]]).toEqual([code, status]);
    });
  });

  describe('Nest HttpException', () => {
    it.each([
      [new NotFoundException('Cannot GET /nope'), 404, 'record_not_found'],
      [new MethodNotAllowedException(), 404, 'record_not_found'],
      [new BadRequestException(), 400, 'invalid_request'],
      [new UnauthorizedException(), 401, 'authentication_required'],
      [new ForbiddenException(), 403, 'access_denied'],
      [new ConflictException(), 409, 'cart_already_updated'],
      [new PayloadTooLargeException(), 413, 'request_too_large'],
      [new UnprocessableEntityException(), 422, 'processing_error'],
      [new HttpException('Slow down', 429), 429, 'rate_limit_exceeded'],
      [new HttpException('Unsupported', 415), 400, 'invalid_request'],
    ])('%p → %i %s', (error, status, code) => {
      const response = toErrorResponse(error, REQUEST_ID);
      expect(response.status).toBe(status);
      expect(response.body.error.code).toBe(code);
      expect(response.unexpected).toBe(false);
    });

    it('a 404 hides the route in its message', () => {
      const response = toErrorResponse(new NotFoundException('Cannot GET /admin/x'), REQUEST_ID);
      expect(response.body.error).toEqual({
        code: 'record_not_found',
        message: 'The requested resource does not exist',
      });
    });

    it('other mapped statuses keep the exception message', () => {
      const response = toErrorResponse(new ForbiddenException('Staff only'), REQUEST_ID);
      expect(response.body.error.message).toBe('Staff only');
    });

    it.each([new InternalServerErrorException('pool exhausted'), new HttpException('teapot', 418)])(
      'an unmapped status (%p) is an internal error',
      (error) => {
        const response = toErrorResponse(error, REQUEST_ID);
        expect(response.status).toBe(500);
        expect(response.body.error.code).toBe('internal_error');
        expect(JSON.stringify(response.body)).not.toContain(error.message);
      },
    );
  });

  describe('Fastify request errors', () => {
    const fastifyError = (code: string | undefined, statusCode: number, message = 'raw detail') =>
      Object.assign(new Error(message), { code, statusCode });

    it.each([
      ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 413, 'request_too_large'],
      ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 400, 'invalid_request'],
      ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400, 400, 'invalid_request'],
      ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, 400, 'invalid_request'],
      ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 400, 'invalid_request'],
      ['FST_ERR_CTP_SOMETHING_NEW', 400, 400, 'invalid_request'],
      ['FST_ERR_OTHER', 404, 404, 'record_not_found'],
      ['FST_ERR_OTHER', 429, 429, 'rate_limit_exceeded'],
      ['FST_ERR_OTHER', 418, 400, 'invalid_request'],
      [undefined, 413, 413, 'request_too_large'],
    ])('%s (statusCode %i) → %i %s', (code, statusCode, status, errorCode) => {
      const response = toErrorResponse(fastifyError(code, statusCode), REQUEST_ID);
      expect(response.status).toBe(status);
      expect(response.body.error.code).toBe(errorCode);
      expect(response.unexpected).toBe(false);
      expect(JSON.stringify(response.body)).not.toContain('raw detail');
    });

    it('accepts a plain object shaped like a Fastify error', () => {
      const response = toErrorResponse(
        { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 },
        REQUEST_ID,
      );
      expect(response).toEqual({
        status: 413,
        body: {
          error: {
            code: 'request_too_large',
            message: 'The request body exceeds the size limit',
          },
        },
        unexpected: false,
      });
    });

    it('a body SyntaxError with statusCode 400 is an invalid_request', () => {
      const error = Object.assign(new SyntaxError('Unexpected token } in JSON at position 9'), {
        statusCode: 400,
      });
      const response = toErrorResponse(error, REQUEST_ID);
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({
        code: 'invalid_request',
        message: 'The body could not be parsed',
      });
    });

    it('a statusCode of 500 or more is an internal error', () => {
      const response = toErrorResponse(fastifyError('FST_ERR_X', 502, 'upstream'), REQUEST_ID);
      expect(response.status).toBe(500);
      expect(response.body.error.code).toBe('internal_error');
    });
  });

  describe('anything else', () => {
    it.each([
      ['a plain Error', new Error('db password leaked')],
      ['a TypeError', new TypeError('db password leaked')],
      ['a string', 'db password leaked'],
      ['an object with a string statusCode', { statusCode: '400', message: 'db password leaked' }],
      ['null', null],
      ['undefined', undefined],
    ])('%s → 500 internal_error carrying only the request id', (_case, error) => {
      const response = toErrorResponse(error, REQUEST_ID);
      expect(response).toEqual({
        status: 500,
        body: {
          error: {
            code: 'internal_error',
            message: 'An unexpected error occurred',
            details: { request_id: REQUEST_ID },
          },
        },
        unexpected: true,
      });
      expect(JSON.stringify(response.body)).not.toContain('password');
    });

    it('uses the request id it is given', () => {
      const response = toErrorResponse(new Error('x'), 'another-id');
      expect(response.body.error.details).toEqual({ request_id: 'another-id' });
    });
  });
});
