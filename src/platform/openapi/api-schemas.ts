import type { SchemaObject } from '@nestjs/swagger';

/** Schemas of the service's own conventions, shared by both v3 APIs. */
export const CONVENTION_SCHEMAS: Record<string, SchemaObject> = {
  ErrorResponse: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string' },
          message: { type: 'string' },
          details: {
            type: 'object',
            description: 'Field → messages for `validation_error`; other facts for other codes',
            additionalProperties: true,
          },
        },
      },
    },
  },
  PaginationMeta: {
    type: 'object',
    required: ['page', 'limit', 'count', 'pages', 'from', 'to', 'in', 'previous', 'next'],
    properties: {
      page: { type: 'integer' },
      limit: { type: 'integer' },
      count: { type: 'integer', description: 'Records in all pages' },
      pages: { type: 'integer' },
      from: {
        type: 'integer',
        description: 'Position of the first record on this page (0 if none)',
      },
      to: { type: 'integer', description: 'Position of the last record on this page (0 if none)' },
      in: { type: 'integer', description: 'Records on this page' },
      previous: { type: 'integer', nullable: true },
      next: { type: 'integer', nullable: true },
    },
  },
  AuthTokens: {
    type: 'object',
    required: ['token', 'refresh_token', 'user'],
    properties: {
      token: { type: 'string', description: 'Access token (JWT)' },
      refresh_token: { type: 'string', description: 'Opaque `rt_…`, rotated on refresh' },
      user: { $ref: '#/components/schemas/Customer' },
    },
  },
};
