import Sqids from 'sqids';
import { ID_PREFIX, type IdPrefix } from '../../src/common/ids/id-prefixes.js';
import {
  DEFAULT_ID_ALPHABET,
  PublicIdCodec,
  publicIdCodecFor,
} from '../../src/common/ids/public-id.js';

const codec = new PublicIdCodec();
const PRODUCT = ID_PREFIX.product;

describe('PublicIdCodec', () => {
  describe('round trip', () => {
    it.each([
      ['1', 1],
      ['2', '2'],
      ['42', 42n],
      ['1000000000000', 10 ** 12],
      ['9007199254740991', BigInt(Number.MAX_SAFE_INTEGER)],
      ['9007199254740990', '9007199254740990'],
    ])('key %s (given as %p) comes back as the decimal string', (expected, key) => {
      const id = codec.encode(PRODUCT, key);
      expect(codec.decode(PRODUCT, id)).toBe(expected);
    });

    it.each(Object.entries(ID_PREFIX))('works with the %s prefix "%s"', (_name, prefix) => {
      const id = codec.encode(prefix, 7);
      expect(id.startsWith(`${prefix}_`)).toBe(true);
      expect(codec.decode(prefix, id)).toBe('7');
    });

    it('encodes the same key identically every time and across instances', () => {
      expect(codec.encode(PRODUCT, 42)).toBe(new PublicIdCodec().encode(PRODUCT, '42'));
    });

    it('shares one codec per alphabet in the process, encoding as a codec of its own would', () => {
      const reversed = [...DEFAULT_ID_ALPHABET].reverse().join('');
      expect(publicIdCodecFor(DEFAULT_ID_ALPHABET)).toBe(publicIdCodecFor());
      expect(publicIdCodecFor(reversed)).toBe(publicIdCodecFor(reversed));
      expect(publicIdCodecFor(reversed)).not.toBe(publicIdCodecFor());
      expect(publicIdCodecFor(reversed).encode(PRODUCT, 42)).toBe(
        new PublicIdCodec(reversed).encode(PRODUCT, 42),
      );
      expect(publicIdCodecFor().encode(PRODUCT, 42)).toBe(codec.encode(PRODUCT, 42));
      expect(publicIdCodecFor().encode(PRODUCT, 42)).not.toBe(
        publicIdCodecFor(reversed).encode(PRODUCT, 42),
      );
    });

    it('encodes with the default alphabet (pinned: changing it changes every public id)', () => {
      expect(codec.encode(PRODUCT, 1)).toBe('prod_snDrTH0ufh');
      expect(codec.encode(ID_PREFIX.order, 42)).toBe('or_2veNZ5IuHo');
    });
  });

  describe('shape', () => {
    it.each([1, 2, 42, 10 ** 12, Number.MAX_SAFE_INTEGER])(
      'the id for %p is "<prefix>_" + at least 10 alphabet characters',
      (key) => {
        const id = codec.encode(PRODUCT, key);
        const opaque = id.slice('prod_'.length);
        expect(id).toMatch(/^prod_[A-Za-z0-9]{10,}$/);
        expect([...opaque].every((char) => DEFAULT_ID_ALPHABET.includes(char))).toBe(true);
      },
    );

    it('consecutive keys give ids that differ in most positions', () => {
      const ids = [1, 2, 3, 4, 5].map((key) => codec.encode(PRODUCT, key));
      expect(new Set(ids).size).toBe(5);
      for (const [index, id] of ids.slice(1).entries()) {
        const previous = ids[index];
        const differing = [...id].filter((char, position) => previous[position] !== char);
        expect(differing.length).toBeGreaterThanOrEqual(5);
      }
    });
  });

  describe('decode refuses what is not an id', () => {
    const id42 = codec.encode(PRODUCT, 42);
    const opaque42 = id42.slice('prod_'.length);

    it.each([
      ['another prefix', ID_PREFIX.variant, id42],
      ['an id of another type', PRODUCT, codec.encode(ID_PREFIX.order, 42)],
      ['the prefix alone', PRODUCT, 'prod_'],
      ['the prefix without underscore', PRODUCT, `prod${opaque42}`],
      ['the empty string', PRODUCT, ''],
      ['no prefix', PRODUCT, opaque42],
      ['an upper-case prefix', PRODUCT, `PROD_${opaque42}`],
      ['a too-short opaque part', PRODUCT, `prod_${opaque42.slice(0, 9)}`],
      ['a too-long opaque part', PRODUCT, `prod_${'k'.repeat(33)}`],
      ['characters outside the alphabet', PRODUCT, 'prod_!!!!!!!!!!'],
      ['a dash inside', PRODUCT, `prod_${opaque42.slice(0, 5)}-${opaque42.slice(5)}`],
      ['trailing whitespace', PRODUCT, `${id42} `],
      ['a doubled id', PRODUCT, `prod_${opaque42}${opaque42}`],
      ['garbage decoding beyond the safe integers', PRODUCT, 'prod_aaaaaaaaaa'],
      ['long garbage decoding to a huge number', PRODUCT, `prod_${'z'.repeat(30)}`],
      ['the id of key 0 (keys start at 1)', PRODUCT, codec.encode(PRODUCT, 0)],
    ] as [string, IdPrefix, string][])('%s → undefined', (_case, prefix, publicId) => {
      expect(() => codec.decode(prefix, publicId)).not.toThrow();
      expect(codec.decode(prefix, publicId)).toBeUndefined();
    });

    it.each([null, undefined, 42, {}])('a non-string %p → undefined', (value) => {
      expect(codec.decode(PRODUCT, value as unknown as string)).toBeUndefined();
    });

    it.each([
      ['a mutated character', '2veNk5IuHo'],
      [
        'a longer padding',
        new Sqids({ alphabet: DEFAULT_ID_ALPHABET, minLength: 12 }).encode([42]),
      ],
    ])('a non-canonical spelling of the key (%s) → undefined', (_case, spelling) => {
      const raw = new Sqids({ alphabet: DEFAULT_ID_ALPHABET, minLength: 10 });
      expect(spelling).not.toBe(opaque42);
      expect(raw.decode(spelling)).toEqual([42]);
      expect(codec.decode(PRODUCT, `prod_${spelling}`)).toBeUndefined();
    });

    it('an id of two numbers → undefined', () => {
      const pair = new Sqids({ alphabet: DEFAULT_ID_ALPHABET, minLength: 10 }).encode([4, 2]);
      expect(codec.decode(PRODUCT, `prod_${pair}`)).toBeUndefined();
    });
  });

  describe('alphabets', () => {
    const reversed = [...DEFAULT_ID_ALPHABET].reverse().join('');
    const other = new PublicIdCodec(reversed);

    it('another alphabet gives another id for the same key', () => {
      expect(other.encode(PRODUCT, 42)).not.toBe(codec.encode(PRODUCT, 42));
    });

    it('each codec decodes its own ids', () => {
      expect(other.decode(PRODUCT, other.encode(PRODUCT, 42))).toBe('42');
    });

    it('an id from another alphabet does not decode to the same key', () => {
      expect(codec.decode(PRODUCT, other.encode(PRODUCT, 42))).not.toBe('42');
    });
  });

  describe('blocked words', () => {
    const alphabets = {
      default: DEFAULT_ID_ALPHABET,
      reversed: [...DEFAULT_ID_ALPHABET].reverse().join(''),
      'lower-case and digits': 'k3g7qae51fcspw92uoyb6z8vtmn0liwdhxjrf'.replace(/(.)(?=.*\1)/g, ''),
    };

    it.each(Object.entries(alphabets))(
      'with the %s alphabet, every key is encoded as sqids encodes it, blocked words avoided alike',
      (_name, alphabet) => {
        const ours = new PublicIdCodec(alphabet);
        const stock = new Sqids({ alphabet, minLength: 10 });
        const unchecked = new Sqids({ alphabet, minLength: 10, blocklist: new Set() });
        const keys = [
          ...Array.from({ length: 3_000 }, (_, index) => index + 1),
          ...Array.from({ length: 1_000 }, (_, index) => 7_919 * index ** 2 + 104_729),
          // Keys whose first encoding, in one of these alphabets, holds a blocked word.
          ...[26_723, 60_725, 68_065, 71_055, 85_506, 87_473],
          ...[11_356, 23_166, 27_610, 37_218, 43_970, 59_832],
          ...[7_671, 8_675, 38_129, 40_356, 41_512],
        ];
        let avoided = 0;
        for (const key of keys) {
          const expected = stock.encode([key]);
          if (expected !== unchecked.encode([key])) avoided += 1;
          expect(ours.encode(PRODUCT, key)).toBe(`${PRODUCT}_${expected}`);
        }
        // Some keys' first encodings hold a blocked word: the check above covered them too.
        expect(avoided).toBeGreaterThan(0);
      },
    );
  });
});
