import { createHmac, randomBytes } from 'node:crypto';
import type { ApiKeyType } from './api-key.entity.js';
import { deriveKey } from '../../common/crypto/derive-key.js';

const TOKEN_PREFIX: Record<ApiKeyType, string> = { publishable: 'pk_', secret: 'sk_' };
const DISPLAY_PREFIX_LENGTH = 11;

export interface IssuedToken {
  token: string;
  digest: string;
  displayPrefix: string;
}

/**
 * API key tokens: 240 random bits, stored only as HMAC-SHA256 under a key derived from
 * ENCRYPTION_KEY, so a leaked table is useless without the server's key.
 */
export class ApiKeyTokens {
  private readonly digestKey: Buffer;

  constructor(encryptionKeyHex: string) {
    this.digestKey = deriveKey(encryptionKeyHex, 'api-key-digest');
  }

  issue(type: ApiKeyType): IssuedToken {
    const token = `${TOKEN_PREFIX[type]}${randomBytes(30).toString('base64url')}`;
    return {
      token,
      digest: this.digest(token),
      displayPrefix: token.slice(0, DISPLAY_PREFIX_LENGTH),
    };
  }

  digest(token: string): string {
    return createHmac('sha256', this.digestKey).update(token).digest('hex');
  }

  static typeOf(token: string): ApiKeyType | undefined {
    if (token.startsWith(TOKEN_PREFIX.publishable)) return 'publishable';
    if (token.startsWith(TOKEN_PREFIX.secret)) return 'secret';
    return undefined;
  }
}
