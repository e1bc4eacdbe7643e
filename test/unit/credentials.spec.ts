import { ApiKeyTokens } from '../../src/modules/auth/api-key-tokens.js';
import { jest } from '@jest/globals';
import { AppConfig } from '../../src/config/index.js';
import { PasswordHasher } from '../../src/modules/auth/password-hasher.js';

const PASSWORD = 'correct horse battery staple';

/** The digest with one bit of its derived key flipped. */
function flipKeyBit(digest: string): string {
  const parts = digest.split('$');
  const key = Buffer.from(parts[5], 'base64');
  key[0] ^= 1;
  return [...parts.slice(0, 5), key.toString('base64')].join('$');
}

/** A hasher at the given scrypt cost (PASSWORD_HASH_COST). */
const hasherAt = (cost: number) =>
  new PasswordHasher(Object.assign(new AppConfig(), { PASSWORD_HASH_COST: cost }));

describe('PasswordHasher', () => {
  const passwordHasher = hasherAt(15);
  let digest: string;

  beforeAll(async () => {
    digest = await passwordHasher.hash(PASSWORD);
  });

  it('encodes scheme and parameters with the salt and key', () => {
    const [scheme, n, r, p, salt, key] = digest.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
  });

  it('verifies the password it hashed', async () => {
    await expect(passwordHasher.verify(PASSWORD, digest)).resolves.toBe(true);
  });

  it.each([
    ['a different password', 'correct horse battery stapler'],
    ['a different case', PASSWORD.toUpperCase()],
    ['a prefix of it', PASSWORD.slice(0, -1)],
    ['the empty string', ''],
  ])('rejects %s', async (_case, attempt) => {
    await expect(passwordHasher.verify(attempt, digest)).resolves.toBe(false);
  });

  it('does not contain the password', () => {
    expect(digest).not.toContain(PASSWORD);
    expect(digest).not.toContain(Buffer.from(PASSWORD).toString('base64'));
  });

  it('salts: two hashes of one password differ and both verify', async () => {
    const second = await passwordHasher.hash(PASSWORD);
    expect(second).not.toBe(digest);
    expect(second.split('$')[4]).not.toBe(digest.split('$')[4]);
    await expect(passwordHasher.verify(PASSWORD, second)).resolves.toBe(true);
  });

  it('normalises Unicode (NFKC) so equivalent spellings verify', async () => {
    const composed = await passwordHasher.hash('caf\u00e9-p\u00e4ss');
    await expect(passwordHasher.verify('cafe\u0301-pa\u0308ss', composed)).resolves.toBe(true);
  });

  it.each([
    ['an empty string', () => ''],
    ['garbage', () => 'not-a-digest'],
    ['another scheme', (d: string) => d.replace(/^scrypt/, 'bcrypt')],
    ['the scheme alone', () => 'scrypt'],
    ['a missing key', (d: string) => d.split('$').slice(0, 5).join('$')],
    ['an empty salt', (d: string) => d.split('$').toSpliced(4, 1, '').join('$')],
    ['a truncated key', (d: string) => d.slice(0, -8)],
    ['a tampered key', flipKeyBit],
    ['an N that is not a number', (d: string) => d.split('$').toSpliced(1, 1, 'abc').join('$')],
    ['an N that is not a power of two', (d: string) => d.split('$').toSpliced(1, 1, '3').join('$')],
    [
      'an N far over the memory limit',
      (d: string) => d.split('$').toSpliced(1, 1, '1073741824').join('$'),
    ],
    [
      'a tampered salt',
      (d: string) => d.split('$').toSpliced(4, 1, 'AAAAAAAAAAAAAAAAAAAAAA==').join('$'),
    ],
  ])('a digest that is %s does not verify and does not throw', async (_case, corrupt) => {
    await expect(passwordHasher.verify(PASSWORD, corrupt(digest))).resolves.toBe(false);
  });

  it('hashes at PASSWORD_HASH_COST and verifies digests made at any other cost', async () => {
    const cheap = hasherAt(10);
    const cheapDigest = await cheap.hash(PASSWORD);
    expect(cheapDigest.split('$')[1]).toBe('1024');
    await expect(passwordHasher.verify(PASSWORD, cheapDigest)).resolves.toBe(true);
    await expect(cheap.verify(PASSWORD, digest)).resolves.toBe(true);
    await expect(cheap.verify('wrong', digest)).resolves.toBe(false);
  });

  it('answers false for a missing digest after a scrypt run on one throwaway digest', async () => {
    const hasher = hasherAt(10);
    const hash = jest.spyOn(hasher, 'hash');
    for (const missing of [undefined, null, '']) {
      await expect(hasher.verify(PASSWORD, missing)).resolves.toBe(false);
    }
    expect(hash).toHaveBeenCalledTimes(1);
  });
});

describe('ApiKeyTokens', () => {
  const KEY_A = 'a1'.repeat(32);
  const KEY_B = 'b2'.repeat(32);
  const tokens = new ApiKeyTokens(KEY_A);

  it.each([
    ['secret', 'sk_'],
    ['publishable', 'pk_'],
  ] as const)('issues %s tokens starting with %s', (type, prefix) => {
    const issued = tokens.issue(type);
    expect(issued.token.startsWith(prefix)).toBe(true);
    expect(issued.token).toMatch(/^[ps]k_[A-Za-z0-9_-]{40}$/);
    expect(ApiKeyTokens.typeOf(issued.token)).toBe(type);
  });

  it('issues a different token every time', () => {
    const issued = Array.from({ length: 20 }, () => tokens.issue('secret').token);
    expect(new Set(issued).size).toBe(20);
  });

  it('returns the digest of the token it issued', () => {
    const issued = tokens.issue('secret');
    expect(issued.digest).toBe(tokens.digest(issued.token));
  });

  it('displayPrefix is a short prefix of the token', () => {
    const issued = tokens.issue('publishable');
    expect(issued.token.startsWith(issued.displayPrefix)).toBe(true);
    expect(issued.displayPrefix.length).toBeLessThan(16);
    expect(issued.displayPrefix).toHaveLength(11);
    expect(issued.displayPrefix.startsWith('pk_')).toBe(true);
  });

  it('digest is 64 lowercase hex characters', () => {
    expect(tokens.digest('sk_example')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('digest is deterministic for one key, across instances', () => {
    expect(tokens.digest('sk_example')).toBe(new ApiKeyTokens(KEY_A).digest('sk_example'));
  });

  it('digest differs under another ENCRYPTION_KEY', () => {
    expect(new ApiKeyTokens(KEY_B).digest('sk_example')).not.toBe(tokens.digest('sk_example'));
  });

  it('digest differs for different tokens', () => {
    expect(tokens.digest('sk_example')).not.toBe(tokens.digest('sk_examplf'));
  });

  it('digest is an HMAC, not a bare hash of the token', async () => {
    const { createHash } = await import('node:crypto');
    const bare = createHash('sha256').update('sk_example').digest('hex');
    expect(tokens.digest('sk_example')).not.toBe(bare);
  });

  it.each([
    ['pk_abc', 'publishable'],
    ['sk_abc', 'secret'],
    ['pk_', 'publishable'],
    ['sk_', 'secret'],
    ['rk_abc', undefined],
    ['SK_abc', undefined],
    ['skabc', undefined],
    ['', undefined],
    ['Bearer sk_abc', undefined],
  ])('typeOf(%j) is %p', (token, type) => {
    expect(ApiKeyTokens.typeOf(token)).toBe(type);
  });
});
