/** How much of a receiver's answer a delivery keeps. */
export const EXCERPT_MAX_CHARS = 10_000;
/** Enough bytes for EXCERPT_MAX_CHARS characters of UTF-8, however wide. */
export const EXCERPT_MAX_BYTES = EXCERPT_MAX_CHARS * 4;

/**
 * The first EXCERPT_MAX_CHARS characters of an answer, as text PostgreSQL can store: NUL
 * characters replaced, no surrogate pair cut in half.
 */
export function responseExcerpt(bytes: Buffer): string {
  let text = bytes.toString('utf8').replaceAll('\u0000', '\uFFFD');
  if (text.length > EXCERPT_MAX_CHARS) {
    text = text.slice(0, EXCERPT_MAX_CHARS);
    if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  }
  return text;
}
