import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-response.js';

/** The single place where errors become HTTP responses. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const { status, body, unexpected } = toErrorResponse(exception, request.id);
    if (unexpected) {
      const stack = exception instanceof Error ? exception.stack : String(exception);
      this.logger.error(
        { requestId: request.id, method: request.method, url: request.url, err: stack },
        'Unhandled error',
      );
    }
    if (reply.sent) return;
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
