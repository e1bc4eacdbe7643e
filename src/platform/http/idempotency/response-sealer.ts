import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../../../common/crypto/derive-key.js';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts recorded response bodies (AES-256-GCM, key derived from ENCRYPTION_KEY): they can
 * carry access and refresh tokens or one-time secrets, which the service otherwise never keeps
 * in the clear.
 */
export class ResponseSealer {
  private readonly key: Buffer;

  constructor(encryptionKeyHex: string) {
    this.key = deriveKey(encryptionKeyHex, 'idempotency-response');
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([
      cipher.update(plaintext, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** Throws when `sealed` was not sealed under this key (e.g. ENCRYPTION_KEY was rotated). */
  open(sealed: string): string {
    const [version, iv, payload] = sealed.split('.');
    if (version !== VERSION || !iv || !payload) throw new Error('Unknown sealed response format');
    const bytes = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
