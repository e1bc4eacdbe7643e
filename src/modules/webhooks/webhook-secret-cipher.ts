import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../../common/crypto/derive-key.js';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SECRET_BYTES = 32;

/**
 * Signing secrets of webhook endpoints: 64 hex characters, kept only AES-256-GCM encrypted under
 * a key derived from ENCRYPTION_KEY, because deliveries must sign with them again later.
 */
export class WebhookSecretCipher {
  private readonly key: Buffer;

  constructor(encryptionKeyHex: string) {
    this.key = deriveKey(encryptionKeyHex, 'webhook-endpoint-secret');
  }

  /** A new random secret and its ciphertext. */
  issue(): { secret: string; ciphertext: string } {
    const secret = randomBytes(SECRET_BYTES).toString('hex');
    return { secret, ciphertext: this.encrypt(secret) };
  }

  encrypt(secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([
      cipher.update(secret, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${FORMAT}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** Throws when the ciphertext was not made under this key or was altered. */
  decrypt(ciphertext: string): string {
    const [format, iv, payload] = ciphertext.split('.');
    if (format !== FORMAT || !iv || !payload) throw new Error('Unknown webhook secret format');
    const sealed = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
