import { webhookSignature } from '../../src/modules/webhooks/webhook-signature.js';

describe('webhookSignature', () => {
  const secret = '0123456789abcdef'.repeat(4);
  const body = '{"id":"evt_1","name":"order.completed"}';

  it('is the hex HMAC-SHA256 of "<timestamp>.<raw body>" keyed with the secret text', () => {
    // Computed independently: printf '%s' '1700000000.<body>' | openssl dgst -sha256 -hmac <secret>
    expect(webhookSignature(secret, 1_700_000_000, body)).toBe(
      '516e41fc0b5ed0a2652fe64c7b13b16c84de0f841830eda12b48d4505f6f0312',
    );
  });

  it('changes with the timestamp, the body and the secret', () => {
    const signature = webhookSignature(secret, 1_700_000_000, body);
    expect(webhookSignature(secret, 1_700_000_001, body)).not.toBe(signature);
    expect(webhookSignature(secret, 1_700_000_000, `${body} `)).not.toBe(signature);
    expect(webhookSignature('f'.repeat(64), 1_700_000_000, body)).not.toBe(signature);
  });

  it('signs the bytes of non-ASCII bodies as UTF-8', () => {
    expect(webhookSignature(secret, 1, '{"name":"Café"}')).toMatch(/^[0-9a-f]{64}$/);
    expect(webhookSignature(secret, 1, '{"name":"Café"}')).not.toBe(
      webhookSignature(secret, 1, '{"name":"Cafe"}'),
    );
  });
});
