import { PERSONAL_DATA_NAME, REDACTED, withoutEmailAddresses } from './personal-data.js';

/** Names of path and query parameters that carry a credential. */
const SENSITIVE_NAME = /token|secret|password|key|signature/i;

/** Credentials the service hands out, recognisable by their prefix wherever they appear. */
const PREFIXED_SECRET = /\b(pk|sk|rt|prt)_[A-Za-z0-9_-]{6,}/g;

/** The path with every parameter the route template names as a credential replaced. */
function redactPathParameters(path: string, template: string): string {
  const templateSegments = template.split('/');
  return path
    .split('/')
    .map((segment, index) => {
      const declared = templateSegments[index];
      return declared?.startsWith(':') && SENSITIVE_NAME.test(declared) ? REDACTED : segment;
    })
    .join('/');
}

/** A query parameter's name as the application reads it (`q%5Bemail%5D` is `q[email]`). */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** Whether a query parameter's value is withheld from the log: a credential or personal data. */
function isWithheld(name: string): boolean {
  const decoded = decodedName(name);
  return SENSITIVE_NAME.test(decoded) || PERSONAL_DATA_NAME.test(decoded);
}

/** The query string with the value of every credential- or personal-data-named parameter replaced. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      return at >= 0 && isWithheld(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * The request URL as the log may hold it: path parameters the route names as tokens (download
 * links, password resets), query parameters named as credentials or personal data (`email`,
 * `q[email_cont]`, `filter[phone]`…), any prefixed key or token (`sk_…`, `rt_…`, `prt_…`) and
 * any e-mail address, also percent-encoded, are replaced by `[redacted]`; the rest stays for
 * operators.
 */
export function loggedUrl(url: string, routeTemplate: string | undefined): string {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? '' : url.slice(at + 1);
  const safePath = routeTemplate ? redactPathParameters(path, routeTemplate) : path;
  const safe = query ? `${safePath}?${redactQuery(query)}` : safePath;
  return withoutEmailAddresses(safe.replace(PREFIXED_SECRET, `$1_${REDACTED}`));
}
