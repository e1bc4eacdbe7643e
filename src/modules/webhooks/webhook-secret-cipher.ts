import { randomBytes } from 'node:crypto';
import { SealedBox } from '../../common/crypto/sealed-box.js';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';

const SECRET_BYTES = 32;

/**
 * Signing secrets of webhook endpoints: 64 hex characters, kept only encrypted (see `SealedBox`),
 * because deliveries must sign with them again later.
 */
export class WebhookSecretCipher {
  private readonly box: SealedBox;
  /** Every delivery signs: opening the same ciphertext each time would cost a decryption each. */
  private readonly opened = growingLruCache<string, string>(1_000);

  constructor(encryptionKeyHex: string) {
    this.box = new SealedBox(encryptionKeyHex, 'webhook-endpoint-secret');
  }

  /** A new random secret and its ciphertext. */
  issue(): { secret: string; ciphertext: string } {
    const secret = randomBytes(SECRET_BYTES).toString('hex');
    return { secret, ciphertext: this.encrypt(secret) };
  }

  encrypt(secret: string): string {
    return this.box.seal(secret);
  }

  /** Throws when the ciphertext was not made under this key or was altered. */
  decrypt(ciphertext: string): string {
    let secret = this.opened.get(ciphertext);
    if (secret === undefined) this.opened.set(ciphertext, (secret = this.box.open(ciphertext)));
    return secret;
  }
}
