import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import { MediaStorageError, type S3Storage, s3StorageOf } from './media-storage.js';

export const NODE_ENVS = ['development', 'test', 'production'] as const;
export const PROCESS_ROLES = ['api', 'worker', 'all'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type NodeEnv = (typeof NODE_ENVS)[number];
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
const toBool = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(normalized)) return true;
  if (['false', '0', 'no'].includes(normalized)) return false;
  return value;
};
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** A rate-limit budget: requests per minute, a positive integer. */
const PerMinuteBudget = (): PropertyDecorator => (target, property) => {
  for (const decorate of [Transform(toInt), IsInt(), Min(1), Max(1_000_000)])
    decorate(target, property);
};

/**
 * The service's whole configuration, read from the environment once at boot and validated.
 * Nothing else reads `process.env`. Names are part of the public interface (see README).
 */
export class AppConfig {
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** Where to listen; unset: every interface in production, this machine only otherwise. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  HOST?: string;

  /** How long a SIGTERM/SIGINT waits for in-flight requests and jobs before the process exits. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS = 10_000;

  /**
   * How long a request repeating an `Idempotency-Key` whose first request is still running waits
   * for that one's response before it is answered 429 with `Retry-After`.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  IDEMPOTENCY_WAIT_MS = 10_000;

  @IsIn(NODE_ENVS)
  NODE_ENV: NodeEnv = 'development';

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\//, {
    message: 'DATABASE_URL must be a postgres:// connection string',
  })
  DATABASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^rediss?:\/\//, { message: 'REDIS_URL must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsIn(PROCESS_ROLES)
  PROCESS_ROLE: ProcessRole = 'all';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters long' })
  JWT_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'ENCRYPTION_KEY must be 64 hexadecimal characters' })
  ENCRYPTION_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /**
   * The wait before a mail refused for a while (SMTP 4xx, no connection) is tried again; it doubles
   * at every further try (8 tries in all).
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  MAIL_RETRY_DELAY_MS = 60_000;

  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS?: boolean;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  WEBHOOK_TIMEOUT_MS = 30_000;

  /** Whether pages on this machine (localhost, 127.0.0.1, [::1], any port) may call the Store API. */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  CORS_ALLOW_LOOPBACK_ORIGINS?: boolean;

