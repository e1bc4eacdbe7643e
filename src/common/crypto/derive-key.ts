import { hkdfSync } from 'node:crypto';

/**
 * A 256-bit key for one purpose, derived from ENCRYPTION_KEY (HKDF-SHA256), so no two uses share
 * key material and the configured key itself never touches data.
 */
export function deriveKey(encryptionKeyHex: string, purpose: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(encryptionKeyHex, 'hex'), Buffer.alloc(0), purpose, 32),
  );
}
