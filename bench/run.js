// Throughput of the built service against a bare Fastify + pg floor. See scenarios.js.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createLocalDatabase, productPrimaryKey } from './lib/database.js';
import { freePort, httpOk, runNode, startNode, waitFor } from './lib/processes.js';
import { scenarios } from './scenarios.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
// Targets are measured in interleaved rounds and summarised by their medians, so a burst of
// noise on a shared machine hits one round of every target instead of one whole target.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_S = 2;
const CONNECTIONS = 50;
const MAX_FAILURE_RATE = 0.01;
const printJson = process.argv.includes('--json');

const log = (line) => process.stderr.write(`${line}\n`);

// Undo steps, run newest first. Shared by `finally` and SIGINT, so they run once, to the end.
const cleanups = [];
let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        log(`cleanup failed: ${error.message}`);
      }
    }
  })();
  return cleaning;
}
process.once('SIGINT', () => {
  log('Interrupted, cleaning up');
  void cleanUp().finally(() => process.exit(130));
});

/** DATABASE_URL, else a fresh database on the local server, else `undefined` (embedded mode). */
async function databaseUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const local = await createLocalDatabase();
  if (!local) return undefined;
  cleanups.push(local.drop);
  return local.url;
}

async function startService(name, script, env) {
  const port = await freePort();
  const proc = startNode(name, [script], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  cleanups.push(() => proc.stop());
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, () => httpOk(`${url}/health`), { proc, timeoutMs: 120_000 });
  return { proc, url };
}

async function getJson(url, headers = {}) {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${body}`);
  return JSON.parse(body);
}

async function run({ name, url, headers }, duration) {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    pipelining: 1,
    duration,
  });
  log(
    `${name}: ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors`,
  );
  return result;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Warms every target up, then runs ROUNDS interleaved rounds and keeps each target's medians. */
async function measureAll(targets) {
  for (const target of targets) {
    await getJson(target.url, target.headers); // fail fast, with the body, if misconfigured
    await run(target, WARMUP_S);
  }
  const results = new Map(targets.map((target) => [target, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    log(`Round ${round} of ${ROUNDS}`);
    for (const target of targets) results.get(target).push(await run(target, DURATION_S));
  }
  return targets.map((target) => {
    const runs = results.get(target);
    const non2xx = runs.reduce((sum, result) => sum + result.non2xx, 0);
    const errors = runs.reduce((sum, result) => sum + result.errors, 0);
    const attempted = runs.reduce((sum, result) => sum + result['2xx'], 0) + non2xx + errors;
    return {
      scenario: target.name,
      rps: median(runs.map((result) => result.requests.average)),
      p50_ms: median(runs.map((result) => result.latency.p50)),
      p99_ms: median(runs.map((result) => result.latency.p99)),
      non2xx,
      errors,
      failure_rate: attempted === 0 ? 1 : (non2xx + errors) / attempted,
    };
  });
}

function printTable(rows) {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', '% of baseline'];
  const cells = rows.map((row) => [
    row.scenario,
    Math.round(row.rps).toString(),
    row.p50_ms.toFixed(1),
    row.p99_ms.toFixed(1),
    row.ratio === null ? 'n/a' : `${(row.ratio * 100).toFixed(1)}%`,
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...cells].map((r) => r[i].length)));
  const line = (r) =>
    `| ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  process.stdout.write(
    [
      `node ${process.version}, ${availableParallelism()} CPUs, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s, medians`,
      line(header),
      rule,
      ...cells.map(line),
      '',
    ].join('\n'),
  );
}

async function main() {
  if (!(DURATION_S > 0)) throw new Error(`BENCH_DURATION must be a positive number of seconds`);
  if (!(ROUNDS >= 1)) throw new Error(`BENCH_ROUNDS must be at least 1`);
  const dataDir = await mkdtemp(join(tmpdir(), 'store-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

  const dbUrl = await databaseUrl();
  // One set of secrets for seed and service: API keys are stored as HMACs under ENCRYPTION_KEY.
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Measure the request path, not the per-key budgets (their counting still runs).
    RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE: '1000000',
    RATE_LIMIT_SECRET_KEY_PER_MINUTE: '1000000',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  delete env.DATABASE_URL;
  if (dbUrl) env.DATABASE_URL = dbUrl;

  let credentials;
  if (dbUrl) {
    log('Seeding the bench store');
    const stdout = await runNode(['dist/cli.js', 'seed', '--demo', '--json'], { cwd: ROOT, env });
    credentials = JSON.parse(stdout.trim().split('\n').at(-1));
  } else {
    log('No PostgreSQL server at 127.0.0.1:5432: using the embedded database');
  }
  log('Starting the service');
  const service = await startService('service', 'dist/main.js', env);
  if (!dbUrl) {
    const file = join(dataDir, 'demo-credentials.json');
    // The service seeds its demo store just after it starts listening.
    credentials = await waitFor(file, async () => JSON.parse(await readFile(file, 'utf8')), {
      proc: service.proc,
    });
  }

  const storeHeaders = { 'x-store-api-key': credentials.publishable_key };
  const [product] = (await getJson(`${service.url}/api/v3/store/products?limit=1`, storeHeaders))
    .data;
  if (!product) throw new Error('The bench store has no products');
  const ctx = {
    productId: product.id,
    storeId: credentials.store_id,
    publishableKey: credentials.publishable_key,
    secretKey: credentials.secret_key,
  };

  const targets = [];
  if (dbUrl) {
    const key = await productPrimaryKey(dbUrl, credentials.publishable_key, product.slug);
    const baseline = await startService('baseline', 'bench/baseline-server.js', env);
    targets.push({ name: 'baseline fastify+pg', url: `${baseline.url}/products/${key}` });
  } else {
    log('Baseline skipped: it needs a PostgreSQL server (set DATABASE_URL or run one locally)');
  }
  for (const scenario of scenarios) {
    targets.push({
      name: scenario.name,
      url: `${service.url}${scenario.path(ctx)}`,
      headers: scenario.headers(ctx),
    });
  }
  const rows = await measureAll(targets);

  const baselineRps = dbUrl ? rows[0].rps : undefined;
  for (const row of rows) row.ratio = baselineRps ? row.rps / baselineRps : null;
  printTable(rows);
  if (printJson) process.stdout.write(`${JSON.stringify(rows)}\n`);

  const failing = rows.filter((row) => row.failure_rate > MAX_FAILURE_RATE);
  for (const row of failing) {
    log(
      `FAILED: ${row.scenario}: ${(row.failure_rate * 100).toFixed(2)}% of requests failed (${row.non2xx} non-2xx, ${row.errors} errors)`,
    );
  }
  if (failing.length > 0) process.exitCode = 1;
}

try {
  await main();
} catch (error) {
  log(error.stack ?? String(error));
  process.exitCode = 1;
} finally {
  await cleanUp();
}
