import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './derive-key.js';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM under a key derived from ENCRYPTION_KEY for one purpose, for what the service must
 * read back later but never keeps in the clear. Sealed text is `v1.<iv>.<ciphertext+tag>`.
 */
export class SealedBox {
  private readonly key: Buffer;

  constructor(encryptionKeyHex: string, purpose: string) {
    this.key = deriveKey(encryptionKeyHex, purpose);
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([
      cipher.update(plaintext, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${FORMAT}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** Throws when `sealed` was not sealed under this key and purpose, or was altered. */
  open(sealed: string): string {
    const [format, iv, payload] = sealed.split('.');
    if (format !== FORMAT || !iv || !payload) throw new Error('Unknown sealed format');
    const bytes = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
