import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RawQuery } from '../../common/query/list-filters.js';

/** The query string as parsed, before validation strips what the DTO does not declare. */
export const RawQueryParams = createParamDecorator(
  (_: unknown, context: ExecutionContext): RawQuery =>
    (context.switchToHttp().getRequest<FastifyRequest>().query ?? {}) as RawQuery,
);
