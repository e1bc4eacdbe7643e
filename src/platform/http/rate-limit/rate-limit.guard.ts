import { type CanActivate, type ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoreError } from '../../../common/errors/store-error.js';
import { AppConfig } from '../../../config/index.js';
import { type Budget, ipBudget, keyBudget, RATE_LIMIT_WINDOW_MS } from './rate-limit-budgets.js';
import { IP_RATE_LIMIT, type IpRateLimitedAction } from './rate-limit.decorator.js';
import { tightest, type Verdict, verdictOf } from './rate-limit-verdict.js';
import { RateLimitStore } from './rate-limit.store.js';

const OUTAGE_LOG_INTERVAL_MS = 60_000;

/**
 * Counts each request against the budgets that apply to it: its client IP's on routes marked
 * `@IpRateLimit(action)`, and its API key's when a key admitted it (`request.rateLimitedKey`, set
 * by the access guard, which runs first: a request it refuses is never counted against a key). Every counted response carries
 * `X-RateLimit-Limit` and `X-RateLimit-Remaining` (of the tightest budget); one over budget is
 * 429 `rate_limit_exceeded` with `Retry-After`.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly logger = new Logger('RateLimit');
  private lastOutageLoggedAt = 0;

  constructor(
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
    private readonly store: RateLimitStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const budgets = this.budgetsOf(context, request);
    if (budgets.length === 0) return true;
    const verdict = tightest(await this.count(budgets));
    if (!verdict) return true;
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    void reply.header('x-ratelimit-limit', verdict.limit);
    void reply.header('x-ratelimit-remaining', verdict.remaining);
    if (!verdict.exceeded) return true;
    void reply.header('retry-after', verdict.retryAfterS);
    throw new StoreError(
      'rate_limit_exceeded',
      `Too many requests; retry in ${verdict.retryAfterS} s`,
    );
  }

  private budgetsOf(context: ExecutionContext, request: FastifyRequest): Budget[] {
    const budgets: Budget[] = [];
    const action = this.reflector.getAllAndOverride<IpRateLimitedAction | undefined>(
      IP_RATE_LIMIT,
      [context.getHandler(), context.getClass()],
    );
    if (action) budgets.push(ipBudget(this.config, action, request.ip));
    if (request.rateLimitedKey) budgets.push(keyBudget(this.config, request.rateLimitedKey));
    return budgets;
  }

  /**
   * A counter that cannot be reached does not take the API down with it: the request is let
   * through uncounted (fail open) and the outage logged, at most once a minute.
   */
  private async count(budgets: Budget[]): Promise<Verdict[]> {
    try {
      const counted = await Promise.all(
        budgets.map((budget) => this.store.hit(budget.bucket, RATE_LIMIT_WINDOW_MS)),
      );
      return counted.map((count, index) => verdictOf(budgets[index]!, count));
    } catch (error) {
      const now = Date.now();
      if (now - this.lastOutageLoggedAt >= OUTAGE_LOG_INTERVAL_MS) {
        this.lastOutageLoggedAt = now;
        this.logger.warn(`Rate limits not enforced, counters unavailable: ${String(error)}`);
      }
      return [];
    }
  }
}
