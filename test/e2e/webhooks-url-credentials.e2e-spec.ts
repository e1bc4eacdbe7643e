import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { Ids } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';
import { startWebhooksTestApp, WebhookAdmin } from '../helpers/webhook-admin.js';

/** URLs that carry a username or a password, in the forms the WHATWG parser reads as such. */
const WITH_CREDENTIALS = [
  'http://user:secretpass@hooks.example.com/hook',
  'https://user@hooks.example.com/hook',
  'https://:secretpass@hooks.example.com/hook',
  'https://us%65r:p%40ss@hooks.example.com/hook',
  'HTTPS://User:Pass@Hooks.Example.com:8443/hook?x=1',
  '  https://user:pass@hooks.example.com/hook  ',
];

/**
 * Webhook URLs never hold credentials: the endpoint's signing secret authenticates deliveries, and
 * a password in the URL would be stored and shown to every `read_webhooks` holder in clear.
 */
describe('Admin API: webhook URLs with credentials', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let hooks: WebhookAdmin;

  beforeAll(async () => {
    t = await startWebhooksTestApp();
    shop = await t.seedStore();
    hooks = new WebhookAdmin(t, shop);
  });
  afterAll(() => t.close());

  const storedUrls = async (): Promise<string[]> =>
    (
      await t.dataSource.query<{ url: string }[]>(
        'SELECT url FROM webhook_endpoints WHERE store_id = $1 ORDER BY id',
        [new Ids(t).store(shop)],
      )
    ).map((row) => row.url);

  const refusedOnUrl = (response: Awaited<ReturnType<WebhookAdmin['call']>>) => {
    const details = expectError(response, 422, 'validation_error');
    expect(details).toEqual({
      url: [
        'url must not contain a username or password; deliveries are signed with the endpoint secret',
      ],
    });
  };

  it.each(WITH_CREDENTIALS)('refuses %p on create: 422 naming url, nothing stored', async (url) => {
    const before = await storedUrls();
    refusedOnUrl(await hooks.call('POST', '', { json: { url, subscriptions: ['*'] } }));
    expect(await storedUrls()).toEqual(before);
  });

  it.each(WITH_CREDENTIALS)(
    'refuses %p on update: 422 naming url, the URL unchanged',
    async (url) => {
      const { endpoint } = await hooks.create({ url: 'https://plain.example.com/hook' });
      refusedOnUrl(
        await hooks.call('PATCH', `/${endpoint.id}`, { json: { url, name: 'renamed' } }),
      );
      expect(await hooks.endpoint(endpoint.id)).toMatchObject({
        url: 'https://plain.example.com/hook',
        name: endpoint.name,
      });
      expect(await storedUrls()).not.toContain(url.trim());
    },
  );

  it('still takes URLs with an @ outside the authority, and a bare @ with no userinfo', async () => {
    for (const url of [
      'https://hooks.example.com/by/ops@example.com',
      'https://hooks.example.com/hook?notify=ops@example.com',
      'https://hooks.example.com/hook#a@b',
    ]) {
      const { endpoint } = await hooks.create({ url });
      expect(endpoint.url).toBe(url);
    }
  });
});