  /** Comma-separated origins whose pages may call the Admin API from a browser; none by default. */
  @IsString()
  @Matches(/^\s*(https?:\/\/[^/?#@\s,]+\s*(,\s*https?:\/\/[^/?#@\s,]+\s*)*)?$/i, {
    message: 'ADMIN_CORS_ORIGINS must be comma-separated origins such as https://admin.example.com',
  })
  ADMIN_CORS_ORIGINS = '';

  /** Webhook deliveries one worker process runs at a time (the `webhooks` queue's consumer). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  WEBHOOK_CONCURRENCY = 50;

  /**
   * Background subscriber jobs one worker process runs at a time (the `events` queue's consumer:
   * order mails and the like). Jobs under way at once share their reads, so more of them cost
   * fewer statements each.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  SUBSCRIBER_CONCURRENCY = 200;

  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(100 * 1024 * 1024)
  BODY_LIMIT_BYTES = 102_400;

  /** Largest file a digital upload accepts (larger: 413 `request_too_large`). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(512 * 1024 * 1024)
  DIGITAL_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

  /**
   * Largest image a media upload accepts, by file or by URL (larger: 413 `request_too_large`, or
   * the media fails when fetched).
   */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  @Max(512 * 1024 * 1024)
  MEDIA_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

  /** How long fetching an image uploaded by URL may take, from the lookup to the last byte. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  MEDIA_FETCH_TIMEOUT_MS = 15_000;

  /** Downloads each digital link allows. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  DIGITAL_LINK_DOWNLOAD_LIMIT = 5;

  /**
   * scrypt cost of new password hashes (log2 of its N): each step doubles a hash's time and
   * memory (15: 32 MiB). Digests keep their own cost, so changing it never locks anyone out.
   */
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(17)
  PASSWORD_HASH_COST = 15;

  /** Days a digital link stays valid after the order is placed. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3650)
  DIGITAL_LINK_TTL_DAYS = 7;

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  /**
   * Where the embedded database, generated development secrets and demo credentials live, and
   * files (`blobs/`) when MEDIA_STORAGE_URL names no bucket.
   */
  @IsString()
  DATA_DIR = './.data';

  /**
   * Where files (digital products' files, product media) are kept: unset, under
   * `<DATA_DIR>/blobs`; `s3://bucket[/prefix]?endpoint=…&region=…&force_path_style=…`, an
   * S3-compatible bucket (checked in full by `s3Storage`).
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^s3:\/\//, { message: 'MEDIA_STORAGE_URL must be an s3://bucket[/prefix] URL' })
  MEDIA_STORAGE_URL?: string;

  /** The bucket's access key; unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, roles). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MEDIA_STORAGE_ACCESS_KEY_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MEDIA_STORAGE_SECRET_ACCESS_KEY?: string;

  /** Where a bucket's files are served from (a CDN, the bucket's website); the service serves none. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s?#]+$/i, {
    message: 'MEDIA_PUBLIC_BASE_URL must be an http:// or https:// URL without query',
  })
  MEDIA_PUBLIC_BASE_URL?: string;

  /**
   * Where the service is reached from outside (`https://api.shop.example.com`): e-mails link the
   * service's own paths (downloads, media) there. Unset: on each store's URL, which then has to
   * route those paths to the service.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^https?:\/\/[^\s?#]+$/i, {
    message: 'PUBLIC_URL must be an http:// or https:// URL without query',
  })
  PUBLIC_URL?: string;

  /** Apply pending migrations when the process starts. */
  @Transform(toBool)
  @IsBoolean()
  MIGRATIONS_RUN = true;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE = 10;

  /**
   * Attempts at boot after the first to reach the database and Redis, for a server still starting
   * (containers started together). Errors waiting cannot mend (no such database, refused
   * credentials) end the boot at the first attempt.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1000)
  STARTUP_CONNECT_RETRIES = 2;

  /** Pause between those attempts. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60_000)
  STARTUP_CONNECT_RETRY_DELAY_MS = 500;

  /** How long one attempt at boot waits for the database or Redis to answer. */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  STARTUP_CONNECT_TIMEOUT_MS = 1000;

  /** Alphabet the public ids are encoded with; changing it changes every public id. */
  @IsString()
  @Matches(/^[a-zA-Z0-9]{16,}$/, {
    message: 'ID_ALPHABET must be at least 16 distinct letters or digits',
  })
  ID_ALPHABET = 'k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt';

  /**
   * Namespace of the service's keys in Redis (queues and rate-limit counters); lets several
   * deployments (or test runs) share one Redis.
   */
  @IsString()
  @Matches(/^[a-zA-Z0-9:_-]{1,64}$/, {
    message: 'QUEUE_PREFIX must be 1-64 letters, digits, ":", "_" or "-"',
  })
  QUEUE_PREFIX = 'store';

  /** Per client IP and minute: sign-ins (`@IpRateLimit('login')` routes). */
  @PerMinuteBudget()
  RATE_LIMIT_LOGIN_PER_MINUTE = 5;

  /**
   * Which proxies' X-Forwarded-For to believe for the client IP (rate limits): `false` (none,
   * the default), `true` (any), a hop count, or comma-separated proxy addresses/CIDRs.
   */
  @IsString()
  @Matches(/^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(,[0-9a-fA-F.:/]+)*)$/, {
    message: 'TRUST_PROXY must be true, false, a hop count or comma-separated addresses',
  })
  TRUST_PROXY = 'false';

  /** Fastify's `trustProxy` option for TRUST_PROXY. */
  get trustProxy(): boolean | string[] | ((address: string, hop: number) => boolean) {
    if (this.TRUST_PROXY === 'true' || this.TRUST_PROXY === 'false')
      return this.TRUST_PROXY === 'true';
    if (/^\d+$/.test(this.TRUST_PROXY)) {
      const hops = Number(this.TRUST_PROXY);
      return (_address, hop) => hop < hops;
    }
    return this.TRUST_PROXY.split(',');
  }

