import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../common/crypto/derive-key.js';

const SALT_BYTES = 16;
/** base64url of a 32-byte HMAC. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * Download tokens of digital links. A token is never stored: it is derived again whenever the
 * buyer's order is shown, as HMAC-SHA256 (under a key derived from ENCRYPTION_KEY) of the link's
 * id and a random salt kept in its row. Only its SHA-256 digest is stored, to find the link by.
 */
export class DigitalLinkTokens {
  private readonly key: Buffer;

  constructor(encryptionKeyHex: string) {
    this.key = deriveKey(encryptionKeyHex, 'digital-link-token');
  }

  newSalt(): string {
    return randomBytes(SALT_BYTES).toString('base64url');
  }

  tokenOf(link: { id: string; tokenSalt: string }): string {
    return createHmac('sha256', this.key)
      .update(`digital-link:${link.id}:${link.tokenSalt}`)
      .digest('base64url');
  }

  digestOf(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  isWellFormed(token: string): boolean {
    return TOKEN_FORMAT.test(token);
  }

  /** Whether `presented` is the link's token, compared in constant time. */
  matches(link: { id: string; tokenSalt: string }, presented: string): boolean {
    const expected = Buffer.from(this.tokenOf(link));
    const actual = Buffer.from(presented);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
