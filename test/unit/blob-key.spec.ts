import {
  assertBlobKey,
  InvalidBlobKeyError,
  isBlobKey,
} from '../../src/platform/blob-store/index.js';

describe('blob keys', () => {
  it.each([
    '1/digitals/4f9a0c',
    '12/media/8b1d/large.webp',
    'a',
    'a-b_c.d/e',
    '0/x..y',
    `1/${'a'.repeat(200)}`,
  ])('%j is a key', (key) => {
    expect(isBlobKey(key)).toBe(true);
    expect(() => assertBlobKey(key)).not.toThrow();
  });

  it.each([
    ['empty', ''],
    ['a parent folder', '..'],
    ['a parent folder first', '../x'],
    ['a parent folder inside', '1/../../x'],
    ['the current folder', '1/./x'],
    ['a hidden name', '1/.tmp'],
    ['a leading slash', '/1/x'],
    ['a trailing slash', '1/x/'],
    ['an empty segment', '1//x'],
    ['upper case', '1/X'],
    ['a backslash', '1\\..\\x'],
    ['a percent-encoded dot', '1/%2e%2e/x'],
    ['a space', '1/a b'],
    ['a NUL', '1/a\u0000'],
    ['a non-ASCII letter', '1/é'],
    ['a tilde', '1/a~blob'],
    ['a segment of 201 characters', `1/${'a'.repeat(201)}`],
    ['more than 512 characters', Array.from({ length: 52 }, () => 'abcdefghi').join('/')],
  ])('refuses %s', (_, key) => {
    expect(isBlobKey(key)).toBe(false);
    expect(() => assertBlobKey(key)).toThrow(InvalidBlobKeyError);
  });

  it('does not repeat a long key whole in its error', () => {
    expect(() => assertBlobKey(`../${'a'.repeat(1000)}`)).toThrow(/^Not a blob key: ".{80}"$/);
  });
});