  /** Per client IP and minute: token refreshes. */
  @PerMinuteBudget()
  RATE_LIMIT_REFRESH_PER_MINUTE = 10;

  /** Per client IP and minute: sign-outs. */
  @PerMinuteBudget()
  RATE_LIMIT_LOGOUT_PER_MINUTE = 10;

  /** Per client IP and minute: customer registrations. */
  @PerMinuteBudget()
  RATE_LIMIT_REGISTRATION_PER_MINUTE = 3;

  /** Per client IP and minute: password reset requests (e-mails asked for). */
  @PerMinuteBudget()
  RATE_LIMIT_PASSWORD_RESET_PER_MINUTE = 3;

  /** Per client IP and minute: newsletter subscriptions, verifications and unsubscribe requests. */
  @PerMinuteBudget()
  RATE_LIMIT_NEWSLETTER_PER_MINUTE = 5;

  /** Per publishable key and minute: every request the key authenticates. */
  @PerMinuteBudget()
  RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE = 300;

  /** Per secret key and minute: every request the key authenticates. */
  @PerMinuteBudget()
  RATE_LIMIT_SECRET_KEY_PER_MINUTE = 600;

  /** Per client IP and minute: refused credentials (unknown or revoked keys, bad tokens). */
  @PerMinuteBudget()
  RATE_LIMIT_FAILED_AUTH_PER_MINUTE = 30;

  get isProduction(): boolean {
    return this.NODE_ENV === 'production';
  }

  /** The address the HTTP server binds: HOST, or the default for the environment. */
  get listenHost(): string {
    return this.HOST ?? (this.isProduction ? '0.0.0.0' : '127.0.0.1');
  }

  get embeddedDatabase(): boolean {
    return this.DATABASE_URL === undefined;
  }

  get inProcessQueues(): boolean {
    return this.REDIS_URL === undefined;
  }

  get runsHttp(): boolean {
    return this.PROCESS_ROLE !== 'worker';
  }

  get runsWorkers(): boolean {
    return this.PROCESS_ROLE !== 'api';
  }

  get allowPrivateWebhookTargets(): boolean {
    return this.WEBHOOKS_ALLOW_PRIVATE_NETWORKS ?? !this.isProduction;
  }

  get allowLoopbackOrigins(): boolean {
    return this.CORS_ALLOW_LOOPBACK_ORIGINS ?? !this.isProduction;
  }

  /** The bucket of MEDIA_STORAGE_URL; undefined: files on the local disk under DATA_DIR. */
  get s3Storage(): S3Storage | undefined {
    return s3StorageOf(this);
  }

