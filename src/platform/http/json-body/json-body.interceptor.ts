import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { PendingJsonBody } from './pending-json-body.js';

/**
 * Parses a JSON body once the guards have admitted the request (credentials, rate limits, the
 * cart a storefront request is about), before any other interceptor or pipe reads it. A global
 * interceptor: it runs ahead of those a controller binds.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.body instanceof PendingJsonBody) request.body = request.body.parse(request);
    return next.handle();
  }
}
