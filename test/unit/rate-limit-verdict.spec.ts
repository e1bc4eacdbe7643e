import {
  tightest,
  type Verdict,
  verdictOf,
} from '../../src/platform/http/rate-limit/rate-limit-verdict.js';

const budget = (limit: number) => ({ bucket: 'key:1', limit });

describe('verdictOf', () => {
  it.each([
    [1, { limit: 3, remaining: 2, exceeded: false }],
    [3, { limit: 3, remaining: 0, exceeded: false }],
    [4, { limit: 3, remaining: 0, exceeded: true }],
    [40, { limit: 3, remaining: 0, exceeded: true }],
  ])('count %p of a budget of 3 → %p', (count, expected) => {
    expect(verdictOf(budget(3), { count, resetInMs: 30_000 })).toEqual({
      ...expected,
      retryAfterS: 30,
    });
  });

  it.each([
    [59_001, 60],
    [1_000, 1],
    [999, 1],
    [1, 1],
    [0, 1],
  ])('rounds %p ms until the reset up to %p whole seconds (never 0)', (resetInMs, seconds) => {
    expect(verdictOf(budget(3), { count: 4, resetInMs }).retryAfterS).toBe(seconds);
  });
});

describe('tightest', () => {
  const verdict = (overrides: Partial<Verdict>): Verdict => ({
    limit: 10,
    remaining: 5,
    exceeded: false,
    retryAfterS: 30,
    ...overrides,
  });

  it('is undefined without verdicts, and the only one with one', () => {
    expect(tightest([])).toBeUndefined();
    const only = verdict({});
    expect(tightest([only])).toBe(only);
  });

  it('reports the budget with the fewest requests left', () => {
    const ip = verdict({ limit: 5, remaining: 1 });
    const key = verdict({ limit: 300, remaining: 250 });
    expect(tightest([ip, key])).toBe(ip);
    expect(tightest([key, ip])).toBe(ip);
  });

  it('reports the smaller limit when as many requests are left', () => {
    const ip = verdict({ limit: 5, remaining: 0 });
    const key = verdict({ limit: 300, remaining: 0 });
    expect(tightest([key, ip])).toBe(ip);
  });

  it('reports an exceeded budget over any other, the one that resets last among several', () => {
    const ip = verdict({ limit: 5, remaining: 0, exceeded: true, retryAfterS: 10 });
    const key = verdict({ limit: 300, remaining: 0, exceeded: true, retryAfterS: 40 });
    const other = verdict({ limit: 2, remaining: 0 });
    expect(tightest([other, ip])).toBe(ip);
    expect(tightest([ip, other, key])).toBe(key);
  });
});
