import type { SchemaObject } from '@nestjs/swagger';

const RESOURCE_IDENTIFIER: SchemaObject = {
  type: 'object',
  required: ['type', 'id'],
  properties: { type: { type: 'string' }, id: { type: 'string' } },
};

const RESOURCE_OBJECT: SchemaObject = {
  type: 'object',
  required: ['type', 'id', 'attributes'],
  properties: {
    type: { type: 'string' },
    id: { type: 'string' },
    attributes: { type: 'object', additionalProperties: true },
    relationships: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['data'],
        properties: {
          data: {
            nullable: true,
            oneOf: [RESOURCE_IDENTIFIER, { type: 'array', items: RESOURCE_IDENTIFIER }],
          },
        },
      },
    },
  },
};

/** Schemas of the service's own conventions, shared by its APIs. */
export const CONVENTION_SCHEMAS: Record<string, SchemaObject> = {
  JsonApiDocument: {
    type: 'object',
    description:
      'A JSON:API document (Storefront v2): the primary resource(s), the related ones `include` asked for, and for lists `meta` and `links`',
    required: ['data'],
    properties: {
      data: { oneOf: [RESOURCE_OBJECT, { type: 'array', items: RESOURCE_OBJECT }] },
      included: { type: 'array', items: RESOURCE_OBJECT },
      meta: { type: 'object', additionalProperties: true },
      links: { type: 'object', additionalProperties: { type: 'string', nullable: true } },
    },
  },
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
