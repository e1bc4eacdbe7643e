import fc from 'fast-check';
import { JsonMembers, type JsonValue, RawJson } from './json-text.js';

/** Strings that have broken parsers, validators, SQL and encoders before. */
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ude00y',
  '\ufeff',
  '\u202etxt.exe',
  '😀🛒',
  'ﬁ',
  'Ω≈ç√∫',
  "' OR 1=1 --",
  "'; DROP TABLE products; --",
  '1; SELECT pg_sleep(5)',
  '%',
  '_',
  '\\',
  '%00',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1e309',
  '0x10',
  '1_000',
  '9'.repeat(40),
  '0.1234567890123456789',
  '[]',
  '{}',
  'true',
  '2026-13-45T99:99:99Z',
  '0000-00-00',
  '275760-09-13T00:00:00.001Z',
  '-271821-04-20T00:00:00Z',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data',
  'http://localhost:1/',
  'file:///etc/passwd',
  'https://exa mple.com',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$where',
  'prod_',
  'cart_',
  'variant_0',
  'a@b',
  '@',
  'USD ',
  'usd',
  'XXX',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '\r\nX-Injected: 1',
];

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];

/** Long strings: past column limits, up to past the body size limit. */
const longString: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 256, max: 5_000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 5_000, max: 70_000 }) },
    { weight: 1, arbitrary: fc.constant(150_000) },
  )
  .map((length) => 'x'.repeat(length));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 8 }),
        fc.constantFrom(...LONE_SURROGATES, '\u0000'),
        fc.string({ maxLength: 8 }),
      )
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: longString },
);

/** Numbers out of every range: huge, negative, fractional, past float precision, NaN-like. */
export const hostileNumber: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom<JsonValue>(
    0,
    -0,
    -1,
    1,
    0.5,
    -0.5,
    0.1 + 0.2,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    -1e21,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e-7,
    new RawJson('1e400'),
    new RawJson('-1e400'),
    new RawJson('99999999999999999999999999999'),
    new RawJson('1.00000000000000000000000001'),
    new RawJson('-0.0'),
    new RawJson('1E2'),
    new RawJson('1e-400'),
    'NaN',
    'Infinity',
    '1e400',
    '-1',
    '0x1F',
    '1.5',
    '9'.repeat(30),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Keys that reach `Object.prototype` or confuse mappers. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'id',
    'store_id',
    'storeId',
    'created_at',
    'deleted_at',
    '',
    ' ',
    '\u0000',
    '\ud800',
    '$gt',
    'a.b',
    'a[b]',
    'x'.repeat(300),
  ),
  fc.string({ maxLength: 12 }),
);

/** A value nested `depth` levels deep, as arrays or as objects. */
const deeplyNested: fc.Arbitrary<JsonValue> = fc
  .tuple(fc.integer({ min: 30, max: 2_000 }), fc.boolean())
  .map(([depth, asArray]) => {
    let value: JsonValue = 1;
    for (let level = 0; level < depth; level++) value = asArray ? [value] : { a: value };
    return value;
  });

/** Any JSON value, leaning on hostile scalars; objects may repeat keys and carry `__proto__`. */
export const hostileValue: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    { weight: 4, arbitrary: hostileNumber },
    { weight: 2, arbitrary: fc.constantFrom<JsonValue>(null, true, false) },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 })
        .map((members) => new JsonMembers(members)),
    },
    { weight: 1, arbitrary: deeplyNested },
  ),
})).value;

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** Each byte as it goes in a URL: unreserved characters as they are, the rest as `%XX`. */
const ENCODED_BYTES = Array.from({ length: 256 }, (_, byte) => {
  const char = String.fromCharCode(byte);
  return UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
});

/** Bytes as a path segment or query component, percent-encoded; some sequences left malformed. */
export function percentEncoded(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) encoded += ENCODED_BYTES[byte];
  return encoded;
}

/** Encodings no well-behaved client sends: bad escapes, overlong and surrogate UTF-8. */
export const malformedEncoding: fc.Arbitrary<string> = fc.constantFrom(
  '%',
  '%zz',
  '%F0%9F%98',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%00',
  '%2e%2e',
  '%2F',
  'a%',
  '%%32%35',
);

/** The service's JSON body limit, read as the service reads it. */
export const BODY_LIMIT_BYTES = Number(process.env.BODY_LIMIT_BYTES ?? 102_400);

/**
 * What fills one position of an amplified body, whose whole text is `bodyBytes` long: an array
 * of thousands of `unit` elements (`{}`, numbers, strings), an object `depth` levels deep with
 * as many members as fit spread over its levels (depth 1: one wide object), or one string of
 * `unit` characters.
 */
export interface Amplifier {
  shape: 'array' | 'deep-wide' | 'string';
  unit: string;
  depth: number;
  bodyBytes: number;
}

const ARRAY_ELEMENTS = [
  '{}',
  '{}',
  '[]',
  '1',
  '0',
  '-1.5',
  '1e308',
  '""',
  '"x"',
  '"prod_0"',
  'null',
];
/** Characters of a long string, as JSON text: ASCII, 2- and 4-byte UTF-8, escapes. */
const STRING_UNITS = ['x', 'x', ' ', 'é', '😀', '\\u0000', '\\"', '\\ud800'];

/** Bodies just under the limit mostly; some well under it, some over it (413). */
const bodyBytes: fc.Arbitrary<number> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 1_024 }).map((n) => BODY_LIMIT_BYTES - n) },
  { weight: 2, arbitrary: fc.integer({ min: 4_096, max: BODY_LIMIT_BYTES / 2 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 4_096 }).map((n) => BODY_LIMIT_BYTES + n) },
);

/** Levels of a deep-wide object: one (a wide object), a few, or about the service's cap and past it. */
const levels = fc.oneof(
  fc.constant(1),
  fc.integer({ min: 2, max: 30 }),
  fc.integer({ min: 30, max: 42 }),
);

export const amplifier = (
  shape: Amplifier['shape'],
  depth: fc.Arbitrary<number> = levels,
): fc.Arbitrary<Amplifier> =>
  fc.record({
    shape: fc.constant(shape),
    unit: fc.constantFrom(...(shape === 'string' ? STRING_UNITS : ARRAY_ELEMENTS)),
    depth: shape === 'deep-wide' ? depth : fc.constant(1),
    bodyBytes,
  });

/** An object `depth` levels deep (`{"d":{"d":0,…},…}`) with as many members as fit. */
function deepWideText(depth: number, budget: number): string {
  const levelMembers: string[][] = Array.from({ length: depth }, () => []);
  let size = depth * '{"d":}'.length + 1;
  for (let i = 0; ; i++) {
    const member = `,"k${i}":0`;
    if (size + member.length > budget) break;
    levelMembers[i % depth].push(member);
    size += member.length;
  }
  let text = '0';
  for (let level = depth - 1; level >= 0; level--)
    text = `{"d":${text}${levelMembers[level].join('')}}`;
  return text;
}

/** The JSON text of an amplifier in `budget` bytes (its smallest form when they are too few). */
export function amplifierText({ shape, unit, depth }: Amplifier, budget: number): string {
  const unitBytes = Buffer.byteLength(unit);
  if (shape === 'string')
    return `"${unit.repeat(Math.max(0, Math.floor((budget - 2) / unitBytes)))}"`;
  if (shape === 'deep-wide') return deepWideText(depth, budget);
  const count = Math.max(0, Math.floor((budget - 1) / (unitBytes + 1)));
  return `[${Array(count).fill(unit).join(',')}]`;
}
