/**
 * `link` when it is a page of the store's own site (the origin of the store's `url`), else null.
 * An e-mailed link elsewhere would hand its token to whoever asked for the mail; the newsletter
 * routes drop such a link rather than refuse it, so that they answer alike whatever is sent.
 */
export function onStoreSite(storeUrl: string | null, link: string | undefined): string | null {
  const site = httpOrigin(storeUrl);
  return site !== null && link !== undefined && httpOrigin(link) === site ? link : null;
}

function httpOrigin(value: string | null): string | null {
  try {
    const url = new URL(value ?? '');
    return /^https?:$/.test(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}
