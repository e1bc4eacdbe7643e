import { randomBytes } from 'node:crypto';
import { WebhookSecretCipher } from '../../src/modules/webhooks/webhook-secret-cipher.js';

describe('WebhookSecretCipher', () => {
  const key = randomBytes(32).toString('hex');
  const cipher = new WebhookSecretCipher(key);

  it('issues 64-hex secrets and round-trips them', () => {
    const { secret, ciphertext } = cipher.issue();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(cipher.decrypt(ciphertext)).toBe(secret);
    expect(new WebhookSecretCipher(key).decrypt(ciphertext)).toBe(secret);
  });

  it('never shows the secret in the ciphertext, and encrypts it differently every time', () => {
    const { secret, ciphertext } = cipher.issue();
    expect(ciphertext).not.toContain(secret);
    expect(ciphertext).not.toContain(Buffer.from(secret, 'hex').toString('base64url'));
    expect(cipher.encrypt(secret)).not.toBe(cipher.encrypt(secret));
  });

  it('refuses a ciphertext altered in any byte', () => {
    const { ciphertext } = cipher.issue();
    const [format, iv, payload] = ciphertext.split('.');
    const bytes = Buffer.from(payload, 'base64url');
    bytes[5] ^= 1;
    expect(() => cipher.decrypt(`${format}.${iv}.${bytes.toString('base64url')}`)).toThrow();
    expect(() => cipher.decrypt(`v2.${iv}.${payload}`)).toThrow('Unknown sealed format');
  });

  it('refuses a ciphertext made under another ENCRYPTION_KEY', () => {
    const { ciphertext } = cipher.issue();
    expect(() =>
      new WebhookSecretCipher(randomBytes(32).toString('hex')).decrypt(ciphertext),
    ).toThrow();
  });
});
