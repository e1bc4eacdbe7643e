import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig, ConfigError, loadConfig } from '../../src/config/app-config.js';
import { fillDevelopmentSecrets } from '../../src/config/development-secrets.js';

const JWT_SECRET = 'a-development-jwt-secret-of-40-chars-xyz';
const ENCRYPTION_KEY = '0123456789abcdef'.repeat(4);
const SPLIT_ROLE = { DATABASE_URL: 'postgres://db/store', REDIS_URL: 'redis://cache:6379' };

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) did not throw`);
}

describe('loadConfig', () => {
  describe('the address to listen on', () => {
    it('is this machine only outside production, every interface in production', () => {
      expect(loadConfig({}).listenHost).toBe('127.0.0.1');
      expect(loadConfig({ NODE_ENV: 'test' }).listenHost).toBe('127.0.0.1');
      const production = { NODE_ENV: 'production', JWT_SECRET, ENCRYPTION_KEY, ...SPLIT_ROLE };
      expect(loadConfig(production).listenHost).toBe('0.0.0.0');
    });

    it('is HOST whenever it is set', () => {
      expect(loadConfig({ HOST: '0.0.0.0' }).listenHost).toBe('0.0.0.0');
      expect(loadConfig({ HOST: '::1' }).listenHost).toBe('::1');
    });
  });

  describe('defaults', () => {
    const config = loadConfig({});

    it('returns an AppConfig', () => {
      expect(config).toBeInstanceOf(AppConfig);
    });

    it.each([
      ['PORT', 3000],
      ['HOST', undefined],
      ['listenHost', '127.0.0.1'],
      ['SHUTDOWN_TIMEOUT_MS', 10_000],
      ['NODE_ENV', 'development'],
      ['PROCESS_ROLE', 'all'],
      ['BODY_LIMIT_BYTES', 102_400],
      ['WEBHOOK_TIMEOUT_MS', 30_000],
      ['WEBHOOK_CONCURRENCY', 50],
      ['SUBSCRIBER_CONCURRENCY', 200],
      ['LOG_LEVEL', 'info'],
      ['DATA_DIR', './.data'],
      ['MIGRATIONS_RUN', true],
      ['DATABASE_POOL_SIZE', 10],
      ['QUEUE_PREFIX', 'store'],
      ['DATABASE_URL', undefined],
      ['REDIS_URL', undefined],
      ['JWT_SECRET', undefined],
      ['ENCRYPTION_KEY', undefined],
    ] as [keyof AppConfig, unknown][])('%s is %p', (key, value) => {
      expect(config[key]).toBe(value);
    });

    it.each([
      ['embeddedDatabase', true],
      ['inProcessQueues', true],
      ['isProduction', false],
      ['runsHttp', true],
      ['runsWorkers', true],
      ['allowPrivateWebhookTargets', true],
    ] as [keyof AppConfig, boolean][])('%s is %p', (getter, value) => {
      expect(config[getter]).toBe(value);
    });
  });

  describe('parsing', () => {
    it.each([
      [{ PORT: '8080' }, 'PORT', 8080],
      [{ PORT: ' 8080 ' }, 'PORT', 8080],
      [{ PORT: '0' }, 'PORT', 0],
      [{ BODY_LIMIT_BYTES: '1048576' }, 'BODY_LIMIT_BYTES', 1_048_576],
      [{ WEBHOOK_TIMEOUT_MS: '5000' }, 'WEBHOOK_TIMEOUT_MS', 5000],
      [{ WEBHOOK_CONCURRENCY: '20' }, 'WEBHOOK_CONCURRENCY', 20],
      [{ SUBSCRIBER_CONCURRENCY: '5' }, 'SUBSCRIBER_CONCURRENCY', 5],
      [{ NODE_ENV: 'test' }, 'NODE_ENV', 'test'],
      [{ LOG_LEVEL: 'debug' }, 'LOG_LEVEL', 'debug'],
      [{ MIGRATIONS_RUN: 'false' }, 'MIGRATIONS_RUN', false],
      [{ MIGRATIONS_RUN: '0' }, 'MIGRATIONS_RUN', false],
      [{ DATABASE_URL: 'postgresql://u:p@db/store' }, 'DATABASE_URL', 'postgresql://u:p@db/store'],
      [{ DATABASE_URL: '' }, 'DATABASE_URL', undefined],
      [{ JWT_SECRET: '' }, 'JWT_SECRET', undefined],
      [{ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true' }, 'WEBHOOKS_ALLOW_PRIVATE_NETWORKS', true],
      [{ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'false' }, 'WEBHOOKS_ALLOW_PRIVATE_NETWORKS', false],
      [{ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: ' YES ' }, 'WEBHOOKS_ALLOW_PRIVATE_NETWORKS', true],
    ] as [Record<string, string>, keyof AppConfig, unknown][])(
      '%j sets %s to %p',
      (env, key, value) => {
        expect(loadConfig(env)[key]).toBe(value);
      },
    );

    it('a DATABASE_URL turns the embedded database off', () => {
      expect(loadConfig({ DATABASE_URL: 'postgres://db/store' }).embeddedDatabase).toBe(false);
    });

    it('a REDIS_URL turns the in-process queues off', () => {
      expect(loadConfig({ REDIS_URL: 'rediss://cache:6380' }).inProcessQueues).toBe(false);
    });

    it.each([
      ['api', true, false],
      ['worker', false, true],
      ['all', true, true],
    ])('PROCESS_ROLE=%s: runsHttp %p, runsWorkers %p', (role, http, workers) => {
      const config = loadConfig({ PROCESS_ROLE: role, ...SPLIT_ROLE });
      expect(config.PROCESS_ROLE).toBe(role);
      expect(config.runsHttp).toBe(http);
      expect(config.runsWorkers).toBe(workers);
    });

    it.each([
      [{ NODE_ENV: 'development' }, true],
      [{ NODE_ENV: 'test' }, true],
      [{ NODE_ENV: 'production', JWT_SECRET, ENCRYPTION_KEY }, false],
      [
        {
          NODE_ENV: 'production',
          JWT_SECRET,
          ENCRYPTION_KEY,
          WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
        },
        true,
      ],
      [{ NODE_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'false' }, false],
    ])('%j allows private webhook targets: %p', (env, allowed) => {
      expect(loadConfig(env).allowPrivateWebhookTargets).toBe(allowed);
    });

    it('production with both secrets loads', () => {
      const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET, ENCRYPTION_KEY });
      expect(config.isProduction).toBe(true);
      expect(config.JWT_SECRET).toBe(JWT_SECRET);
      expect(config.ENCRYPTION_KEY).toBe(ENCRYPTION_KEY);
    });

    it('ignores unrelated environment variables', () => {
      const config = loadConfig({
        PATH: '/usr/bin',
        HOME: '/root',
        npm_config_x: 'y',
        PORT: '4000',
      });
      expect(config.PORT).toBe(4000);
      expect(config).not.toHaveProperty('PATH');
      expect(config).not.toHaveProperty('HOME');
      expect(config).not.toHaveProperty('npm_config_x');
    });

    it('ignores variables explicitly set to undefined', () => {
      expect(loadConfig({ PORT: undefined }).PORT).toBe(3000);
    });
  });

  describe('invalid values', () => {
    it.each([
      ['PORT', 'abc'],
      ['PORT', '70000'],
      ['PORT', '-1'],
      ['PORT', '80.5'],
      ['NODE_ENV', 'staging'],
      ['PROCESS_ROLE', 'cron'],
      ['JWT_SECRET', 'short-secret-31-characters-long'],
      ['ENCRYPTION_KEY', 'abc123'],
      ['ENCRYPTION_KEY', 'g'.repeat(64)],
      ['ENCRYPTION_KEY', '0'.repeat(65)],
      ['DATABASE_URL', 'mysql://x'],
      ['REDIS_URL', 'http://cache'],
      ['SMTP_URL', 'mailto:ops@example.com'],
      ['BODY_LIMIT_BYTES', '-1'],
      ['BODY_LIMIT_BYTES', '1023'],
      ['WEBHOOK_TIMEOUT_MS', '99'],
      ['WEBHOOK_CONCURRENCY', '0'],
      ['WEBHOOK_CONCURRENCY', '2.5'],
      ['WEBHOOK_CONCURRENCY', 'many'],
      ['SUBSCRIBER_CONCURRENCY', '0'],
      ['WEBHOOKS_ALLOW_PRIVATE_NETWORKS', 'maybe'],
      ['MIGRATIONS_RUN', 'sometimes'],
      ['LOG_LEVEL', 'verbose'],
      ['DATABASE_POOL_SIZE', '0'],
      ['ID_ALPHABET', 'abc'],
      ['QUEUE_PREFIX', 'has space'],
    ])('%s=%j throws a one-line ConfigError naming the variable', (key, value) => {
      const error = configError({ [key]: value });
      expect(error.message.startsWith(`Invalid configuration: ${key} `)).toBe(true);
      expect(error.name).toBe('ConfigError');
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toContain(key);
      expect(error.message).not.toContain('\n');
    });

    it.each([
      [
        'PROCESS_ROLE',
        'cron',
        'Invalid configuration: PROCESS_ROLE must be one of the following values: api, worker, all (got "cron")',
      ],
      [
        'JWT_SECRET',
        'too-short',
        'Invalid configuration: JWT_SECRET must be at least 32 characters long',
      ],
      [
        'DATABASE_URL',
        'mysql://x',
        'Invalid configuration: DATABASE_URL must be a postgres:// connection string',
      ],
      [
        'WEBHOOKS_ALLOW_PRIVATE_NETWORKS',
        'maybe',
        'Invalid configuration: WEBHOOKS_ALLOW_PRIVATE_NETWORKS must be a boolean value (got "maybe")',
      ],
      ['PORT', '70000', 'Invalid configuration: PORT must not be greater than 65535 (got "70000")'],
      ['PORT', 'abc', 'Invalid configuration: PORT must be an integer number (got "abc")'],
      [
        'BODY_LIMIT_BYTES',
        '-1',
        'Invalid configuration: BODY_LIMIT_BYTES must be an integer number (got "-1")',
      ],
      [
        'ID_ALPHABET',
        'a'.repeat(20),
        'Invalid configuration: ID_ALPHABET must not repeat a character',
      ],
      [
        'NODE_ENV',
        'staging',
        'Invalid configuration: NODE_ENV must be one of the following values: development, test, production (got "staging")',
      ],
    ])('%s=%j reads exactly', (key, value, message) => {
      expect(configError({ [key]: value }).message).toBe(message);
    });

    it.each([
      ['JWT_SECRET', 'hunter2-is-not-long-enough'],
      ['ENCRYPTION_KEY', 'deadbeef-not-hex-enough'],
      ['DATABASE_URL', 'mysql://root:topsecret@db/store'],
      ['REDIS_URL', 'http://:topsecret@cache'],
      ['SMTP_URL', 'http://user:topsecret@mail'],
    ])('%s: the message never repeats the secret value', (key, value) => {
      const error = configError({ [key]: value });
      expect(error.message).toContain(key);
      expect(error.message).not.toContain(value);
      expect(error.message).not.toContain('topsecret');
      expect(error.message).not.toContain('(got');
    });

    it('a value with a newline still gives a one-line message', () => {
      const error = configError({ LOG_LEVEL: 'info\nextra' });
      expect(error.message).not.toContain('\n');
      expect(error.message).toContain('(got "info\\nextra")');
    });
  });

  describe('cross-field rules', () => {
    it.each(['JWT_SECRET', 'ENCRYPTION_KEY'])('production without %s throws naming it', (key) => {
      const env: Record<string, string> = { NODE_ENV: 'production', JWT_SECRET, ENCRYPTION_KEY };
      delete env[key];
      const error = configError(env);
      expect(error.message).toBe(
        `Invalid configuration: ${key} must be set when NODE_ENV is production`,
      );
    });

    it('production with neither secret names JWT_SECRET first', () => {
      expect(configError({ NODE_ENV: 'production' }).message).toContain('JWT_SECRET');
    });

    it.each([
      ['worker', {}],
      ['worker', { DATABASE_URL: SPLIT_ROLE.DATABASE_URL }],
      ['worker', { REDIS_URL: SPLIT_ROLE.REDIS_URL }],
      ['api', {}],
      ['api', { DATABASE_URL: SPLIT_ROLE.DATABASE_URL }],
    ])('PROCESS_ROLE=%s with %j throws', (role, urls) => {
      const error = configError({ PROCESS_ROLE: role, ...urls });
      expect(error.message).toContain(`PROCESS_ROLE=${role}`);
      expect(error.message).toContain('DATABASE_URL and REDIS_URL');
      expect(error.message).not.toContain('\n');
    });
  });
});

describe('fillDevelopmentSecrets', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'store-config-'));
  });

  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const configIn = (directory: string, env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: directory, ...env });

  it('generates a 64-hex ENCRYPTION_KEY and a long JWT_SECRET', () => {
    const config = fillDevelopmentSecrets(configIn(dataDir));
    expect(config.ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(config.JWT_SECRET!.length).toBeGreaterThanOrEqual(32);
  });

  it('generated values pass the configuration rules', () => {
    const { JWT_SECRET: jwt, ENCRYPTION_KEY: key } = fillDevelopmentSecrets(configIn(dataDir));
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: jwt, ENCRYPTION_KEY: key }),
    ).not.toThrow();
  });

  it('stores them in secrets.json with mode 0600', () => {
    const config = fillDevelopmentSecrets(configIn(dataDir));
    const file = join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      JWT_SECRET: config.JWT_SECRET,
      ENCRYPTION_KEY: config.ENCRYPTION_KEY,
    });
  });

  it('creates a missing DATA_DIR', () => {
    const nested = join(dataDir, 'a', 'b');
    fillDevelopmentSecrets(configIn(nested));
    expect(statSync(join(nested, 'secrets.json')).isFile()).toBe(true);
  });

  it('a second call reads back the same values', () => {
    const first = fillDevelopmentSecrets(configIn(dataDir));
    const second = fillDevelopmentSecrets(configIn(dataDir));
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(second.ENCRYPTION_KEY).toBe(first.ENCRYPTION_KEY);
  });

  it('separate data directories get different secrets', () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'store-config-'));
    try {
      const first = fillDevelopmentSecrets(configIn(dataDir));
      const second = fillDevelopmentSecrets(configIn(otherDir));
      expect(second.JWT_SECRET).not.toBe(first.JWT_SECRET);
      expect(second.ENCRYPTION_KEY).not.toBe(first.ENCRYPTION_KEY);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('keeps given values and touches no file when both are set', () => {
    const config = fillDevelopmentSecrets(configIn(dataDir, { JWT_SECRET, ENCRYPTION_KEY }));
    expect(config.JWT_SECRET).toBe(JWT_SECRET);
    expect(config.ENCRYPTION_KEY).toBe(ENCRYPTION_KEY);
    expect(() => statSync(join(dataDir, 'secrets.json'))).toThrow();
  });

  it.each([
    ['JWT_SECRET', { JWT_SECRET }],
    ['ENCRYPTION_KEY', { ENCRYPTION_KEY }],
  ] as const)('keeps a given %s and fills only the other', (key, env) => {
    const config = fillDevelopmentSecrets(configIn(dataDir, env));
    const stored = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
    const other = key === 'JWT_SECRET' ? 'ENCRYPTION_KEY' : 'JWT_SECRET';
    expect(config[key]).toBe(env[key as keyof typeof env]);
    expect(config[other]).toBe(stored[other]);
  });

  it('prefers the stored file over generating new values', () => {
    const stored = { JWT_SECRET: 'stored-jwt-secret-'.padEnd(40, 'x'), ENCRYPTION_KEY };
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify(stored));
    const config = fillDevelopmentSecrets(configIn(dataDir));
    expect(config.JWT_SECRET).toBe(stored.JWT_SECRET);
    expect(config.ENCRYPTION_KEY).toBe(ENCRYPTION_KEY);
  });

  it('returns the same config object it was given', () => {
    const config = configIn(dataDir);
    expect(fillDevelopmentSecrets(config)).toBe(config);
  });
});
