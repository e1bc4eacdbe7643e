/**
 * Host names as stores claim them and requests name them: lower-cased, without port or trailing
 * dot; IPv6 literals keep their brackets (`[::1]`).
 */
export function hostName(host: string | undefined): string {
  if (!host) return '';
  const lower = host.trim().toLowerCase();
  const name = lower.startsWith('[')
    ? lower.slice(0, lower.indexOf(']') + 1)
    : (lower.split(':')[0] ?? '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** The host of a store's URL (`https://shop.example.com:8443/x` → `shop.example.com`). */
export function hostOfUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return hostName(new URL(url).hostname) || undefined;
  } catch {
    return undefined;
  }
}
