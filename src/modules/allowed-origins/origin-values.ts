/** Why a value is not an origin, as the Admin API says it. */
export const NOT_AN_ORIGIN =
  'must be an origin (http or https scheme and host, optional port) without path, query, or fragment';

/**
 * The origin a value names, written as browsers send it in `Origin` (`HTTPS://Shop.Example:443/`
 * → `https://shop.example`), or undefined when the value is not a bare http(s) origin.
 */
export function normalizedOrigin(value: string): string | undefined {
  const text = value.trim();
  if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.hostname ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Origins of pages served from this machine (`localhost`, `127.0.0.1`, `[::1]`), any port. */
export function isLoopbackOrigin(origin: string): boolean {
  return /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/.test(origin);
}
