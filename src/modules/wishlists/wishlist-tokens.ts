import { createHash, randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SealedBox } from '../../common/crypto/sealed-box.js';
import { AppConfig } from '../../config/index.js';
import type { Wishlist } from './wishlist.entity.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LENGTH = 24;
/** Tokens are alphanumeric, so none can be mistaken for a `wl_…` id. */
export const WISHLIST_TOKEN = /^[A-Za-z0-9]{24}$/;

/** A new share token, with the digest and sealed copy that are stored instead. */
export interface IssuedWishlistToken {
  token: string;
  digest: string;
  sealed: string;
}

/**
 * Share tokens of wishlists (about 143 bits of randomness). Lookups go through the digest; the
 * sealed copy lets the owner be shown the token to share it.
 */
@Injectable()
export class WishlistTokens {
  private readonly box: SealedBox;

  constructor(config: AppConfig) {
    this.box = new SealedBox(config.ENCRYPTION_KEY!, 'wishlist-token');
  }

  issue(): IssuedWishlistToken {
    let token = '';
    for (let i = 0; i < LENGTH; i += 1) token += ALPHABET[randomInt(ALPHABET.length)];
    return { token, digest: this.digest(token), sealed: this.box.seal(token) };
  }

  digest(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  reveal(wishlist: Pick<Wishlist, 'tokenSealed'>): string {
    return this.box.open(wishlist.tokenSealed);
  }
}
