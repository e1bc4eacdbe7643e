import { AccessTokensService } from '../../src/modules/auth/access-tokens.service.js';
import { IdempotencyRecordSweeper } from '../../src/platform/http/idempotency/idempotency-record.sweeper.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import type { RequestOptions, TestResponse } from '../helpers/http-client.js';
import { sharedSecrets, someCounter, storeIdOf } from '../helpers/policies-fixtures.js';
import { PoliciesProbeModule, probeCalls } from '../helpers/policies-probe.module.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** How long a duplicate waits for the first request here (10 s by default). */
const WAIT_MS = 1_500;

const COUNTER = '/api/v3/store/policies-probe/counter';
const FAILING = '/api/v3/store/policies-probe/failing';

let keySequence = 0;
/** A fresh Idempotency-Key. */
const someKey = () => `key-${Date.now()}-${(keySequence += 1)}`;

interface StoredRecord {
  credential: string;
  request_fingerprint: string;
  response_status: number | null;
  response_body: unknown;
  completed: boolean;
}

async function recordsOf(t: TestApp, shop: DemoCredentials, key: string): Promise<StoredRecord[]> {
  return (await t.dataSource.query(
    `SELECT credential, request_fingerprint, response_status, response_body,
            completed_at IS NOT NULL AS completed
     FROM idempotency_records WHERE store_id = $1 AND key = $2`,
    [storeIdOf(t, shop), key],
  )) as StoredRecord[];
}

function expectReplayOf(replay: TestResponse, original: TestResponse): void {
  expect(replay.status).toBe(original.status);
  expect(replay.text).toBe(original.text);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(original.headers.get('idempotent-replayed')).toBeNull();
}

