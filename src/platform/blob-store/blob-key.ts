/** Longest key either store takes (S3 allows 1024 bytes, minus room for a bucket prefix). */
const MAX_KEY_LENGTH = 512;

/** Longest segment: a file name on disk, with room for the store's suffixes. */
const MAX_SEGMENT_LENGTH = 200;

/**
 * One segment: `a-z0-9`, `-`, `_`, `.`, never starting with a dot, so that `.`, `..` and hidden
 * names (the local store's own `.tmp`) can never be one.
 */
const SEGMENT = /^[a-z0-9_-][a-z0-9._-]*$/;

/** A key that breaks the rules of `BlobStore` keys: a bug in the code that made it. */
export class InvalidBlobKeyError extends Error {
  override name = 'InvalidBlobKeyError';
}

/** Whether `key` is a blob key: segments joined by `/`, none empty, none starting with `.`. */
export function isBlobKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key
    .split('/')
    .every((segment) => segment.length <= MAX_SEGMENT_LENGTH && SEGMENT.test(segment));
}

/**
 * Refuses a key no store may use: one that could leave the store's folder or prefix (`..`, a
 * leading `/`), name nothing (`a//b`, a trailing `/`) or hold other characters.
 */
export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) {
    throw new InvalidBlobKeyError(`Not a blob key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}
