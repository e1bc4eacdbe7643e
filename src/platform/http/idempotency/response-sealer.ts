import { SealedBox } from '../../../common/crypto/sealed-box.js';

/**
 * Encrypts recorded response bodies: they can carry access and refresh tokens or one-time
 * secrets, which the service otherwise never keeps in the clear. A body sealed under a rotated
 * ENCRYPTION_KEY no longer opens.
 */
export class ResponseSealer extends SealedBox {
  constructor(encryptionKeyHex: string) {
    super(encryptionKeyHex, 'idempotency-response');
  }
}
