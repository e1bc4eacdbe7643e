import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiResponse } from '@nestjs/swagger';
import { ApiErrors } from '../../platform/openapi/api-docs.decorators.js';

const CONFIRMED = {
  type: 'object',
  required: ['state'],
  properties: { state: { type: 'string', enum: ['confirmed'] } },
};

/**
 * The route confirms an account with its e-mailed token and answers `{ state: "confirmed" }`
 * (Storefront v2 under `data`, as Spree answers).
 */
export const ApiConfirmsAccount = ({ underData = false } = {}) =>
  applyDecorators(
    ApiResponse({
      status: 200,
      description: 'The account is confirmed',
      schema: underData
        ? { type: 'object', required: ['data'], properties: { data: CONFIRMED } }
        : CONFIRMED,
    }),
    ApiErrors('validation_error'),
    ApiOperation({
      summary:
        'Confirm the account with the e-mailed token; a bad, expired or used token is 422 validation_error on `token`',
    }),
  );
