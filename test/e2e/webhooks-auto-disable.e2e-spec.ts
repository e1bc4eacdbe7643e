import { WebhookDeliveryJobs } from '../../src/modules/webhooks/webhook-delivery-jobs.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import { SmtpSink } from '../helpers/smtp-sink.js';
import type { TestApp } from '../helpers/test-app.js';
import { startWebhooksTestApp, WebhookAdmin } from '../helpers/webhook-admin.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const LIMIT = 15;
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('Webhook endpoints: 15 consecutive failures disable the endpoint and e-mail staff once', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let hooks: WebhookAdmin;
  let receiver: WebhookReceiver;
  let sink: SmtpSink;
  let staffAddress: string;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    sink = await SmtpSink.start();
    t = await startWebhooksTestApp({ SMTP_URL: sink.url });
    shop = await t.seedStore();
    hooks = new WebhookAdmin(t, shop);
    [{ staff_notification_address: staffAddress }] = await t.dataSource.query(
      'SELECT staff_notification_address FROM stores WHERE id = $1',
      [hooks.storeKey()],
    );
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await sink.close();
  });

  const failTimes = async (endpointId: string, times: number) => {
    receiver.answer(500, 'down');
    for (let attempt = 0; attempt < times; attempt += 1) {
      const delivery = await hooks.sent(endpointId);
      expect(delivery).toMatchObject({ success: false, error_type: 'http_error' });
    }
  };
  const mailsAbout = (endpointId: string) =>
    sink.messages.filter((mail) => mail.text.includes(endpointId));
  /** The notices go out from the e-mail queue: waits until `count` have arrived (or 10 s). */
  const mailedAbout = async (endpointId: string, count: number) => {
    const deadline = Date.now() + 10_000;
    while (mailsAbout(endpointId).length < count && Date.now() < deadline) await settle();
    await settle();
    return mailsAbout(endpointId);
  };

  it('disables on the 15th failure, e-mails the staff address exactly once, and sends nothing more', async () => {
    const { endpoint, secret } = await hooks.create({ name: 'ERP', url: receiver.url('/erp') });
    await failTimes(endpoint.id, LIMIT - 1);
    expect(await hooks.endpoint(endpoint.id)).toMatchObject({
      enabled: true,
      consecutive_failures: LIMIT - 1,
      disabled_at: null,
    });
    expect(mailsAbout(endpoint.id)).toHaveLength(0);

    await failTimes(endpoint.id, 1);
    expect(await hooks.endpoint(endpoint.id)).toMatchObject({
      enabled: false,
      consecutive_failures: LIMIT,
      disabled_at: expect.any(String),
      disabled_reason: `Disabled after ${LIMIT} consecutive failed deliveries`,
    });
    const [mail] = await mailedAbout(endpoint.id, 1);
    expect(mailsAbout(endpoint.id)).toHaveLength(1);
    expect(mail.to).toEqual([staffAddress]);
    expect(mail.subject).toBe('Webhook endpoint "ERP" was disabled');
    expect(mail.text).toContain(`PATCH /api/v3/admin/webhook_endpoints/${endpoint.id}/enable`);
    expect(mail.text).toContain(`${LIMIT} consecutive failed deliveries`);
    expect(mail.raw).not.toContain(secret);

    // The 16th attempt: refused, whichever way it is asked for; nothing reaches the receiver.
    const [lastDelivery] = (await hooks.deliveries(endpoint.id, '?limit=1')).body.data;
    expectError(await hooks.sendTest(endpoint.id), 422, 'processing_error');
    expectError(await hooks.redeliver(endpoint.id, lastDelivery.id), 422, 'processing_error');
    await t.app.get(WebhookDeliveryJobs).run({
      id: 'job-16',
      name: 'deliver',
      attempt: 1,
      data: { endpointId: hooks.key(endpoint.id), eventId: lastDelivery.event_id },
    });
    await settle();
    expect(receiver.at('/erp')).toHaveLength(LIMIT);
    expect((await hooks.deliveries(endpoint.id)).body.meta.count).toBe(LIMIT);
    expect(mailsAbout(endpoint.id)).toHaveLength(1);
  });

  it('one success before the 15th failure resets the count to zero', async () => {
    const { endpoint } = await hooks.create({ url: receiver.url('/flaky') });
    await failTimes(endpoint.id, LIMIT - 1);
    receiver.answer(200);
    expect((await hooks.sent(endpoint.id)).success).toBe(true);
    expect((await hooks.endpoint(endpoint.id)).consecutive_failures).toBe(0);
    await failTimes(endpoint.id, LIMIT - 1);
    expect(await hooks.endpoint(endpoint.id)).toMatchObject({
      enabled: true,
      consecutive_failures: LIMIT - 1,
    });
    expect(mailsAbout(endpoint.id)).toHaveLength(0);
  });

  it('concurrent failures each count; exactly one of them disables and e-mails', async () => {
    const { endpoint } = await hooks.create({ url: receiver.url('/crowd') });
    await t.dataSource.query(
      'UPDATE webhook_endpoints SET consecutive_failures = 10 WHERE id = $1',
      [hooks.key(endpoint.id)],
    );
    receiver.answer(500);
    // Every send has found the endpoint enabled before any failure is counted.
    receiver.gather(10);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => hooks.sendTest(endpoint.id)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    expect(await hooks.endpoint(endpoint.id)).toMatchObject({
      enabled: false,
      consecutive_failures: 20,
    });
    expect(await mailedAbout(endpoint.id, 1)).toHaveLength(1);
  });

  it('enabling a disabled endpoint starts afresh; the next 15 failures disable it (and mail) again', async () => {
    const { endpoint } = await hooks.create({ url: receiver.url('/second-chance') });
    await failTimes(endpoint.id, LIMIT);
    expect(await mailedAbout(endpoint.id, 1)).toHaveLength(1);
    const enabled = await hooks.call('PATCH', `/${endpoint.id}/enable`);
    expect(enabled.body).toMatchObject({ enabled: true, consecutive_failures: 0 });
    receiver.answer(200);
    expect((await hooks.sent(endpoint.id)).success).toBe(true);
    await failTimes(endpoint.id, LIMIT);
    expect((await hooks.endpoint(endpoint.id)).enabled).toBe(false);
    expect(await mailedAbout(endpoint.id, 2)).toHaveLength(2);
  });

  it('a store without a staff address still disables the endpoint (nothing to mail)', async () => {
    const quiet = await t.seedStore();
    const quietHooks = new WebhookAdmin(t, quiet);
    await t.dataSource.query('UPDATE stores SET staff_notification_address = NULL WHERE id = $1', [
      quietHooks.storeKey(),
    ]);
    const { endpoint } = await quietHooks.create({ url: receiver.url('/quiet') });
    const before = sink.messages.length;
    receiver.answer(500);
    for (let attempt = 0; attempt < LIMIT; attempt += 1) await quietHooks.sent(endpoint.id);
    expect((await quietHooks.endpoint(endpoint.id)).enabled).toBe(false);
    expect(sink.messages.length).toBe(before);
  });
});
