import { deliveryOutcome } from '../../src/modules/webhooks/delivery-outcome.js';
import { availabilityChange } from '../../src/modules/webhooks/endpoint-availability.js';
import { EXCERPT_MAX_CHARS, responseExcerpt } from '../../src/modules/webhooks/response-excerpt.js';

describe('deliveryOutcome', () => {
  it.each([200, 201, 204, 299])('%p is a success', (status) => {
    expect(deliveryOutcome({ kind: 'answered', status, body: 'ok', durationMs: 5 })).toEqual({
      status: 'succeeded',
      success: true,
      responseStatus: status,
      responseBody: 'ok',
      errorType: null,
      errorMessage: null,
      durationMs: 5,
    });
  });

  it.each([100, 199, 301, 400, 404, 410, 500, 503])('%p is an http_error', (status) => {
    expect(deliveryOutcome({ kind: 'answered', status, body: '', durationMs: 5 })).toMatchObject({
      status: 'failed',
      success: false,
      responseStatus: status,
      errorType: 'http_error',
    });
  });

  it.each(['timeout', 'connection_error'] as const)('no answer keeps its reason: %p', (reason) => {
    expect(
      deliveryOutcome({ kind: 'unanswered', reason, message: 'why', durationMs: 30_000 }),
    ).toEqual({
      status: 'failed',
      success: false,
      responseStatus: null,
      responseBody: null,
      errorType: reason,
      errorMessage: 'why',
      durationMs: 30_000,
    });
  });
});

describe('responseExcerpt', () => {
  it('keeps short answers whole', () => {
    expect(responseExcerpt(Buffer.from('{"ok":true}'))).toBe('{"ok":true}');
  });

  it(`cuts long answers at ${EXCERPT_MAX_CHARS} characters, never inside a surrogate pair`, () => {
    expect(responseExcerpt(Buffer.from('a'.repeat(20_000)))).toHaveLength(EXCERPT_MAX_CHARS);
    const cut = responseExcerpt(Buffer.from(`${'a'.repeat(EXCERPT_MAX_CHARS - 1)}😀tail`));
    expect(cut).toBe('a'.repeat(EXCERPT_MAX_CHARS - 1));
  });

  it('replaces NUL characters, which PostgreSQL text cannot hold', () => {
    expect(responseExcerpt(Buffer.from('a\u0000b'))).toBe('a\uFFFDb');
  });
});

describe('availabilityChange', () => {
  const now = new Date('2030-01-01T00:00:00Z');

  it('enabling starts afresh', () => {
    expect(availabilityChange({ enabled: false }, true, now)).toEqual({
      enabled: true,
      consecutiveFailures: 0,
      disabledAt: null,
      disabledReason: null,
    });
  });

  it('disabling an enabled endpoint records when and why', () => {
    expect(availabilityChange({ enabled: true }, false, now)).toEqual({
      enabled: false,
      disabledAt: now,
      disabledReason: 'Disabled by staff',
    });
  });

  it('disabling a disabled endpoint changes nothing (its first reason stays)', () => {
    expect(availabilityChange({ enabled: false }, false, now)).toEqual({});
  });
});
