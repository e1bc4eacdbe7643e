import type { AppConfig } from '../../src/config/index.js';
import { WebhookHttpClient } from '../../src/modules/webhooks/webhook-http-client.js';
import type { WebhookTargetPolicy } from '../../src/modules/webhooks/webhook-target-policy.js';

describe('WebhookHttpClient and a host that takes forever to resolve', () => {
  it('counts the lookup inside the delivery timeout: the exchange ends as a timeout', async () => {
    let lookups = 0;
    const neverResolving = {
      connectionLookup: () => {
        lookups += 1;
        return new Promise(() => undefined);
      },
    } as unknown as WebhookTargetPolicy;
    const client = new WebhookHttpClient({ WEBHOOK_TIMEOUT_MS: 200 } as AppConfig, neverResolving);
    try {
      const exchange = await client.post('http://slow-dns.example/hooks', '{}', {});
      expect(lookups).toBe(1);
      expect(exchange).toMatchObject({
        kind: 'unanswered',
        reason: 'timeout',
        message: 'No answer within 200 ms',
      });
    } finally {
      client.onApplicationShutdown();
    }
  }, 10_000);
});
