import { randomInt } from 'node:crypto';

/** Lower-case letters and digits, without those easily mistaken for others (i, l, o, 0, 1). */
export const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A code as the store keeps and matches it: trimmed, lower-case. */
export function normalizedCode(code: string): string {
  return code.trim().toLowerCase();
}

/** `count` random codes: `prefix` then `length` characters of the alphabet. */
export function randomCodes(prefix: string, length: number, count: number): string[] {
  return Array.from({ length: count }, () => {
    let code = prefix;
    for (let index = 0; index < length; index++)
      code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    return code;
  });
}

/** Whether `length` random characters leave room for `count` codes (at most 1 in 1,000 taken). */
export function roomFor(count: number, length: number): boolean {
  return CODE_ALPHABET.length ** length >= count * 1000;
}
