import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
  StreamableFile,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import { StoreError } from '../../../common/errors/store-error.js';
import { toErrorResponse } from '../error-response.js';
import { idempotencyHeaderOf, REPLAYED_HEADER, validIdempotencyKey } from './idempotency-key.js';
import { IdempotencyLedgerService, type RecordedResponse } from './idempotency-ledger.service.js';
import type { IdempotencyScope } from './idempotency-records.repository.js';
import { requestFingerprint } from './request-fingerprint.js';
import { jsonBodyOf } from '../json-body/pending-json-body.js';

/**
 * Outcomes that say "try again" rather than "this is the answer": a server failure (5xx), a
 * concurrent modification (409) and a rate limit (429). Their claim is dropped so that a retry
 * with the same key runs afresh. Every other outcome, errors included (Stripe's rule), is
 * recorded and replayed: the request did run and a retry must not act twice.
 */
function isRetryable(status: number): boolean {
  return status >= 500 || status === 409 || status === 429;
}

/** The response as it is sent, if it can be replayed: an empty or a JSON body (not a file, a stream or text). */
function replayable(status: number, result: unknown): RecordedResponse | undefined {
  if (result === undefined) return { status, body: undefined };
  const isJson =
    typeof result === 'object' &&
    result !== null &&
    !(result instanceof StreamableFile) &&
    !Buffer.isBuffer(result) &&
    typeof (result as { pipe?: unknown }).pipe !== 'function';
  return isJson ? { status, body: JSON.stringify(result) } : undefined;
}

/**
 * The requests the interceptor has already taken on. A handler can be bound to it more than once
 * (a controller extending another, both `@Idempotent()`; a handler marked besides its
 * controller): only the outermost run applies the key, the inner ones pass through. A second
 * claim of the same key within one request would wait for itself and fail.
 */
const handled = new WeakSet<FastifyRequest>();

/**
 * `Idempotency-Key` on every v3 POST/PUT/PATCH/DELETE (see IdempotencyLedgerService). Runs after the
 * guards, so only admitted requests are recorded, scoped by store and credential. Requests
 * without a credential (admin session routes) ignore the header: there is nothing to scope by.
 * Applies once per request, however often a route is bound to it.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(private readonly ledger: IdempotencyLedgerService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (handled.has(request)) return next.handle();
    handled.add(request);
    const header = idempotencyHeaderOf(request);
    const { principal, storeContext } = request;
    if (header === undefined || !principal || !storeContext) return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return defer(() =>
      this.runOnce(
        {
          storeId: storeContext.storeId,
          credential: principal.credentialId,
          key: validIdempotencyKey(header),
          fingerprint: requestFingerprint(request.method, request.url, jsonBodyOf(request.body)),
        },
        request,
        reply,
        next,
      ),
    );
  }

  private async runOnce(
    scope: IdempotencyScope,
    request: FastifyRequest,
    reply: FastifyReply,
    next: CallHandler,
  ): Promise<unknown> {
    const admission = await this.ledger.admit(scope);
    if (admission.kind === 'busy') {
      void reply.header('retry-after', 1);
      throw new StoreError(
        'rate_limit_exceeded',
        'A request with this Idempotency-Key is still in progress; retry shortly',
      );
    }
    if (admission.kind === 'replay') return this.replay(reply, admission.response);

    let result: unknown;
    try {
      result = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      // Recorded as the exception filter will render it, then handed on to that filter.
      const { status, body } = toErrorResponse(error, request.id);
      await this.settle(admission.recordId, { status, body: JSON.stringify(body) });
      throw error;
    }
    await this.settle(admission.recordId, replayable(reply.statusCode, result));
    return result;
  }

  /**
   * Records the outcome, or drops the claim when there is nothing to replay. A failure here
   * does not change the answer (the work is done); the claim then lapses as abandoned.
   */
  private async settle(recordId: string, response: RecordedResponse | undefined): Promise<void> {
    try {
      if (!response || isRetryable(response.status)) await this.ledger.release(recordId);
      else await this.ledger.record(recordId, response);
    } catch (error) {
      this.logger.error(`Could not record an idempotent response: ${String(error)}`);
    }
  }

  private replay(reply: FastifyReply, response: RecordedResponse): string | undefined {
    void reply.status(response.status).header(REPLAYED_HEADER, 'true');
    if (response.body === undefined) return undefined;
    void reply.header('content-type', 'application/json; charset=utf-8');
    return response.body;
  }
}
