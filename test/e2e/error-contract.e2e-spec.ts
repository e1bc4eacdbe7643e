import { expectError } from '../helpers/error-envelope.js';
import { ProbeModule } from '../helpers/probe.module.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('error contract', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [ProbeModule], env: { BODY_LIMIT_BYTES: '4096' } });
  });
  afterAll(() => t.close());

  it('answers a body that fails validation with 422 validation_error and per-field details', async () => {
    const response = await t.http.post('/test-probe', {
      email: 'not-an-email',
      quantity: 0,
      address: { city: 5 },
    });
    const details = expectError(response, 422, 'validation_error');
    expect(Object.keys(details!).sort()).toEqual(['address.city', 'email', 'quantity']);
    expect(details!.email).toEqual([expect.stringContaining('email')]);
    expect(Array.isArray(details!.quantity)).toBe(true);
  });

  it('treats an empty body as an empty object and names every required field', async () => {
    const response = await t.http.request('POST', '/test-probe');
    const details = expectError(response, 422, 'validation_error');
    expect(details).toEqual({ email: ['email is required'], quantity: ['quantity is required'] });
  });

  it('accepts a valid body and strips unknown fields', async () => {
    const response = await t.http.post('/test-probe', {
      email: 'a@b.co',
      quantity: 2,
      admin: true,
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ email: 'a@b.co', quantity: 2 });
  });

  it('answers a missing required query parameter with 400 parameter_missing', async () => {
    const details = expectError(await t.http.get('/test-probe/query'), 400, 'parameter_missing');
    expect(details).toEqual({ required: ['required is required'] });
  });

  it('answers a wrongly typed query parameter with 400 parameter_invalid', async () => {
    const details = expectError(
      await t.http.get('/test-probe/query?required=x&count=abc'),
      400,
      'parameter_invalid',
    );
    expect(Object.keys(details!)).toEqual(['count']);
  });

  it('answers malformed JSON with 400 invalid_request', async () => {
    const response = await t.http.request('POST', '/test-probe', {
      raw: '{"email": "a@b.co",',
      headers: { 'content-type': 'application/json' },
    });
    expectError(response, 400, 'invalid_request');
  });

  it('answers a JSON body that is not an object with 400 invalid_request', async () => {
    for (const raw of ['[1,2]', '"text"', '42', 'null']) {
      const response = await t.http.request('POST', '/test-probe', {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expectError(response, 400, 'invalid_request');
    }
  });

  it('answers an unsupported content type with 400 invalid_request', async () => {
    const response = await t.http.request('POST', '/test-probe', {
      raw: '<order/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectError(response, 400, 'invalid_request');
  });

  it('answers a body over the configured limit with 413 request_too_large', async () => {
    const response = await t.http.post('/test-probe', {
      email: 'a@b.co',
      quantity: 1,
      padding: 'x'.repeat(5000),
    });
    expectError(response, 413, 'request_too_large');
    const small = await t.http.post('/test-probe', {
      email: 'a@b.co',
      quantity: 1,
      padding: 'x'.repeat(3000),
    });
    expect(small.status).toBe(201);
  });

  it('answers an unknown route with 404 record_not_found', async () => {
    expectError(await t.http.get('/no/such/route'), 404, 'record_not_found');
    expectError(await t.http.request('DELETE', '/api/v3/store/products'), 404, 'record_not_found');
  });

  it('answers an unexpected failure with 500 internal_error and a request id, leaking nothing', async () => {
    const response = await t.http.get('/test-probe/crash', { 'x-request-id': 'trace-0123456789' });
    const details = expectError(response, 500, 'internal_error');
    expect(details).toEqual({ request_id: 'trace-0123456789' });
    expect(response.text).not.toMatch(/hunter2|db-internal|password|stack|Error:/);
  });

  it('gives every response an X-Request-Id, keeping a well-formed incoming one', async () => {
    const fresh = await t.http.get('/health');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.http.get('/health', { 'x-request-id': 'abc-123-def-456' });
    expect(kept.headers.get('x-request-id')).toBe('abc-123-def-456');
    const replaced = await t.http.get('/health', { 'x-request-id': 'bad id with spaces\u00e9' });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const error = await t.http.get('/missing');
    expect(error.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
