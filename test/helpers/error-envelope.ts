import type { TestResponse } from './http-client.js';

/** Asserts the contract's error envelope: exactly `{ error: { code, message, details? } }`. */
export function expectError(
  response: TestResponse,
  status: number,
  code: string,
): Record<string, unknown> | undefined {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code });
  expect(Object.keys(response.body)).toEqual(['error']);
  expect(typeof response.body.error.message).toBe('string');
  expect(response.body.error.message.length).toBeGreaterThan(0);
  const allowed = ['code', 'message', 'details'];
  expect(Object.keys(response.body.error).every((key) => allowed.includes(key))).toBe(true);
  if (response.body.error.details !== undefined)
    expect(typeof response.body.error.details).toBe('object');
  expect(response.headers.get('x-request-id')).toBeTruthy();
  return response.body.error.details;
}
