import Sqids from 'sqids';
import { growingLruCache } from '../memo/growing-lru-cache.js';
import { BlockedWords } from './blocked-words.js';
import type { IdPrefix } from './id-prefixes.js';

export const DEFAULT_ID_ALPHABET = 'k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt';
const MIN_LENGTH = 10;

/**
 * Turns bigint primary keys into short, non-sequential public ids and back, without a lookup.
 * Keys travel as decimal strings, which is how `pg` hands bigint columns over.
 */
export class PublicIdCodec {
  private readonly sqids: Sqids;
  /** The same encoding without sqids' blocklist check, which `blocked` makes faster. */
  private readonly unchecked: Sqids;
  private readonly blocked: BlockedWords;
  // Ids are encoded on every response and decoded on most requests: remember recent ones.
  private readonly encoded = growingLruCache<string, string>(50_000);
  private readonly decoded = growingLruCache<string, string>(50_000);

  constructor(alphabet: string = DEFAULT_ID_ALPHABET) {
    this.sqids = new Sqids({ alphabet, minLength: MIN_LENGTH });
    this.unchecked = new Sqids({ alphabet, minLength: MIN_LENGTH, blocklist: new Set() });
    this.blocked = new BlockedWords(alphabet);
  }

  encode(prefix: IdPrefix, key: string | number | bigint): string {
    const cacheKey = `${prefix}:${key}`;
    let id = this.encoded.get(cacheKey);
    if (id === undefined) {
      id = `${prefix}_${this.encodeKey(Number(key))}`;
      this.encoded.set(cacheKey, id);
    }
    return id;
  }

  /**
   * sqids' encoding of `key`: the first one it tries, unless that holds a blocked word (then
   * sqids itself finds the next).
   */
  private encodeKey(key: number): string {
    const first = this.unchecked.encode([key]);
    return this.blocked.blocks(first) ? this.sqids.encode([key]) : first;
  }

  /** The internal key behind a public id, or `undefined` when the id is not one of `prefix`'s. */
  decode(prefix: IdPrefix, publicId: string): string | undefined {
    if (typeof publicId !== 'string' || !publicId.startsWith(`${prefix}_`)) return undefined;
    const known = this.decoded.get(publicId);
    if (known !== undefined) return known;
    const opaque = publicId.slice(prefix.length + 1);
    if (opaque.length < MIN_LENGTH || opaque.length > 32) return undefined;
    let numbers: number[];
    try {
      numbers = this.sqids.decode(opaque);
    } catch {
      return undefined;
    }
    if (numbers.length !== 1) return undefined;
    const key = numbers[0];
    if (!Number.isSafeInteger(key) || key < 1) return undefined;
    // Sqids accepts several spellings of a number; only the canonical one is an id.
    if (this.encode(prefix, key) !== publicId) return undefined;
    this.decoded.set(publicId, String(key));
    return String(key);
  }
}

const codecsByAlphabet = new Map<string, PublicIdCodec>();

/**
 * The process's codec for `alphabet`. Building one takes milliseconds (sqids sifts its blocklist
 * for the alphabet), and encodings depend on the alphabet alone, so every user of an alphabet
 * shares one codec and its caches.
 */
export function publicIdCodecFor(alphabet: string = DEFAULT_ID_ALPHABET): PublicIdCodec {
  let codec = codecsByAlphabet.get(alphabet);
  if (!codec) {
    codec = new PublicIdCodec(alphabet);
    codecsByAlphabet.set(alphabet, codec);
  }
  return codec;
}
