import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { DatabaseEndpoint } from '../../src/platform/database/database-endpoint.js';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres.js';
import { ensureEmbeddedTemplate } from '../../src/platform/database/embedded-template.js';
import { buildService, type ServiceBuild } from '../helpers/service-build.js';
import { hasServers } from '../helpers/service-cluster.js';
import { killServiceProcesses, startServiceProcess } from '../helpers/service-processes.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js';

const ANSI_ESCAPE = '\u001b[';

interface Run {
  code: number | null;
  lines: string[];
  output: string;
}

/** Runs `node <script> [args]` with exactly `env` (plus PATH) to its exit; kills it after `limitMs`. */
function runToExit(script: string, args: string[], env: Record<string, string>, limitMs = 30_000) {
  const child = spawn(process.execPath, [script, ...args], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const limit = setTimeout(() => child.kill('SIGKILL'), limitMs);
  return new Promise<Run>((resolve) =>
    child.once('close', (code) => {
      clearTimeout(limit);
      resolve({
        code,
        output,
        lines: output.split('\n').filter((line) => line.trim() !== ''),
      });
    }),
  );
}

/** A loopback port nothing listens on: connecting is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * One line, naming the server and why, nothing else: what a failed boot must print. How fast is
 * not asserted here, where jest's other workers share the CPU: the number of attempts each line
 * reports is (none retried for a missing database), and `.ci/run` times a failed boot of the
 * built service on its own.
 */
function expectOneLineFailure(run: Run, says: RegExp): void {
  expect({ code: run.code, lines: run.lines }).toEqual({
    code: 1,
    lines: [expect.stringMatching(says)],
  });
  expect(run.output).not.toContain(ANSI_ESCAPE);
}

describe('a boot that cannot reach the database or Redis', () => {
  let build: ServiceBuild;
  let scripts: { main: string; worker: string; cli: string };
  let embedded: DatabaseEndpoint | undefined;
  /** A database that answers: the server's, or an embedded one this spec starts. */
  let reachableDatabase: string;
  let refusedPort: number;
  let dataDir: string;

  beforeAll(async () => {
    build = await buildService();
    const dist = dirname(build.main);
    scripts = { main: build.main, worker: join(dist, 'worker.js'), cli: join(dist, 'cli.js') };
    embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres();
    reachableDatabase = process.env.DATABASE_URL ?? embedded!.url;
    refusedPort = await closedPort();
    dataDir = mkdtempSync(join(tmpdir(), 'store-boot-failures-'));
  }, 10 * 60_000);
  afterAll(async () => {
    await embedded?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const baseEnv = () => ({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
  const refusedDatabase = () => `postgres://postgres:secret@127.0.0.1:${refusedPort}/store`;
  const refusedRedis = () => `redis://:secret@127.0.0.1:${refusedPort}/0`;
  const missingDatabase = () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/does_not_exist_${randomBytes(4).toString('hex')}`;
    return url.toString();
  };

  describe.each(['main', 'worker'] as const)('node dist/%s.js', (script) => {
    // The worker role needs both URLs; `main.js` runs role `all`, which needs neither. A refused
    // Redis is retried: a database refusing for good is reported first.
    const redisFor = (): Record<string, string> =>
      script === 'worker' ? { REDIS_URL: process.env.REDIS_URL ?? refusedRedis() } : {};

    (process.env.DATABASE_URL ? it : it.skip)(
      'exits 1 in one line when the database does not exist, without retrying',
      async () => {
        const run = await runToExit(scripts[script], [], {
          ...baseEnv(),
          DATABASE_URL: missingDatabase(),
          ...redisFor(),
        });
        expectOneLineFailure(
          run,
          /^Cannot reach the database at postgres:\/\/.*\/does_not_exist_\w+: database "does_not_exist_\w+" does not exist$/,
        );
      },
    );

    // Both refused, which is reported first would be a race: the worker needs a Redis that answers.
    (script === 'worker' && !process.env.REDIS_URL ? it.skip : it)(
      'exits 1 in one line when nothing listens at the database port, password not shown',
      async () => {
        const run = await runToExit(scripts[script], [], {
          ...baseEnv(),
          DATABASE_URL: refusedDatabase(),
          ...(script === 'worker' ? { REDIS_URL: process.env.REDIS_URL! } : {}),
        });
        expectOneLineFailure(
          run,
          new RegExp(
            `^Cannot reach the database at postgres://postgres@127\\.0\\.0\\.1:${refusedPort}/store: connection refused \\(3 attempts\\)$`,
          ),
        );
      },
    );

    it('exits 1 in one line when nothing listens at the Redis port, password not shown', async () => {
      const run = await runToExit(scripts[script], [], {
        ...baseEnv(),
        DATABASE_URL: reachableDatabase,
        REDIS_URL: refusedRedis(),
      });
      expectOneLineFailure(
        run,
        new RegExp(
          `^Cannot reach Redis at redis://127\\.0\\.0\\.1:${refusedPort}/0: connection refused \\(3 attempts\\)$`,
        ),
      );
    });
  });

  (process.env.DATABASE_URL ? it : it.skip)(
    'cli.js migrate exits 1 in one line when the database does not exist',
    async () => {
      const run = await runToExit(scripts.cli, ['migrate'], {
        ...baseEnv(),
        DATABASE_URL: missingDatabase(),
      });
      expectOneLineFailure(run, /^Cannot reach the database at .*: database ".*" does not exist$/);
    },
  );

  it('takes its retries from STARTUP_CONNECT_RETRIES, validated like any setting', async () => {
    const once = await runToExit(scripts.main, [], {
      ...baseEnv(),
      DATABASE_URL: refusedDatabase(),
      STARTUP_CONNECT_RETRIES: '0',
    });
    expectOneLineFailure(once, /: connection refused$/);
    const invalid = await runToExit(scripts.main, [], {
      ...baseEnv(),
      STARTUP_CONNECT_RETRY_DELAY_MS: 'soon',
    });
    expectOneLineFailure(
      invalid,
      /^Invalid configuration: STARTUP_CONNECT_RETRY_DELAY_MS must be an integer number \(got "soon"\)$/,
    );
  });
});

