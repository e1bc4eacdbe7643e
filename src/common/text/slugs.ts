/** What a slug looks like: lower-case letters and digits in words joined by hyphens. */
export const SLUG_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The URL-safe slug of a text (`Point of Sale` → `point-of-sale`); empty when nothing is left. */
export function slugOf(text: string, maxLength: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
