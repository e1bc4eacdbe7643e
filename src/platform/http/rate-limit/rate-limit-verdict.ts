import type { Budget } from './rate-limit-budgets.js';
import type { WindowCount } from './rate-limit.store.js';

/** What one budget says about the request just counted. */
export interface Verdict {
  limit: number;
  remaining: number;
  exceeded: boolean;
  /** Whole seconds until the budget's window resets (at least 1). */
  retryAfterS: number;
}

export function verdictOf(budget: Budget, counted: WindowCount): Verdict {
  return {
    limit: budget.limit,
    remaining: Math.max(0, budget.limit - counted.count),
    exceeded: counted.count > budget.limit,
    retryAfterS: Math.max(1, Math.ceil(counted.resetInMs / 1000)),
  };
}

/**
 * The verdict to report when several budgets apply (a client IP's and an API key's): an
 * exceeded one over any other, the one that keeps the caller waiting longest among those, and
 * otherwise the one with the fewest requests left (the smaller limit on a tie).
 */
export function tightest(verdicts: readonly Verdict[]): Verdict | undefined {
  const rank = (verdict: Verdict): [number, number, number] =>
    verdict.exceeded ? [0, -verdict.retryAfterS, 0] : [1, verdict.remaining, verdict.limit];
  return [...verdicts].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  })[0];
}