  /** ADMIN_CORS_ORIGINS as browsers write origins (lower case, no default port). */
  get adminCorsOrigins(): string[] {
    return this.ADMIN_CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== '')
      .map((origin) => new URL(origin).origin);
  }
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const CONFIG_KEYS = [
  'PORT',
  'HOST',
  'NODE_ENV',
  'DATABASE_URL',
  'REDIS_URL',
  'PROCESS_ROLE',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
  'SMTP_URL',
  'MAIL_RETRY_DELAY_MS',
  'WEBHOOKS_ALLOW_PRIVATE_NETWORKS',
  'WEBHOOK_TIMEOUT_MS',
  'CORS_ALLOW_LOOPBACK_ORIGINS',
  'ADMIN_CORS_ORIGINS',
  'WEBHOOK_CONCURRENCY',
  'SUBSCRIBER_CONCURRENCY',
  'SHUTDOWN_TIMEOUT_MS',
  'IDEMPOTENCY_WAIT_MS',
  'BODY_LIMIT_BYTES',
  'DIGITAL_UPLOAD_MAX_BYTES',
  'MEDIA_UPLOAD_MAX_BYTES',
  'MEDIA_FETCH_TIMEOUT_MS',
  'DIGITAL_LINK_DOWNLOAD_LIMIT',
  'DIGITAL_LINK_TTL_DAYS',
  'PASSWORD_HASH_COST',
  'LOG_LEVEL',
  'DATA_DIR',
  'MEDIA_STORAGE_URL',
  'MEDIA_STORAGE_ACCESS_KEY_ID',
  'MEDIA_STORAGE_SECRET_ACCESS_KEY',
  'MEDIA_PUBLIC_BASE_URL',
  'PUBLIC_URL',
  'MIGRATIONS_RUN',
  'DATABASE_POOL_SIZE',
  'STARTUP_CONNECT_RETRIES',
  'STARTUP_CONNECT_RETRY_DELAY_MS',
  'STARTUP_CONNECT_TIMEOUT_MS',
  'ID_ALPHABET',
  'QUEUE_PREFIX',
  'TRUST_PROXY',
  'RATE_LIMIT_LOGIN_PER_MINUTE',
  'RATE_LIMIT_REFRESH_PER_MINUTE',
  'RATE_LIMIT_LOGOUT_PER_MINUTE',
  'RATE_LIMIT_REGISTRATION_PER_MINUTE',
  'RATE_LIMIT_PASSWORD_RESET_PER_MINUTE',
  'RATE_LIMIT_NEWSLETTER_PER_MINUTE',
  'RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE',
  'RATE_LIMIT_SECRET_KEY_PER_MINUTE',
  'RATE_LIMIT_FAILED_AUTH_PER_MINUTE',
] as const satisfies readonly (keyof AppConfig)[];
const SECRET_KEYS = new Set<string>([
  'JWT_SECRET',
  'ENCRYPTION_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'MEDIA_STORAGE_ACCESS_KEY_ID',
  'MEDIA_STORAGE_SECRET_ACCESS_KEY',
]);

/** The most telling failed rule: the kind of value expected before its range. */
function primaryReason(constraints: Record<string, string>): string {
  const kinds = ['isInt', 'isBoolean', 'isIn', 'matches', 'isString', 'minLength'];
  const kind = kinds.find((name) => constraints[name]);
  return (kind ? constraints[kind] : Object.values(constraints)[0]) ?? 'is invalid';
}

/** Builds and validates the configuration; the first problem is reported as one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const source = Object.fromEntries(
    CONFIG_KEYS.filter((key) => env[key] !== undefined).map((key) => [key, env[key]]),
  );
  const config = plainToInstance(AppConfig, source);
  const [problem] = validateSync(config, { forbidUnknownValues: false });
  if (problem) {
    const reason = primaryReason(problem.constraints ?? {});
    const line = reason.startsWith(problem.property) ? reason : `${problem.property} ${reason}`;
    const shown = SECRET_KEYS.has(problem.property)
      ? ''
      : ` (got ${JSON.stringify(env[problem.property])})`;
    throw new ConfigError(`Invalid configuration: ${line}${shown}`);
  }
  try {
    void config.adminCorsOrigins;
  } catch {
    throw new ConfigError(
      `Invalid configuration: ADMIN_CORS_ORIGINS must be comma-separated origins such as https://admin.example.com (got ${JSON.stringify(env.ADMIN_CORS_ORIGINS)})`,
    );
  }
  try {
    void config.s3Storage;
  } catch (error) {
    if (!(error instanceof MediaStorageError)) throw error;
    throw new ConfigError(`Invalid configuration: ${error.message}`);
  }
  if (new Set(config.ID_ALPHABET).size !== config.ID_ALPHABET.length) {
    throw new ConfigError('Invalid configuration: ID_ALPHABET must not repeat a character');
  }
  if (config.PROCESS_ROLE !== 'all' && (!config.DATABASE_URL || !config.REDIS_URL)) {
    throw new ConfigError(
      `Invalid configuration: PROCESS_ROLE=${config.PROCESS_ROLE} needs DATABASE_URL and REDIS_URL (separate processes share work through them)`,
    );
  }
  if (config.isProduction && (!config.JWT_SECRET || !config.ENCRYPTION_KEY)) {
    const missing = !config.JWT_SECRET ? 'JWT_SECRET' : 'ENCRYPTION_KEY';
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set when NODE_ENV is production`,
    );
  }
  return config;
}
