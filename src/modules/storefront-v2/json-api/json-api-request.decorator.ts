import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { jsonBodyOf } from '../../../platform/http/json-body/pending-json-body.js';
import { type JsonApiQuery, jsonApiQueryOf } from './json-api-query.js';
import type { ResourceType } from './resource-types.js';

/**
 * The request's `include` and `fields[...]`, checked against the primary resource type given.
 * Writes may carry them in the body too, as Rails-style clients (the official v2 client among
 * them) send every parameter of a write there; the query string wins.
 */
export const JsonApiParams = createParamDecorator(
  (primary: ResourceType, context: ExecutionContext): JsonApiQuery => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const body = jsonBodyOf(request.body);
    const fromBody =
      body !== null && typeof body === 'object' && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : {};
    const query = (request.query ?? {}) as Record<string, unknown>;
    return jsonApiQueryOf({ ...fromBody, ...query }, primary);
  },
);
