import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { StoreCaller } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const JSON_TYPE = 'application/json';
const JSON_API_TYPE = 'application/vnd.api+json';

describe('request bodies', () => {
  let t: TestApp;
  let shop: DemoCredentials;

  beforeAll(async () => {
    t = await startTestApp({ env: { BODY_LIMIT_BYTES: '4096' } });
    shop = await t.seedStore();
  });
  afterAll(() => t.close());

  /** A Store API request with the shop's key, the given content type and a raw body (or none). */
  const send = (
    method: string,
    path: string,
    contentType: string | undefined,
    raw?: string,
    extra: Record<string, string> = {},
  ): Promise<TestResponse> =>
    t.http.request(method, `/api/v3/store${path}`, {
      raw,
      headers: {
        'x-store-api-key': shop.publishable_key,
        ...(contentType === undefined ? {} : { 'content-type': contentType }),
        ...extra,
      },
    });

  async function emptyCart(): Promise<{ id: string; token: string }> {
    const response = await send('POST', '/carts', JSON_TYPE, '');
    expect(response.status).toBe(201);
    return { id: response.body.id, token: response.body.token };
  }

  describe('an empty body under a JSON content type is an empty object', () => {
    it('creates a cart from POST /carts with the JSON content type and an empty body', async () => {
      const response = await send('POST', '/carts', JSON_TYPE, '');
      expect(response.status).toBe(201);
      expect(response.body.id).toEqual(expect.any(String));
      expect(response.body.token).toEqual(expect.any(String));
    });

    it('creates a cart with a charset parameter and with no content type at all', async () => {
      expect((await send('POST', '/carts', `${JSON_TYPE}; charset=utf-8`, '')).status).toBe(201);
      expect((await send('POST', '/carts', undefined)).status).toBe(201);
    });

    it('answers completing an empty cart with an empty JSON body with 422 cart_empty', async () => {
      const cart = await emptyCart();
      const response = await send('POST', `/carts/${cart.id}/complete`, JSON_TYPE, '', {
        'x-store-token': cart.token,
      });
      expectError(response, 422, 'cart_empty');
    });

    it('abandons a cart with DELETE and an empty JSON body', async () => {
      const cart = await emptyCart();
      const headers = { 'x-store-token': cart.token };
      expect((await send('DELETE', `/carts/${cart.id}`, JSON_TYPE, '', headers)).status).toBe(204);
      expectError(
        await send('GET', `/carts/${cart.id}`, undefined, undefined, headers),
        404,
        'cart_not_found',
      );
    });

    it('takes the body-less writes of a signed-in customer: associate, store credit', async () => {
      const customer = await new StoreCaller(t, shop).register();
      const signedIn = { authorization: `Bearer ${customer.token}` };
      const guest = await emptyCart();
      const associated = await send('PATCH', `/carts/${guest.id}/associate`, JSON_TYPE, '', {
        ...signedIn,
        'x-store-token': guest.token,
      });
      expect(associated.status).toBe(200);

      const credit = `/carts/${guest.id}/store_credits`;
      expectError(await send('POST', credit, JSON_TYPE, '', signedIn), 422, 'payment_failed');
      expect((await send('DELETE', credit, JSON_TYPE, '', signedIn)).status).toBe(200);
    });

    it('treats an empty application/vnd.api+json body as an empty object too', async () => {
      const response = await send('POST', '/carts', JSON_API_TYPE, '');
      expect(response.status).toBe(201);
    });

    it('counts an empty body as {} for Idempotency-Key: the same write again replays', async () => {
      const key = `empty-body-${Date.now()}`;
      const first = await send('POST', '/carts', JSON_TYPE, '', { 'idempotency-key': key });
      expect(first.status).toBe(201);
      const again = await send('POST', '/carts', JSON_TYPE, '{}', { 'idempotency-key': key });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
    });
  });

  describe('application/vnd.api+json', () => {
    it('accepts {} and a body with fields', async () => {
      expect((await send('POST', '/carts', JSON_API_TYPE, '{}')).status).toBe(201);
      const response = await send('POST', '/carts', JSON_API_TYPE, '{"currency":"USD"}');
      expect(response.status).toBe(201);
      expect(response.body.currency).toBe('USD');
    });

    it('answers malformed JSON under it with 400 invalid_request', async () => {
      expectError(
        await send('POST', '/carts', JSON_API_TYPE, '{"currency":'),
        400,
        'invalid_request',
      );
    });
  });

  describe('what stays refused', () => {
    it('answers malformed JSON with 400 invalid_request in the envelope', async () => {
      for (const raw of ['{"currency": "USD",', '{', ' ', 'nul']) {
        expectError(await send('POST', '/carts', JSON_TYPE, raw), 400, 'invalid_request');
      }
    });

    it('answers a JSON body that is not an object with 400 invalid_request', async () => {
      for (const raw of ['[]', '"text"', '42', 'null']) {
        expectError(await send('POST', '/carts', JSON_TYPE, raw), 400, 'invalid_request');
      }
    });

    it('refuses prototype poisoning with 400 invalid_request', async () => {
      const raw = '{"__proto__": {"admin": true}}';
      expectError(await send('POST', '/carts', JSON_TYPE, raw), 400, 'invalid_request');
      expectError(await send('POST', '/carts', JSON_API_TYPE, raw), 400, 'invalid_request');
    });

    it('keeps the body limit for both JSON types', async () => {
      const raw = JSON.stringify({ currency: 'USD', padding: 'x'.repeat(5000) });
      expectError(await send('POST', '/carts', JSON_TYPE, raw), 413, 'request_too_large');
      expectError(await send('POST', '/carts', JSON_API_TYPE, raw), 413, 'request_too_large');
    });

    it('answers an unsupported content type with 400 invalid_request, empty or not', async () => {
      for (const type of ['application/xml', 'text/html']) {
        for (const raw of ['', '<cart/>']) {
          expectError(await send('POST', '/carts', type, raw), 400, 'invalid_request');
        }
      }
    });
  });
});
