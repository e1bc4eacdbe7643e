/** An S3-compatible bucket the blob store keeps files in, read from MEDIA_STORAGE_URL. */
export interface S3Storage {
  bucket: string;
  /** Prepended to every key (`media/`), or empty. */
  prefix: string;
  /** A server other than AWS (`http://127.0.0.1:4569`); undefined: AWS. */
  endpoint?: string;
  region: string;
  /** `host/bucket/key` addressing, which local S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Undefined: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, a profile, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where the bucket's objects are served from; `publicUrl(key)` is `<base>/<key>`. */
  publicBaseUrl?: string;
}

export interface MediaStorageSettings {
  MEDIA_STORAGE_URL?: string;
  MEDIA_STORAGE_ACCESS_KEY_ID?: string;
  MEDIA_STORAGE_SECRET_ACCESS_KEY?: string;
  MEDIA_PUBLIC_BASE_URL?: string;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[a-z0-9_-][a-z0-9._-]*$/;
const REGION = /^[a-z0-9-]{1,32}$/;
const PARAMETERS = new Set(['endpoint', 'region', 'force_path_style']);

/** A setting that cannot be used; the message starts with the variable's name. */
export class MediaStorageError extends Error {}

/**
 * The bucket MEDIA_STORAGE_URL names (`s3://bucket[/prefix]?endpoint=…&region=…&force_path_style=…`),
 * or undefined when it is unset (files on the local disk under DATA_DIR).
 */
export function s3StorageOf(settings: MediaStorageSettings): S3Storage | undefined {
  if (!settings.MEDIA_STORAGE_URL) {
    if (settings.MEDIA_PUBLIC_BASE_URL) {
      throw new MediaStorageError(
        'MEDIA_PUBLIC_BASE_URL needs MEDIA_STORAGE_URL (files on the local disk are served by the service)',
      );
    }
    return undefined;
  }
  const url = parseUrl(settings.MEDIA_STORAGE_URL);
  const parameters = url.searchParams;
  const unknown = [...parameters.keys()].find((name) => !PARAMETERS.has(name));
  if (unknown)
    fail(`has no parameter ${JSON.stringify(unknown)} (endpoint, region, force_path_style)`);
  const endpoint = endpointOf(parameters.get('endpoint'));
  return {
    bucket: url.hostname,
    prefix: prefixOf(url.pathname),
    ...(endpoint ? { endpoint } : {}),
    region: regionOf(parameters.get('region')),
    forcePathStyle: booleanOf(parameters.get('force_path_style'), endpoint !== undefined),
    ...credentialsOf(settings),
    ...(settings.MEDIA_PUBLIC_BASE_URL
      ? { publicBaseUrl: settings.MEDIA_PUBLIC_BASE_URL.replace(/\/+$/, '') }
      : {}),
  };
}

function fail(problem: string): never {
  throw new MediaStorageError(`MEDIA_STORAGE_URL ${problem}`);
}

function parseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail('must be an s3://bucket[/prefix] URL');
  }
  if (url.protocol !== 's3:') fail('must be an s3://bucket[/prefix] URL');
  if (url.username || url.password) {
    fail(
      'must not carry credentials (MEDIA_STORAGE_ACCESS_KEY_ID, MEDIA_STORAGE_SECRET_ACCESS_KEY)',
    );
  }
  if (!BUCKET.test(url.hostname) || url.port) fail('names no valid bucket');
  if (url.hash) fail('must not have a #fragment');
  return url;
}

/** `/media/products/` → `media/products/`; each segment follows the rules of a blob key. */
function prefixOf(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  if (!segments.every((segment) => PREFIX_SEGMENT.test(segment))) {
    fail('has a prefix that is not lower-case letters, digits, "-", "_", "." and "/"');
  }
  return segments.map((segment) => `${segment}/`).join('');
}

function endpointOf(value: string | null): string | undefined {
  if (value === null) return undefined;
  const endpoint = URL.canParse(value) ? new URL(value) : undefined;
  if (!endpoint || !['http:', 'https:'].includes(endpoint.protocol) || endpoint.search) {
    fail('endpoint must be an http:// or https:// URL');
  }
  return value.replace(/\/+$/, '');
}

function regionOf(value: string | null): string {
  if (value === null) return 'us-east-1';
  if (!REGION.test(value)) fail('region must be a region name such as eu-west-1');
  return value;
}

function booleanOf(value: string | null, fallback: boolean): boolean {
  if (value === null) return fallback;
  if (value !== 'true' && value !== 'false') fail('force_path_style must be true or false');
  return value === 'true';
}

function credentialsOf(settings: MediaStorageSettings): Pick<S3Storage, 'credentials'> {
  const accessKeyId = settings.MEDIA_STORAGE_ACCESS_KEY_ID;
  const secretAccessKey = settings.MEDIA_STORAGE_SECRET_ACCESS_KEY;
  if (!accessKeyId && !secretAccessKey) return {};
  if (!accessKeyId || !secretAccessKey) {
    throw new MediaStorageError(
      'MEDIA_STORAGE_ACCESS_KEY_ID and MEDIA_STORAGE_SECRET_ACCESS_KEY are set together or not at all',
    );
  }
  return { credentials: { accessKeyId, secretAccessKey } };
}
