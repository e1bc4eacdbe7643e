import { Injectable } from '@nestjs/common';
import { SealedBox } from '../../common/crypto/sealed-box.js';
import { AppConfig } from '../../config/index.js';
import type { Order } from './entities/order.entity.js';
import { issueOrderToken, orderTokenMatches } from './order-tokens.js';

/** A new cart token: given once to its creator, stored as a digest and as a sealed copy. */
export interface IssuedCartToken {
  token: string;
  digest: string;
  sealed: string;
}

/**
 * Cart tokens as their owners get them back. Lookups use the digest; the sealed copy (under a
 * key derived from ENCRYPTION_KEY) lets every rendering for the cart's owner (its customer, or
 * whoever holds the token) include the token. Carts made before copies were kept, or sealed
 * under a key since rotated, have none: their token is shown only to whoever presents it.
 */
@Injectable()
export class CartTokens {
  private readonly box: SealedBox;

  constructor(config: AppConfig) {
    this.box = new SealedBox(config.ENCRYPTION_KEY!, 'cart-token');
  }

  issue(): IssuedCartToken {
    const { token, digest } = issueOrderToken();
    return { token, digest, sealed: this.box.seal(token) };
  }

  /** The cart's token from its sealed copy, or null when it has none that opens. */
  reveal(order: Pick<Order, 'tokenDigest' | 'tokenSealed'>): string | null {
    if (!order.tokenSealed) return null;
    try {
      const token = this.box.open(order.tokenSealed);
      return orderTokenMatches(order.tokenDigest, token) ? token : null;
    } catch {
      return null;
    }
  }
}
