import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { AbandonedAttempts } from '../../src/modules/webhooks/abandoned-attempts.js';
import { DeliveryAttempts } from '../../src/modules/webhooks/delivery-attempts.js';
import { WebhookDeliverer } from '../../src/modules/webhooks/webhook-deliverer.js';
import { WebhookEndpoint } from '../../src/modules/webhooks/webhook-endpoint.entity.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';
import { eventually, startWebhooksTestApp, WebhookAdmin } from '../helpers/webhook-admin.js';
import { verifyWebhook, WebhookReceiver } from '../helpers/webhook-receiver.js';

const TIMEOUT_MS = 600;
const UUID = expect.stringMatching(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
);
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Webhook deliveries: send_test, redeliver, history', () => {
  let t: TestApp;
  let hooks: WebhookAdmin;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await startWebhooksTestApp({ WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
    hooks = new WebhookAdmin(t, await t.seedStore());
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => receiver.answer(200));

  /** An endpoint receiving at its own path of the receiver. */
  const endpointAt = async (path: string) => hooks.create({ url: receiver.url(path) });

  /** An event of any name, delivered through the deliverer the queue consumer uses. */
  const deliverEvent = async (endpointId: string, name: string) => {
    const endpoint = await t.dataSource.manager.findOneByOrFail(WebhookEndpoint, {
      id: hooks.key(endpointId),
    });
    await t.app.get(WebhookDeliverer).deliver(endpoint, {
      id: randomUUID(),
      name,
      created_at: new Date().toISOString(),
      data: { id: 'or_k3G7QAe51F', number: 'R123456789' },
      metadata: {},
    });
  };

  describe('POST /webhook_endpoints/:id/send_test', () => {
    it('POSTs a signed webhook.test envelope that the receiver verifies; 201 with the delivery', async () => {
      const { endpoint, secret } = await endpointAt('/signed');
      const before = Math.floor(Date.now() / 1000);
      const response = await hooks.sendTest(endpoint.id);
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^whd_/),
        webhook_endpoint_id: endpoint.id,
        event_id: UUID,
        event_name: 'webhook.test',
        attempt: 1,
        status: 'succeeded',
        request_body: expect.any(String),
        response_status: 200,
        response_body: 'ok',
        duration_ms: expect.any(Number),
        error_type: null,
        error_message: null,
        success: true,
        delivered_at: ISO,
        finished_at: ISO,
      });
      expect(Date.parse(response.body.finished_at)).toBeGreaterThanOrEqual(
        Date.parse(response.body.delivered_at),
      );

      const [request] = receiver.at('/signed');
      expect(receiver.at('/signed')).toHaveLength(1);
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-store-webhook-event']).toBe('webhook.test');
      const timestamp = Number(request.headers['x-store-webhook-timestamp']);
      expect(timestamp).toBeGreaterThanOrEqual(before);
      expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
      expect(request.headers['x-store-webhook-signature']).toMatch(/^[0-9a-f]{64}$/);

      expect(request.body).toBe(response.body.request_body);
      expect(verifyWebhook(request, secret)).toBe(true);
      expect(verifyWebhook(request, 'f'.repeat(64))).toBe(false);
      expect(verifyWebhook({ ...request, body: `${request.body} ` }, secret)).toBe(false);
      expect(verifyWebhook(request, secret, { now: timestamp + 301 })).toBe(false);

      const envelope = JSON.parse(request.body);
      expect(Object.keys(envelope)).toEqual(['id', 'name', 'created_at', 'data', 'metadata']);
      expect(envelope).toEqual({
        id: response.body.event_id,
        name: 'webhook.test',
        created_at: ISO,
        data: expect.objectContaining({ id: endpoint.id, url: endpoint.url }),
        metadata: {},
      });
      expect(request.body).not.toContain(secret);
    });

    it('records a non-2xx answer as http_error, with its status and body, and counts it', async () => {
      const { endpoint } = await endpointAt('/busy');
      receiver.answer(503, 'come back later');
      expect(await hooks.sent(endpoint.id)).toMatchObject({
        success: false,
        error_type: 'http_error',
        error_message: 'The receiver answered 503',
        response_status: 503,
        response_body: 'come back later',
      });
      expect((await hooks.endpoint(endpoint.id)).consecutive_failures).toBe(1);
      receiver.answer(302);
      expect(await hooks.sent(endpoint.id)).toMatchObject({
        success: false,
        error_type: 'http_error',
        response_status: 302,
      });
    });

    it('keeps the first 10 000 characters of a long answer', async () => {
      const { endpoint } = await endpointAt('/chatty');
      receiver.answer(200, `${'é'.repeat(9_999)}😀${'x'.repeat(40_000)}`);
      const delivery = await hooks.sent(endpoint.id);
      expect(delivery.success).toBe(true);
      // The emoji would be cut in half at 10 000 UTF-16 units: it is left out whole.
      expect(delivery.response_body).toBe('é'.repeat(9_999));
    });

    it('records a refused connection as connection_error', async () => {
      const { endpoint } = await hooks.create({
        url: `http://127.0.0.1:${await closedPort()}/nobody`,
      });
      expect(await hooks.sent(endpoint.id)).toMatchObject({
        success: false,
        error_type: 'connection_error',
        error_message: expect.stringContaining('ECONNREFUSED'),
        response_status: null,
        response_body: null,
      });
      expect((await hooks.endpoint(endpoint.id)).consecutive_failures).toBe(1);
    });

    it(`records no answer within WEBHOOK_TIMEOUT_MS (${TIMEOUT_MS} ms) as timeout`, async () => {
      const { endpoint } = await endpointAt('/silent');
      receiver.hang = true;
      const delivery = await hooks.sent(endpoint.id);
      expect(delivery).toMatchObject({
        success: false,
        error_type: 'timeout',
        error_message: `No answer within ${TIMEOUT_MS} ms`,
        response_status: null,
      });
      expect(delivery.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(delivery.duration_ms).toBeLessThan(TIMEOUT_MS + 2_000);
      expect(receiver.at('/silent')).toHaveLength(1);
    });

    it('writes the attempt before the POST: while the receiver holds it, the history shows it in flight', async () => {
      const { endpoint } = await endpointAt('/held');
      receiver.hang = true;
      const sending = hooks.sendTest(endpoint.id);
      await eventually(() => receiver.at('/held').length === 1);
      const envelopeId = JSON.parse(receiver.at('/held')[0].body).id;

      const during = await hooks.deliveries(endpoint.id);
      expect(during.body.data).toEqual([
        expect.objectContaining({
          event_id: envelopeId,
          event_name: 'webhook.test',
          attempt: 1,
          status: 'in_flight',
          request_body: receiver.at('/held')[0].body,
          response_status: null,
          response_body: null,
          duration_ms: null,
          error_type: null,
          error_message: null,
          success: false,
          delivered_at: ISO,
          finished_at: null,
        }),
      ]);
      const inFlight = await hooks.deliveries(endpoint.id, '?status=in_flight');
      expect(inFlight.body.data.map((d: any) => d.id)).toEqual([during.body.data[0].id]);

      // The same row is completed once the POST ends (here: no answer in time).
      const done = await sending;
      expect(done.status).toBe(201);
      expect(done.body).toMatchObject({
        id: during.body.data[0].id,
        attempt: 1,
        status: 'failed',
        error_type: 'timeout',
        finished_at: ISO,
      });
      expect((await hooks.deliveries(endpoint.id)).body.data).toEqual([done.body]);
      expect((await hooks.deliveries(endpoint.id, '?status=in_flight')).body.data).toEqual([]);
    });

    it('an attempt abandoned in flight (its API process died) is closed as interrupted once older than a POST can last', async () => {
      const { endpoint } = await endpointAt('/abandoned');
      const attempts = t.app.get(DeliveryAttempts);
      const open = (deliveredAt: Date) =>
        attempts.open(
          {
            endpointId: hooks.key(endpoint.id),
            eventId: randomUUID(),
            eventName: 'webhook.test',
            requestBody: '{}',
            deliveredAt,
          },
          false,
        );
      const abandoned = await open(new Date(Date.now() - 10 * 60_000));
      const live = await open(new Date());

      // WEBHOOK_TIMEOUT_MS (600) plus a minute's grace: only the ten-minute-old one is closed.
      expect(await t.app.get(AbandonedAttempts).closeOnce()).toBeGreaterThanOrEqual(1);
      const byId = async (id: string) =>
        (
          await hooks.call(
            'GET',
            `/${endpoint.id}/deliveries/${t.app.get(PublicIdCodec).encode(ID_PREFIX.webhookDelivery, id)}`,
          )
        ).body;
      expect(await byId(abandoned.id)).toMatchObject({
        status: 'interrupted',
        success: false,
        response_status: null,
        error_message: expect.stringContaining('may have received it'),
        finished_at: ISO,
      });
      expect(await byId(live.id)).toMatchObject({ status: 'in_flight', finished_at: null });
    });

    it('a success resets the failure count', async () => {
      const { endpoint } = await endpointAt('/flaky');
      receiver.answer(500);
      await hooks.sent(endpoint.id);
      await hooks.sent(endpoint.id);
      expect((await hooks.endpoint(endpoint.id)).consecutive_failures).toBe(2);
      receiver.answer(204, '');
      expect((await hooks.sent(endpoint.id)).success).toBe(true);
      expect((await hooks.endpoint(endpoint.id)).consecutive_failures).toBe(0);
    });
  });

  describe('POST /webhook_endpoints/:id/deliveries/:did/redeliver', () => {
    it('sends the same envelope (same id, same bytes) with a fresh timestamp and signature', async () => {
      const { endpoint, secret } = await endpointAt('/again');
      receiver.answer(500);
      const first = await hooks.sent(endpoint.id);
      // Timestamps are whole seconds: let one pass so the fresh one differs.
      await new Promise((resolve) => setTimeout(resolve, 1_050));
      receiver.answer(200);
      const response = await hooks.redeliver(endpoint.id, first.id);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        webhook_endpoint_id: endpoint.id,
        event_id: first.event_id,
        event_name: 'webhook.test',
        request_body: first.request_body,
        success: true,
      });
      expect(response.body.id).not.toBe(first.id);
      expect([first.attempt, response.body.attempt]).toEqual([1, 2]);
      expect(response.body.status).toBe('succeeded');

      const [original, repeated] = receiver.at('/again');
      expect(receiver.at('/again')).toHaveLength(2);
      expect(repeated.body).toBe(original.body);
      expect(JSON.parse(repeated.body).id).toBe(first.event_id);
      expect(repeated.headers['x-store-webhook-timestamp']).not.toBe(
        original.headers['x-store-webhook-timestamp'],
      );
      expect(repeated.headers['x-store-webhook-signature']).not.toBe(
        original.headers['x-store-webhook-signature'],
      );
      expect(verifyWebhook(original, secret)).toBe(true);
      expect(verifyWebhook(repeated, secret)).toBe(true);
      expect((await hooks.endpoint(endpoint.id)).consecutive_failures).toBe(0);
    });

    it('concurrent redeliveries of one envelope are each recorded, with distinct attempt numbers', async () => {
      const { endpoint } = await endpointAt('/crowded');
      const first = await hooks.sent(endpoint.id);
      receiver.gather(6);
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => hooks.redeliver(endpoint.id, first.id)),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
      expect(responses.map((response) => response.body.attempt).sort((a, b) => a - b)).toEqual([
        2, 3, 4, 5, 6, 7,
      ]);
      const received = receiver.at('/crowded');
      expect(received).toHaveLength(7);
      expect(new Set(received.map((request) => JSON.parse(request.body).id))).toEqual(
        new Set([first.event_id]),
      );
      const history = await hooks.deliveries(endpoint.id);
      expect(history.body.meta.count).toBe(7);
      expect(history.body.data.every((d: any) => d.status === 'succeeded')).toBe(true);
    });

    it('attempts of one envelope opened at the same moment share a statement and each get a number', async () => {
      const { endpoint } = await endpointAt('/batched');
      const attempts = t.app.get(DeliveryAttempts);
      const start = {
        endpointId: hooks.key(endpoint.id),
        eventId: randomUUID(),
        eventName: 'webhook.test',
        requestBody: '{}',
        deliveredAt: new Date(),
      };
      // More than the numbering retries: one number per round would leave the last ones refused.
      const opened = await Promise.all(
        Array.from({ length: 12 }, () => attempts.open(start, false)),
      );
      expect(opened.map((attempt) => attempt.attempt).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 12 }, (_, i) => i + 1),
      );
    });

    it('an interrupted attempt can be redelivered', async () => {
      const { endpoint } = await endpointAt('/after-crash');
      const first = await hooks.sent(endpoint.id);
      await t.dataSource.query(
        `UPDATE webhook_deliveries SET status = 'interrupted', success = false,
           response_status = NULL, response_body = NULL, duration_ms = NULL
         WHERE id = $1`,
        [t.app.get(PublicIdCodec).decode(ID_PREFIX.webhookDelivery, first.id)],
      );
      const again = await hooks.redeliver(endpoint.id, first.id);
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({
        event_id: first.event_id,
        request_body: first.request_body,
        attempt: 2,
        status: 'succeeded',
      });
      const interrupted = await hooks.deliveries(endpoint.id, '?status=interrupted');
      expect(interrupted.body.data).toEqual([
        expect.objectContaining({ id: first.id, status: 'interrupted', attempt: 1 }),
      ]);
    });

    it('answers 404 for an unknown delivery or one of another endpoint', async () => {
      const { endpoint: mine } = await endpointAt('/mine');
      const { endpoint: theirs } = await endpointAt('/theirs');
      const delivery = await hooks.sent(theirs.id);
      for (const id of ['whd_doesnotexist', mine.id, delivery.id]) {
        expectError(await hooks.redeliver(mine.id, id), 404, 'record_not_found');
        expectError(
          await hooks.call('GET', `/${mine.id}/deliveries/${id}`),
          404,
          'record_not_found',
        );
      }
      expect(receiver.at('/mine')).toHaveLength(0);
    });
  });

  describe('GET /webhook_endpoints/:id/deliveries', () => {
    it('lists every attempt newest first, filtered by event_name and success, paginated', async () => {
      const { endpoint } = await endpointAt('/history');
      const ok1 = await hooks.sent(endpoint.id);
      await deliverEvent(endpoint.id, 'order.completed');
      receiver.answer(500);
      const failed = await hooks.sent(endpoint.id);
      await deliverEvent(endpoint.id, 'order.completed');
      receiver.answer(200);
      const redelivered = (await hooks.redeliver(endpoint.id, failed.id)).body;

      const all = await hooks.deliveries(endpoint.id);
      expect(all.status).toBe(200);
      expect(all.body.meta).toEqual({
        page: 1,
        limit: 25,
        count: 5,
        pages: 1,
        from: 1,
        to: 5,
        in: 5,
        previous: null,
        next: null,
      });
      const names = all.body.data.map((d: any) => [d.event_name, d.success]);
      expect(names).toEqual([
        ['webhook.test', true],
        ['order.completed', false],
        ['webhook.test', false],
        ['order.completed', true],
        ['webhook.test', true],
      ]);
      expect(all.body.data[0]).toEqual(redelivered);
      expect(all.body.data[4]).toEqual(ok1);
      const times = all.body.data.map((d: any) => Date.parse(d.delivered_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);

      const orders = await hooks.deliveries(endpoint.id, '?event_name=order.completed');
      expect(orders.body.data.map((d: any) => d.event_name)).toEqual([
        'order.completed',
        'order.completed',
      ]);
      const failures = await hooks.deliveries(endpoint.id, '?success=false');
      expect(failures.body.data.map((d: any) => d.id)).toEqual([all.body.data[1].id, failed.id]);
      const both = await hooks.deliveries(endpoint.id, '?success=true&event_name=order.completed');
      expect(both.body.data).toEqual([all.body.data[3]]);

      const page2 = await hooks.deliveries(endpoint.id, '?limit=2&page=2');
      expect(page2.body).toEqual({
        data: all.body.data.slice(2, 4),
        meta: {
          page: 2,
          limit: 2,
          count: 5,
          pages: 3,
          from: 3,
          to: 4,
          in: 2,
          previous: 1,
          next: 3,
        },
      });
      expectError(await hooks.deliveries(endpoint.id, '?success=maybe'), 400, 'parameter_invalid');
      const failedOnes = await hooks.deliveries(endpoint.id, '?status=failed');
      expect(failedOnes.body.data.map((d: any) => d.id)).toEqual(
        failures.body.data.map((d: any) => d.id),
      );
      expect((await hooks.deliveries(endpoint.id, '?status=succeeded')).body.meta.count).toBe(3);
      expectError(await hooks.deliveries(endpoint.id, '?status=sent'), 400, 'parameter_invalid');
    });

    it('GET /deliveries/:did answers one delivery', async () => {
      const { endpoint } = await endpointAt('/one');
      const delivery = await hooks.sent(endpoint.id);
      const response = await hooks.call('GET', `/${endpoint.id}/deliveries/${delivery.id}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(delivery);
    });

    it('deleting an endpoint deletes its history', async () => {
      const { endpoint } = await endpointAt('/gone');
      await hooks.sent(endpoint.id);
      await hooks.call('DELETE', `/${endpoint.id}`);
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM webhook_deliveries WHERE endpoint_id = $1',
        [hooks.key(endpoint.id)],
      );
      expect(count).toBe(0);
    });
  });
});
