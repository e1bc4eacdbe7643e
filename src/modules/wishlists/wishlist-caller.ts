import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The signed-in customer's id, or null for an anonymous caller (who may read shared lists). */
export const CustomerIdIfSignedIn = createParamDecorator(
  (_: unknown, context: ExecutionContext): string | null => {
    const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
    return principal?.kind === 'customer' ? principal.customerId : null;
  },
);
