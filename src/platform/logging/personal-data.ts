/**
 * Personal data that must not reach the logs: customers' e-mail addresses, names, phone numbers
 * and postal addresses. Log lines identify people by their public ids instead.
 */

/** Names of query parameters (plain, `q[...]` or `filter[...]`) that carry personal data. */
export const PERSONAL_DATA_NAME =
  /e-?mail|phone|first_?name|last_?name|full_?name|address|zip_?code|postal/i;

/**
 * An e-mail address, also with its `@` percent-encoded as URLs carry it. The local part stops at
 * the characters that delimit URL parts, so a parameter's name is kept.
 */
const EMAIL_ADDRESS =
  /[\p{L}\p{N}._%+'-]+(?:@|%40)(?:[\p{L}\p{N}%-]+\.)+[\p{L}%][\p{L}\p{N}%-]*/giu;

export const REDACTED = '[redacted]';

/** The text with every e-mail address in it replaced by `[redacted]`. */
export function withoutEmailAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, REDACTED);
}
