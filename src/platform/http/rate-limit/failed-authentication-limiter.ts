import { Injectable, Logger } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { StoreError } from '../../../common/errors/store-error.js';
import { AppConfig } from '../../../config/index.js';
import { failedAuthenticationBudget, RATE_LIMIT_WINDOW_MS } from './rate-limit-budgets.js';
import { verdictOf } from './rate-limit-verdict.js';
import { RateLimitStore, type WindowCount } from './rate-limit.store.js';

/** 429 `rate_limit_exceeded` for an address that had too many credentials refused. */
export class TooManyRefusals extends StoreError {
  constructor(readonly retryAfterS: number) {
    super(
      'rate_limit_exceeded',
      `Too many refused credentials from this address; retry in ${retryAfterS} s`,
    );
  }
}

/**
 * Limits credential guessing: every refused credential (unknown or revoked key, bad or stale
 * token) counts against its client IP, shared by every instance on the same Redis. Over budget,
 * the IP's refusals become 429 `rate_limit_exceeded` with `Retry-After`. Only refusals are
 * limited: a credential that verifies is served from any address, so the shoppers of a storefront
 * server are not locked out by a guesser behind the same address; every credential is looked up
 * alike (the keyed digest's index), so a refusal says nothing more while over budget than
 * before. Callers from other addresses are untouched. A counter that cannot be reached lets
 * requests through (fail open, logged), as the other rate limits do.
 */
@Injectable()
export class FailedAuthenticationLimiter {
  private readonly logger = new Logger('RateLimit');

  constructor(
    private readonly config: AppConfig,
    private readonly store: RateLimitStore,
  ) {}

  /** Counts a refused credential; the error to answer instead once over budget, if any. */
  async overBudgetAfterRefusal(request: FastifyRequest): Promise<TooManyRefusals | undefined> {
    const budget = failedAuthenticationBudget(this.config, request.ip);
    const window = await this.safely(() => this.store.hit(budget.bucket, RATE_LIMIT_WINDOW_MS));
    return window && window.count > budget.limit ? this.refusal(window, budget.limit) : undefined;
  }

  private refusal(window: WindowCount, limit: number): TooManyRefusals {
    return new TooManyRefusals(verdictOf({ bucket: '', limit }, window).retryAfterS);
  }

  private async safely(count: () => Promise<WindowCount | null>): Promise<WindowCount | null> {
    try {
      return await count();
    } catch (error) {
      this.logger.warn(`Failed-authentication limit not enforced: ${String(error)}`);
      return null;
    }
  }
}