describe('the boot log of `node dist/main.js`, embedded', () => {
  afterAll(() => killServiceProcesses());

  it('fits on one screen, banner included, with no colour codes off a terminal', async () => {
    await ensureEmbeddedTemplate(tmpdir());
    const dataDir = mkdtempSync(join(tmpdir(), 'store-boot-log-'));
    try {
      const proc = await startServiceProcess(await buildService(), 'embedded', {
        DATA_DIR: dataDir,
      });
      const output = proc.output();
      await proc.kill('SIGTERM');
      const lines = output.split('\n');
      const bannerEnd = lines.findIndex((line) =>
        line.includes('Embedded mode is for development'),
      );
      expect(bannerEnd).toBeGreaterThan(0);
      expect(bannerEnd + 1).toBeLessThanOrEqual(40);
      expect(output).not.toContain(ANSI_ESCAPE);
      // One line per stage, in order, and none of Nest's per-route lines.
      const messages = lines
        .slice(0, bannerEnd)
        .filter((line) => line.startsWith('{'))
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages).toEqual([
        'Configuration loaded: role all, NODE_ENV development',
        'Queues run in this process (no REDIS_URL)',
        expect.stringMatching(/^Embedded database started/),
        expect.stringMatching(/^Connected; /),
        expect.stringMatching(/^Listening on http:\/\/127\.0\.0\.1:\d+$/),
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// A worker and the API it checks share work through PostgreSQL and Redis servers. They run on a
// database of their own: a worker relays and sweeps every store's events, which would take the
// events other specs on the shared test database wait for.
(hasServers ? describe : describe.skip)('with PostgreSQL and Redis servers', () => {
  let build: ServiceBuild;
  let cli: string;
  let dataDir: string;
  let database: ScratchDatabase;
  const env = (extra: Record<string, string> = {}) => ({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL!,
    QUEUE_PREFIX: `test-boot-${randomBytes(4).toString('hex')}`,
    ...extra,
  });

  beforeAll(async () => {
    build = await buildService();
    cli = join(dirname(build.main), 'cli.js');
    dataDir = mkdtempSync(join(tmpdir(), 'store-health-probe-'));
    database = await createScratchDatabase(process.env.DATABASE_URL!);
  }, 10 * 60_000);
  afterAll(async () => {
    await killServiceProcesses();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('cli.js health --role worker', () => {
    it('answers 0 while a worker of this host beats, 1 in one line with none', async () => {
      const workerEnv = env({ PROCESS_ROLE: 'worker' });
      await startServiceProcess(build, 'worker', workerEnv);
      const healthy = await runToExit(cli, ['health', '--role', 'worker'], workerEnv);
      expect({ code: healthy.code, lines: healthy.lines }).toEqual({
        code: 0,
        lines: [expect.stringMatching(/^worker healthy: pid \d+ on /)],
      });

      // Another deployment's namespace in the same Redis: no worker beats there.
      const alone = await runToExit(cli, ['health', '--role', 'worker'], env());
      expect({ code: alone.code, lines: alone.lines }).toEqual({
        code: 1,
        lines: [expect.stringMatching(/^worker unhealthy: no heartbeat from a worker on /)],
      });

      const noRedis = await runToExit(cli, ['health', '--role', 'worker'], {
        ...env(),
        REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      });
      expect({ code: noRedis.code, lines: noRedis.lines }).toEqual({
        code: 1,
        lines: [
          expect.stringMatching(/^worker unhealthy: cannot reach Redis at .*: connection refused$/),
        ],
      });
    });
  });

  describe('GET /health and cli.js health --role api while Redis is down', () => {
    it('answer 503 and 1, and log the queue going down once, not per probe, without a stack', async () => {
      const redis = new URL(process.env.REDIS_URL!);
      const proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
      try {
        const apiEnv = env({ PROCESS_ROLE: 'api', REDIS_URL: proxy.relay(process.env.REDIS_URL!) });
        const api = await startServiceProcess(build, 'api', apiEnv);
        const probe = () => fetch(`${api.url}/health`).then((response) => response.status);
        const cliProbe = () =>
          runToExit(cli, ['health', '--role', 'api'], { ...apiEnv, PORT: new URL(api.url!).port });
        expect(await probe()).toBe(200);
        expect(await cliProbe()).toMatchObject({
          code: 0,
          lines: [expect.stringMatching(/^api healthy: /)],
        });
        const before = api.output().length;
        proxy.cut();
        for (let n = 0; n < 3; n += 1) expect(await probe()).toBe(503);
        expect(await cliProbe()).toMatchObject({
          code: 1,
          lines: [expect.stringMatching(/^api unhealthy: .* answered 503 \(Unavailable: queue\)$/)],
        });
        const after = api
          .output()
          .slice(before)
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { context?: string; msg: string; level: number });
        expect(after.filter((line) => line.context === 'Health')).toEqual([
          expect.objectContaining({ level: 40, msg: expect.stringMatching(/^queue is down: /) }),
        ]);
        // The 503 is an answer, not an unhandled error logged with its stack.
        expect(after.filter((line) => line.context === 'HTTP')).toEqual([]);
        await api.kill('SIGKILL');
      } finally {
        await proxy.close();
      }
    });
  });
});
