import { networkInterfaces } from 'node:os';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';
import { startWebhooksTestApp, WebhookAdmin } from '../helpers/webhook-admin.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

/** A public address; these tests never send to it. */
const PUBLIC_URL = 'https://1.1.1.1/hooks';

/** An address of this machine's own interfaces other than loopback (private or public). */
const ownInterfaceAddress = () =>
  Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .find((entry) => !entry.internal && entry.family === 'IPv4')?.address ?? '127.0.0.1';

describe('Webhook URLs outside development (WEBHOOKS_ALLOW_PRIVATE_NETWORKS=false)', () => {
  let t: TestApp;
  let hooks: WebhookAdmin;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await startWebhooksTestApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'false' });
    hooks = new WebhookAdmin(t, await t.seedStore());
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const pointAt = (endpointId: string, url: string) =>
    t.dataSource.query('UPDATE webhook_endpoints SET url = $1 WHERE id = $2', [
      url,
      hooks.key(endpointId),
    ]);

  it.each([
    ['the local receiver', () => receiver.url()],
    ['localhost', () => `http://localhost:${receiver.port}/hooks`],
    ['IPv6 loopback', () => `http://[::1]:${receiver.port}/`],
    ['IPv4-mapped loopback', () => 'http://[::ffff:127.0.0.1]/'],
    ['a private network', () => 'http://10.1.2.3/hooks'],
    ['another private network', () => 'https://192.168.0.10/hooks'],
    ['cloud metadata (link-local)', () => 'http://169.254.169.254/latest/meta-data'],
    ['the unspecified address', () => 'http://0.0.0.0:8080/'],
    ['IPv6 unique-local', () => 'http://[fd12:3456::1]/'],
    ['IPv6 link-local', () => 'http://[fe80::1]/'],
    ['NAT64 of loopback', () => `http://[64:ff9b::7f00:1]:${receiver.port}/`],
    ['6to4 of loopback', () => 'http://[2002:7f00:1::1]/'],
    ['SIIT of loopback', () => 'http://[::ffff:0:7f00:1]/'],
    ['Teredo with a loopback server', () => 'http://[2001:0:7f00:1::1]/'],
    ['IPv6 discard-only', () => 'http://[100::1]/'],
    ['IPv6 documentation', () => 'http://[2001:db8::1]/'],
    ['TEST-NET-1', () => 'http://192.0.2.1/'],
    ['TEST-NET-2', () => 'http://198.51.100.1/'],
    ['TEST-NET-3', () => 'http://203.0.113.10/'],
    ['the 6to4 relay anycast', () => 'http://192.88.99.1/'],
    ['this machine’s own interface', () => `http://${ownInterfaceAddress()}:${receiver.port}/`],
  ])('refuses %s on save: 422 validation_error on url', async (_, url) => {
    const details = expectError(
      await hooks.call('POST', '', { json: { url: url(), subscriptions: ['*'] } }),
      422,
      'validation_error',
    );
    expect(details).toEqual({
      url: ['url must not point to a private, loopback or link-local address'],
    });
  });

  it('refuses a host that does not resolve', async () => {
    const details = expectError(
      await hooks.call('POST', '', {
        json: { url: 'https://no-such-host.invalid/hooks', subscriptions: ['*'] },
      }),
      422,
      'validation_error',
    );
    expect(details).toEqual({ url: ['url host could not be resolved'] });
  });

  it('accepts a public address', async () => {
    const { endpoint } = await hooks.create({ url: PUBLIC_URL });
    expect(endpoint.url).toBe(PUBLIC_URL);
  });

  it('refuses a private URL on update too, leaving the endpoint as it was', async () => {
    const { endpoint } = await hooks.create({ url: PUBLIC_URL });
    const details = expectError(
      await hooks.call('PATCH', `/${endpoint.id}`, { json: { url: receiver.url() } }),
      422,
      'validation_error',
    );
    expect(Object.keys(details!)).toEqual(['url']);
    expect((await hooks.endpoint(endpoint.id)).url).toBe(PUBLIC_URL);
  });

  it.each([
    ['an address', () => receiver.url('/rebound')],
    ['a name', () => `http://localhost:${receiver.port}/rebound`],
    ['NAT64 of loopback', () => `http://[64:ff9b::7f00:1]:${receiver.port}/rebound`],
    [
      'this machine’s own interface',
      () => `http://${ownInterfaceAddress()}:${receiver.port}/rebound`,
    ],
  ])(
    'checks again at send time: a URL now resolving privately (%s) is a connection_error, nothing sent',
    async (_, url) => {
      const { endpoint } = await hooks.create({ url: PUBLIC_URL });
      await pointAt(endpoint.id, url());
      const delivery = await hooks.sent(endpoint.id);
      expect(delivery).toMatchObject({
        success: false,
        error_type: 'connection_error',
        error_message: expect.stringContaining('private, loopback or link-local'),
        response_status: null,
      });
      expect(receiver.at('/rebound')).toHaveLength(0);
      expect((await hooks.endpoint(endpoint.id)).consecutive_failures).toBe(1);
    },
  );
});
