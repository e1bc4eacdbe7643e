import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A cart token (35+ characters of secure randomness) and the digest that is stored instead. */
export function issueOrderToken(): { token: string; digest: string } {
  const token = randomBytes(27).toString('base64url');
  return { token, digest: orderTokenDigest(token) };
}

export function orderTokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time check of a presented cart token against the stored digest. */
export function orderTokenMatches(storedDigest: string, presented: string): boolean {
  const expected = Buffer.from(storedDigest, 'hex');
  const actual = Buffer.from(orderTokenDigest(presented), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** `R` and nine random digits; uniqueness per store is enforced by the database. */
export function randomOrderNumber(): string {
  return `R${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}