describe('Idempotency-Key', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let otherShop: DemoCredentials;

  /** A request with the shop's publishable key (or `headers`' credentials) and an Idempotency-Key. */
  const send = (
    method: string,
    path: string,
    key: string | undefined,
    options: RequestOptions = {},
    credentials: Record<string, string> = { 'x-store-api-key': shop.publishable_key },
  ) =>
    t.http.request(method, path, {
      ...options,
      headers: {
        ...credentials,
        ...(key === undefined ? {} : { 'idempotency-key': key }),
        ...options.headers,
      },
    });
  const post = (key: string | undefined, json: unknown, credentials?: Record<string, string>) =>
    send('POST', COUNTER, key, { json }, credentials);

  beforeAll(async () => {
    t = await startTestApp({
      env: { IDEMPOTENCY_WAIT_MS: String(WAIT_MS) },
      extraModules: [PoliciesProbeModule],
    });
    shop = await t.seedStore();
    otherShop = await t.seedStore();
  });
  afterAll(() => t.close());

  describe('replay', () => {
    it('answers the same request again with the recorded status and body, without running the handler', async () => {
      const key = someKey();
      const counter = someCounter();
      const body = { counter, note: 'first' };
      const original = await post(key, body);
      expect(original.status).toBe(201);
      expect(original.body).toEqual({ counter, call: 1, note: 'first' });

      const replay = await post(key, body);
      expectReplayOf(replay, original);
      expect(replay.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expectReplayOf(await post(key, body), original);
      expect(probeCalls(counter)).toBe(1);
    });

    it('records status, fingerprint and credential, and keeps the body encrypted', async () => {
      const key = someKey();
      const note = `secret-${someCounter()}`;
      await post(key, { counter: someCounter(), note });
      const [apiKey] = (await t.dataSource.query(
        `SELECT id::text AS id FROM api_keys WHERE store_id = $1 AND key_type = 'publishable'`,
        [storeIdOf(t, shop)],
      )) as { id: string }[];
      const records = await recordsOf(t, shop, key);
      expect(records).toEqual([
        {
          credential: `key:${apiKey!.id}`,
          request_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
          response_status: 201,
          response_body: expect.stringMatching(/^v1\./),
          completed: true,
        },
      ]);
      expect(JSON.stringify(records[0]!.response_body)).not.toContain(note);
    });

    it('treats the same body with its keys in another order as the same request', async () => {
      const key = someKey();
      const counter = someCounter();
      const headers = { 'content-type': 'application/json' };
      const original = await send('POST', COUNTER, key, {
        raw: JSON.stringify({ counter, note: 'n' }),
        headers,
      });
      const reordered = await send('POST', COUNTER, key, {
        raw: `{ "note": "n",\n  "counter": ${JSON.stringify(counter)} }`,
        headers,
      });
      expectReplayOf(reordered, original);
      expect(probeCalls(counter)).toBe(1);
    });

    it.each(['PUT', 'PATCH'])('applies to %s', async (method) => {
      const key = someKey();
      const counter = someCounter();
      const original = await send(method, COUNTER, key, { json: { counter } });
      expect(original.status).toBe(200);
      expectReplayOf(await send(method, COUNTER, key, { json: { counter } }), original);
      expect(probeCalls(counter)).toBe(1);
    });

    it('applies to DELETE, replaying an empty 204', async () => {
      const key = someKey();
      const counter = someCounter();
      const path = `${COUNTER}?counter=${counter}`;
      const original = await send('DELETE', path, key);
      expect(original.status).toBe(204);
      const replay = await send('DELETE', path, key);
      expectReplayOf(replay, original);
      expect(replay.text).toBe('');
      expect(probeCalls(counter)).toBe(1);
      expect((await recordsOf(t, shop, key))[0]).toMatchObject({
        response_status: 204,
        response_body: null,
      });
    });
  });

  describe('a key used with another request', () => {
    it('answers 422 idempotency_key_reused for another body, path or method, and keeps the record', async () => {
      const key = someKey();
      const counter = someCounter();
      await post(key, { counter, note: 'a' });
      const [before] = await recordsOf(t, shop, key);

      expectError(await post(key, { counter, note: 'b' }), 422, 'idempotency_key_reused');
      expectError(
        await send('POST', `${COUNTER}?again=1`, key, { json: { counter, note: 'a' } }),
        422,
        'idempotency_key_reused',
      );
      expectError(
        await send('PUT', COUNTER, key, { json: { counter, note: 'a' } }),
        422,
        'idempotency_key_reused',
      );
      expect(probeCalls(counter)).toBe(1);
      expect(await recordsOf(t, shop, key)).toEqual([before]);
    });
  });

  describe('the header', () => {
    it('refuses a key over 255 characters, or an empty one, with 400 invalid_request', async () => {
      const counter = someCounter();
      expectError(await post('k'.repeat(256), { counter }), 400, 'invalid_request');
      expectError(await post('', { counter }), 400, 'invalid_request');
      expect(probeCalls(counter)).toBe(0);

      const longest = `${someKey()}-`.padEnd(255, 'k');
      expect((await post(longest, { counter })).status).toBe(201);
      expect((await recordsOf(t, shop, longest)).length).toBe(1);
    });

    it('leaves requests without it alone: each one runs, nothing is recorded', async () => {
      const freshShop = await t.seedStore();
      const counter = someCounter();
      const credentials = { 'x-store-api-key': freshShop.publishable_key };
      const first = await post(undefined, { counter }, credentials);
      const second = await post(undefined, { counter }, credentials);
      expect([first.body.call, second.body.call]).toEqual([1, 2]);
      expect(second.headers.get('idempotent-replayed')).toBeNull();
      const [{ count }] = (await t.dataSource.query(
        'SELECT count(*)::int AS count FROM idempotency_records WHERE store_id = $1',
        [storeIdOf(t, freshShop)],
      )) as { count: number }[];
      expect(count).toBe(0);
    });

    it('is ignored on GET, even when malformed', async () => {
      const counter = someCounter();
      const path = `${COUNTER}?counter=${counter}`;
      for (const key of ['k'.repeat(256), 'same-key', 'same-key']) {
        const response = await send('GET', path, key);
        expect(response.status).toBe(200);
        expect(response.headers.get('idempotent-replayed')).toBeNull();
      }
      expect(probeCalls(counter)).toBe(3);
    });

    it('is ignored on admin session routes, which have no credential to scope a key by', async () => {
      const counter = someCounter();
      const path = '/api/v3/admin/policies-probe/session';
      for (const key of ['k'.repeat(256), 'same-key', 'same-key']) {
        expect((await send('POST', path, key, { json: { counter } })).status).toBe(201);
      }
      expect(probeCalls(counter)).toBe(3);
    });
  });

  describe('credentials', () => {
    it('keeps the same key of different stores apart', async () => {
      const key = someKey();
      const counter = someCounter();
      const mine = await post(key, { counter });
      const theirs = await post(key, { counter }, { 'x-store-api-key': otherShop.publishable_key });
      expect([mine.body.call, theirs.body.call]).toEqual([1, 2]);
      expect(theirs.headers.get('idempotent-replayed')).toBeNull();
      expect((await recordsOf(t, otherShop, key)).length).toBe(1);
    });

    it('keeps the same key of a signed-in customer and of the bare key apart', async () => {
      const key = someKey();
      const counter = someCounter();
      // A token is only admitted while its customer exists.
      const [{ id: customerId }] = await t.dataSource.query<{ id: string }[]>(
        `INSERT INTO customers (store_id, email) VALUES ($1, $2) RETURNING id::text AS id`,
        [storeIdOf(t, shop), `idempotency-${key}@example.com`],
      );
      const token = t.app
        .get(AccessTokensService)
        .issue({ subject: 'customer', storeId: storeIdOf(t, shop), subjectId: customerId }).token;
      await post(key, { counter });
      const asCustomer = await post(
        key,
        { counter },
        { 'x-store-api-key': shop.publishable_key, authorization: `Bearer ${token}` },
      );
      expect(asCustomer.body.call).toBe(2);
      expect((await recordsOf(t, shop, key)).map((record) => record.credential).sort()).toEqual([
        `customer:${customerId}`,
        expect.stringMatching(/^key:\d+$/),
      ]);
    });
  });

  describe('errors', () => {
    it('records and replays an error the request ended with (404)', async () => {
      const key = someKey();
      const counter = someCounter();
      const body = { counter, outcome: 'not_found' };
      const original = await send('POST', FAILING, key, { json: body });
      expectError(original, 404, 'record_not_found');
      const replay = await send('POST', FAILING, key, { json: body });
      expectReplayOf(replay, original);
      expectError(replay, 404, 'record_not_found');
      expect(probeCalls(counter)).toBe(1);
    });

    it('records and replays a body that failed validation (422)', async () => {
      const key = someKey();
      const original = await post(key, { counter: 5 });
      expectError(original, 422, 'validation_error');
      expectReplayOf(await post(key, { counter: 5 }), original);
      expect((await recordsOf(t, shop, key))[0]!.response_status).toBe(422);
    });

    it.each([
      ['a concurrent modification (409)', 'conflict', 409, 'cart_already_updated'],
      ['a server failure (500)', 'crash', 500, 'internal_error'],
    ])('forgets %s, so that a retry runs again', async (_, outcome, status, code) => {
      const key = someKey();
      const counter = someCounter();
      const body = { counter, outcome };
      expectError(await send('POST', FAILING, key, { json: body }), status, code);
      const retry = await send('POST', FAILING, key, { json: body });
      expectError(retry, status, code);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(probeCalls(counter)).toBe(2);
      expect(await recordsOf(t, shop, key)).toEqual([]);
    });
  });

  describe('concurrent duplicates', () => {
    it.each([2, 10])(
      'run the handler once for %p identical requests; all get its answer',
      async (n) => {
        const key = someKey();
        const counter = someCounter();
        const body = { counter, delay_ms: 300 };
        const responses = await Promise.all(Array.from({ length: n }, () => post(key, body)));
        expect(probeCalls(counter)).toBe(1);
        expect(new Set(responses.map((response) => response.status))).toEqual(new Set([201]));
        expect(new Set(responses.map((response) => response.text)).size).toBe(1);
        expect(responses[0]!.body).toEqual({ counter, call: 1, note: null });
        const replayed = responses.filter((r) => r.headers.get('idempotent-replayed') === 'true');
        expect(replayed.length).toBe(n - 1);
      },
    );

    it('gives up waiting after IDEMPOTENCY_WAIT_MS with 429 and Retry-After when the first never finishes', async () => {
      const key = someKey();
      const counter = someCounter();
      await post(key, { counter });
      // As if the first request were still running.
      await t.dataSource.query(
        `UPDATE idempotency_records SET response_status = NULL, response_body = NULL, completed_at = NULL
         WHERE store_id = $1 AND key = $2`,
        [storeIdOf(t, shop), key],
      );
      const started = Date.now();
      const waiting = await post(key, { counter });
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(WAIT_MS - 50);
      expect(waited).toBeLessThan(WAIT_MS + 5_000);
      expectError(waiting, 429, 'rate_limit_exceeded');
      expect(waiting.headers.get('retry-after')).toBe('1');
      expect(probeCalls(counter)).toBe(1);
    }, 30_000);
  });

  describe('lifetime', () => {
    it('treats a record older than 24 h as absent', async () => {
      const key = someKey();
      const counter = someCounter();
      await post(key, { counter, note: 'yesterday' });
      await t.dataSource.query(
        `UPDATE idempotency_records SET created_at = now() - interval '25 hours'
         WHERE store_id = $1 AND key = $2`,
        [storeIdOf(t, shop), key],
      );
      const today = await post(key, { counter, note: 'today' });
      expect(today.status).toBe(201);
      expect(today.body).toEqual({ counter, call: 2, note: 'today' });
      expectReplayOf(await post(key, { counter, note: 'today' }), today);
      expect((await recordsOf(t, shop, key)).length).toBe(1);
    });

    it('lets a retry take over a claim abandoned mid-request (its process died)', async () => {
      const key = someKey();
      const counter = someCounter();
      await post(key, { counter });
      await t.dataSource.query(
        `UPDATE idempotency_records
         SET response_status = NULL, response_body = NULL, completed_at = NULL,
             created_at = now() - interval '3 minutes'
         WHERE store_id = $1 AND key = $2`,
        [storeIdOf(t, shop), key],
      );
      const retry = await post(key, { counter });
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(probeCalls(counter)).toBe(2);
      expect((await recordsOf(t, shop, key))[0]).toMatchObject({ response_status: 201 });
    });

    it('sweeps expired records and keeps the others', async () => {
      const [expiredKey, liveKey] = [someKey(), someKey()];
      await post(expiredKey, { counter: someCounter() });
      await post(liveKey, { counter: someCounter() });
      await t.dataSource.query(
        `UPDATE idempotency_records SET created_at = now() - interval '25 hours'
         WHERE store_id = $1 AND key = $2`,
        [storeIdOf(t, shop), expiredKey],
      );
      expect(await t.app.get(IdempotencyRecordSweeper).sweep()).toBeGreaterThanOrEqual(1);
      expect(await recordsOf(t, shop, expiredKey)).toEqual([]);
      expect((await recordsOf(t, shop, liveKey)).length).toBe(1);
    });
  });
});

const withPostgres = process.env.DATABASE_URL ? describe : describe.skip; // two instances share a database only on a PostgreSQL server: the embedded one serves one connection (CI sets DATABASE_URL)

withPostgres('Idempotency-Key across two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = sharedSecrets();
    a = await startTestApp({ env, extraModules: [PoliciesProbeModule] });
    b = await startTestApp({ env, extraModules: [PoliciesProbeModule] });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('runs the handler once for duplicates sent to both at once, and either replays it', async () => {
    const shop = await a.seedStore();
    const counter = someCounter();
    const key = someKey();
    const send = (t: TestApp) =>
      t.http.post(
        COUNTER,
        { counter, delay_ms: 300 },
        { 'x-store-api-key': shop.publishable_key, 'idempotency-key': key },
      );
    const responses = await Promise.all([send(a), send(b), send(a), send(b)]);
    expect(probeCalls(counter)).toBe(1);
    expect(new Set(responses.map((response) => `${response.status} ${response.text}`)).size).toBe(
      1,
    );
    const later = await send(b);
    expect(later.text).toBe(responses[0]!.text);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
  });
});
