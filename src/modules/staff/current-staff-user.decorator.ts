import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { StoreError } from '../../common/errors/store-error.js';

/**
 * The signed-in staff user's id; the route needs a staff token. Like a customer route called with
 * only a publishable key, a secret key alone is not enough: 401 `authentication_required`.
 */
export const CurrentStaffUserId = createParamDecorator(
  (_: unknown, context: ExecutionContext): string => {
    const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
    if (principal?.kind !== 'staff') {
      throw new StoreError(
        'authentication_required',
        'A signed-in staff user is required (Authorization: Bearer <staff token>)',
      );
    }
    return principal.staffUserId;
  },
);
