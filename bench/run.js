// Throughput of the built service against a bare Fastify + pg floor (see scenarios.js), and of
// the events outbox and webhook deliveries (see lib/events.js) and order e-mails (lib/emails.js).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { checkout, createCarts, runShoppers, storeApi } from './lib/carts.js';
import {
  addToCartStatements,
  checkoutStatements,
  formatAddToCartStatements,
  formatCheckoutStatements,
} from './lib/checkout-statements.js';
import {
  cartPrimaryKeys,
  createLocalDatabase,
  productPrimaryKey,
  removePromotions,
  restock,
  storePrimaryKey,
  variantPrimaryKey,
} from './lib/database.js';
import { formatBoot, measureBoot } from './lib/boot.js';
import { measureEmails } from './lib/emails.js';
import { eventsSummary, measureEvents, redisUrl } from './lib/events.js';
import { MAX_RATIO, measureGrowth, printGrowthTable } from './lib/growth.js';
import { measureHostile, printHostile } from './lib/hostile.js';
import { jsonClient } from './lib/http-client.js';
import { setBenchPromotions } from './lib/promotions.js';
import { median } from './lib/stats.js';
import { freePort, httpOk, runNode, startNode, waitFor } from './lib/processes.js';
import {
  ADD_TO_CART,
  ADD_TO_CART_PROMOTIONS,
  BASELINE_ADD_TO_CART,
  BENCH_MATCHING_PROMOTIONS,
  BENCH_PROMOTIONS,
  CHECKOUT,
  MEDIA_RENDITION,
  PRODUCT,
  PRODUCT_WITH_MEDIA,
  scenarios,
  STATIC_RENDITION,
} from './scenarios.js';
import { prepareMedia } from './lib/media.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
// Targets are measured in interleaved rounds and summarised by their medians, so a burst of
// noise on a shared machine hits one round of every target instead of one whole target.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_S = 2;
const CONNECTIONS = 50;
// Add-to-cart sends each request to the next of this many carts, made before the timed runs.
const CART_COUNT = Number(process.env.BENCH_CARTS ?? 4000);
// Virtual shoppers of the full-checkout scenario, each running one checkout at a time.
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 8);
// Checkouts whose statements are counted, step by step, after the timed runs.
const TRACED_CHECKOUTS = Number(process.env.BENCH_TRACED_CHECKOUTS ?? 20);
// Units per variant for the cart scenarios (the demo store has 50).
const BENCH_STOCK = 100_000_000;
const PRODUCT_BASELINE = 'baseline fastify+pg';
const PLAIN_PRODUCT_SLUG = 'classic-cotton-t-shirt';
const MEDIA_PRODUCT_SLUG = 'heavyweight-hoodie';
const MAX_FAILURE_RATE = 0.01;
// Add-to-cart with the bench promotions keeps at least this share of plain add-to-cart's rate.
const MIN_PROMOTIONS_SHARE = 0.9;
/**
 * Scenarios that must keep a share of another's rate in the same run: a product with three media
 * against one without (the product GET as it was before media), and the service's /media against
 * @fastify/static serving the same file.
 */
const SHARE_GUARDS = [
  { scenario: ADD_TO_CART_PROMOTIONS, of: ADD_TO_CART, min: MIN_PROMOTIONS_SHARE },
  { scenario: PRODUCT_WITH_MEDIA, of: PRODUCT, min: 0.9 },
  { scenario: MEDIA_RENDITION, of: STATIC_RENDITION, min: 0.7 },
];
const printJson = process.argv.includes('--json');
// Which groups to run: `http` (the request scenarios) and `events` (outbox, webhooks, e-mails) by
// default; BENCH_ONLY=events or `--only events` (or `--only=events`) runs one group. `growth`
// (latencies at 1,000 and 1,000,000 orders, lib/growth.js), `hostile` (/health under hostile
// bodies, lib/hostile.js; two windows per round) and `emails` (the events group's e-mail scenario
// alone) run only when named.
const GROUPS = ['http', 'events', 'boot'];
const NAMED_ONLY_GROUPS = ['growth', 'hostile', 'emails'];
function selectedGroups() {
  const flag = process.argv.indexOf('--only');
  const only =
    process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length) ??
    (flag >= 0 ? process.argv[flag + 1] : undefined) ??
    process.env.BENCH_ONLY;
  if (!only) return GROUPS;
  const groups = only.split(',').map((group) => group.trim());
  const known = [...GROUPS, ...NAMED_ONLY_GROUPS];
  const unknown = groups.filter((group) => !known.includes(group));
  if (unknown.length > 0 || groups.length === 0) {
    throw new Error(`BENCH_ONLY / --only takes ${known.join(', ')}, not ${only}`);
  }
  return groups;
}

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

/** Processes started by startService: a failure reports any that died, with their output. */
const started = [];

/** Stops the run as soon as the service or the baseline has died: later figures would be void. */
function ensureAlive() {
  const dead = started.filter((proc) => !proc.running());
  if (dead.length > 0) {
    throw new Error(`${dead.map((proc) => proc.name).join(' and ')} died during the run`);
  }
}

async function startService(name, script, env, nodeArgs = []) {
  const port = await freePort();
  const proc = startNode(name, [...nodeArgs, script], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  started.push(proc);
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

/**
 * A target measured by autocannon: `url` (host and default path) plus autocannon options
 * (`headers`, `method`, `body`, `requests`). `probe` runs once before the warm-up and throws,
 * with the answer, if the target is misconfigured.
 */
function autocannonTarget({ name, baseline = null, probe, url, ...options }) {
  return {
    name,
    unit: 'req',
    baseline,
    probe: probe ?? (() => getJson(url, options.headers)),
    async run(duration) {
      const result = await autocannon({
        url,
        ...options,
        connections: CONNECTIONS,
        pipelining: 1,
        duration,
      });
      log(
        `${name}: ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, ${result.errors} errors`,
      );
      return {
        rate: result.requests.average,
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
        ok: result['2xx'],
        failed: result.non2xx + result.errors,
      };
    },
  };
}

/** A file served by `url`: the probe checks that it answers 200 with bytes. */
function fileTarget({ name, baseline, url }) {
  return autocannonTarget({
    name,
    baseline,
    url,
    async probe() {
      const response = await fetch(url);
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok || bytes === 0) throw new Error(`GET ${url} answered ${response.status}`);
    },
  });
}

/** Whole checkouts by SHOPPERS virtual shoppers; latencies are per checkout (create → complete). */
function checkoutTarget({ api, variantId }) {
  return {
    name: CHECKOUT,
    unit: 'checkout',
    baseline: null,
    probe: () => checkout(api, variantId),
    async run(duration) {
      const result = await runShoppers(api, variantId, { shoppers: SHOPPERS, durationS: duration });
      log(
        `${CHECKOUT}: ${result.rate.toFixed(1)} checkouts/s, p50 ${result.p50_ms.toFixed(1)} ms, p99 ${result.p99_ms.toFixed(1)} ms, ${result.failed} failed`,
      );
      log(
        `  mean ms per step: ${Object.entries(result.steps)
          .map(([step, ms]) => `${step} ${ms.toFixed(1)}`)
          .join(', ')}`,
      );
      if (result.firstFailure) log(`  first failure: ${result.firstFailure.message}`);
      return { ...result, ok: result.completed };
    },
  };
}

/** Warms every target up, then runs ROUNDS interleaved rounds and keeps each target's medians. */
async function measureAll(targets) {
  for (const target of targets) {
    await target.probe(); // fail fast, with the answer, if misconfigured
    await target.run(WARMUP_S);
    ensureAlive();
  }
  const results = new Map(targets.map((target) => [target, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    log(`Round ${round} of ${ROUNDS}`);
    // Every other round runs the targets backwards, so that neighbours (plain add-to-cart and
    // add-to-cart with promotions) each go first as often: a slowdown left by the earlier one
    // (autovacuum, a cold cache) does not always land on the same one.
    const order = round % 2 === 1 ? targets : [...targets].reverse();
    for (const target of order) {
      results.get(target).push(await target.run(DURATION_S));
      ensureAlive();
    }
  }
  return targets.map((target) => {
    const runs = results.get(target);
    const ok = runs.reduce((sum, result) => sum + result.ok, 0);
    const failed = runs.reduce((sum, result) => sum + result.failed, 0);
    const rates = runs.map((result) => result.rate);
    return {
      scenario: target.name,
      unit: target.unit,
      baseline: target.baseline,
      rate: median(rates),
      rate_min: Math.min(...rates),
      rate_max: Math.max(...rates),
      rates,
      p50_ms: median(runs.map((result) => result.p50_ms)),
      p99_ms: median(runs.map((result) => result.p99_ms)),
      ok,
      failed,
      failure_rate: ok + failed === 0 ? 1 : failed / (ok + failed),
    };
  });
}

function printTable(rows) {
  const header = ['scenario', 'per second', 'p50 ms', 'p99 ms', '% of baseline'];
  const ms = (value) => (value === null || value === undefined ? 'n/a' : value.toFixed(1));
  const cells = rows.map((row) => [
    row.scenario,
    row.unit === 'req'
      ? `${Math.round(row.rate)} req`
      : `${row.rate.toFixed(1)} ${row.units ?? `${row.unit}s`}`,
    ms(row.p50_ms),
    ms(row.p99_ms),
    row.ratio === null ? 'n/a' : `${(row.ratio * 100).toFixed(1)}%`,
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...cells].map((r) => r[i].length)));
  const line = (r) =>
    `| ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  const eventsLine = eventsSummary(rows);
  process.stdout.write(
    [
      `node ${process.version}, ${availableParallelism()} CPUs, ${CONNECTIONS} connections (${SHOPPERS} shoppers for checkouts), ${ROUNDS} rounds of ${DURATION_S} s, medians`,
      ...(eventsLine ? [eventsLine] : []),
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
  if (!(CART_COUNT >= 1)) throw new Error(`BENCH_CARTS must be at least 1`);
  if (!(SHOPPERS >= 1)) throw new Error(`BENCH_SHOPPERS must be at least 1`);
  const groups = selectedGroups();
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
  let promotionsCredentials;
  if (dbUrl) {
    log('Seeding the bench store');
    credentials = await seedStoreWithoutPromotions(env, dbUrl);
    if (groups.includes('http')) {
      log(`Seeding the store of ${ADD_TO_CART_PROMOTIONS}`);
      promotionsCredentials = await seedStoreWithoutPromotions(env, dbUrl);
    }
  } else {
    log('No PostgreSQL server at 127.0.0.1:5432: using the embedded database');
  }

  const http = groups.includes('http')
    ? await measureHttp({ env, dbUrl, credentials, promotionsCredentials, dataDir })
    : { rows: [] };
  const { rows } = http;
  if (groups.includes('events') || groups.includes('emails')) {
    const emailsOnly = !groups.includes('events');
    rows.push(...(await measureEventsGroup({ env, dbUrl, credentials, emailsOnly })));
  }
  const boot = groups.includes('boot')
    ? await measureBootGroup({ env, dbUrl, credentials })
    : undefined;
  const growthFlat = groups.includes('growth')
    ? await measureGrowthGroup({ env, dbUrl, credentials })
    : undefined;
  if (growthFlat === false) process.exitCode = 1;
  const hostileMet = groups.includes('hostile')
    ? await measureHostileGroup({ env, credentials, dataDir })
    : undefined;
  if (hostileMet === false) process.exitCode = 1;
  if (boot) process.stdout.write(`${formatBoot(boot)}\n`);
  if (rows.length === 0) {
    if (growthFlat === undefined && hostileMet === undefined && !boot)
      throw new Error('Nothing was measured');
    return;
  }

  printTable(rows);
  const promotions = promotionsSummary(rows);
  if (promotions) process.stdout.write(`${promotions.line}\n`);
  if (http.statements) process.stdout.write(`\n${http.statements}`);
  if (printJson) process.stdout.write(`${JSON.stringify(rows)}\n`);
  for (const guard of sharesOf(rows)) {
    process.stdout.write(`${guard.line}\n`);
    if (guard.share < guard.min) {
      log(`FAILED: ${guard.line}`);
      process.exitCode = 1;
    }
  }

  const failing = rows.filter((row) => row.failure_rate > MAX_FAILURE_RATE);
  for (const row of failing) {
    log(
      `FAILED: ${row.scenario}: ${(row.failure_rate * 100).toFixed(2)}% failed (${row.failed} of ${row.ok + row.failed} ${row.units ?? `${row.unit}s`})`,
    );
  }
  if (failing.length > 0) process.exitCode = 1;
}

/**
 * A demo store seeded by the CLI, without the demo's promotions (its free shipping over 50.00
 * would discount the bench's carts): the promotions scenario sets its own.
 */
async function seedStoreWithoutPromotions(env, dbUrl) {
  const stdout = await runNode(['dist/cli.js', 'seed', '--demo', '--json'], { cwd: ROOT, env });
  const seeded = JSON.parse(stdout.trim().split('\n').at(-1));
  await removePromotions(dbUrl, await storePrimaryKey(dbUrl, seeded.publishable_key));
  return seeded;
}

/** Each SHARE_GUARDS scenario measured in this run as a share of the other's rate. */
function sharesOf(rows) {
  return SHARE_GUARDS.flatMap(({ scenario, of, min }) => {
    const row = rows.find((candidate) => candidate.scenario === scenario);
    const other = rows.find((candidate) => candidate.scenario === of);
    if (!row || !other) return [];
    const share = row.rate / other.rate;
    const line = `${scenario} / ${of}: ${(share * 100).toFixed(1)}% (at least ${min * 100}%)`;
    return [{ share, min, line }];
  });
}

/**
 * Add-to-cart with the bench promotions beside plain add-to-cart, each as a share of the
 * baseline (SHARE_GUARDS judges the first as a share of the second).
 */
function promotionsSummary(rows) {
  const plain = rows.find((row) => row.scenario === ADD_TO_CART);
  const promoted = rows.find((row) => row.scenario === ADD_TO_CART_PROMOTIONS);
  if (!plain || !promoted) return undefined;
  const ofBaseline = (row) =>
    row.ratio === null ? 'n/a' : `${(row.ratio * 100).toFixed(1)}% of baseline`;
  return {
    line: [
      `add-to-cart with ${BENCH_PROMOTIONS} automatic promotions (${BENCH_MATCHING_PROMOTIONS} match its carts): ${ofBaseline(promoted)}`,
      `plain add-to-cart: ${ofBaseline(plain)}`,
    ].join('; '),
  };
}

/**
 * Boot time and memory (lib/boot.js), with every other process of the run stopped: `npm start`
 * in embedded mode, and with servers an API process on the bench database.
 */
async function measureBootGroup({ env, dbUrl, credentials }) {
  for (const proc of started.splice(0)) await proc.stop();
  const redis = await redisUrl();
  const servers =
    dbUrl && redis && credentials
      ? { env: { DATABASE_URL: dbUrl, REDIS_URL: redis }, credentials }
      : undefined;
  return measureBoot({ root: ROOT, env, servers, log });
}

/**
 * The growth scenarios (lib/growth.js): the same requests at 1,000 and at 1,000,000 orders, loaded
 * by SQL into the database and a copy of it, so they need a PostgreSQL server. Answers whether every p50 ratio is within bounds
 * (`undefined` when skipped).
 */
async function measureGrowthGroup({ env, dbUrl, credentials }) {
  if (!dbUrl) {
    log('Growth scenarios skipped: they need a PostgreSQL server (DATABASE_URL or 127.0.0.1:5432)');
    return undefined;
  }
  for (const proc of started.splice(0)) await proc.stop();
  log('Starting the service for the growth scenarios');
  // Its template webhook delivery goes to a closed loopback port.
  const start = (name, url) =>
    startService(name, 'dist/main.js', {
      ...env,
      DATABASE_URL: url,
      WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    });
  const service = await start('service', dbUrl);
  const rows = await measureGrowth({
    service,
    startService: start,
    dbUrl,
    credentials,
    log,
    cleanups,
  });
  const flat = printGrowthTable(rows, (text) => process.stdout.write(text));
  if (printJson) process.stdout.write(`${JSON.stringify(rows)}\n`);
  for (const row of rows.filter((candidate) => candidate.ratio > MAX_RATIO)) {
    log(
      `FAILED: ${row.scenario}: p50 grew ${row.ratio.toFixed(2)}× from the small to the big store`,
    );
  }
  return flat;
}

/**
 * /health while hostile bodies arrive (lib/hostile.js), on a service of its own. Answers whether
 * the goal is met: /health p99 within MAX_P99_RATIO of idle, no hostile request answered 5xx.
 */
async function measureHostileGroup({ env, credentials, dataDir }) {
  for (const proc of started.splice(0)) await proc.stop();
  log('Starting the service for the hostile bodies');
  const service = await startService('service', 'dist/main.js', env);
  const result = await measureHostile({
    service,
    credentials: credentials ?? (await embeddedCredentials(service, dataDir)),
    rounds: ROUNDS,
    durationS: DURATION_S,
    log,
    alive: ensureAlive,
  });
  const met = printHostile(result, (text) => process.stdout.write(text));
  if (printJson) process.stdout.write(`${JSON.stringify(result)}\n`);
  if (!met) {
    log(
      `FAILED: hostile: /health p99 ${result.p99_ratio.toFixed(2)}× idle, ` +
        `${result.hostile.server_errors} hostile requests answered 5xx or not at all, ` +
        `${result.health.idle.failed + result.health.under_attack.failed} /health not 200`,
    );
  }
  return met;
}

/** The demo store's credentials, which the embedded service writes just after it listens. */
function embeddedCredentials(service, dataDir) {
  const file = join(dataDir, 'demo-credentials.json');
  return waitFor(file, async () => JSON.parse(await readFile(file, 'utf8')), {
    proc: service.proc,
  });
}

/**
 * The outbox and webhook scenarios (lib/events.js) and the e-mail one (lib/emails.js; alone with
 * `emailsOnly`). They need PostgreSQL and Redis servers, and
 * run with the HTTP scenarios' processes stopped: every process that runs workers sweeps the
 * outbox, and the figures should be the events pipeline's alone.
 */
async function measureEventsGroup({ env, dbUrl, credentials, emailsOnly }) {
  const redis = await redisUrl();
  if (!dbUrl || !redis) {
    log(
      `Events scenarios skipped: they need ${dbUrl ? '' : 'a PostgreSQL server'}${!dbUrl && !redis ? ' and ' : ''}${redis ? '' : 'a Redis server (REDIS_URL or 127.0.0.1:6379)'}`,
    );
    return [];
  }
  for (const proc of started.splice(0)) await proc.stop();
  const storeKey = await storePrimaryKey(dbUrl, credentials.publishable_key);
  const common = { root: ROOT, env, dbUrl, redis, storeKey, rounds: ROUNDS, log, cleanups };
  const events = emailsOnly ? [] : await measureEvents({ ...common, durationS: DURATION_S });
  const seedStore = () => seedStoreWithoutPromotions(env, dbUrl);
  return [...events, ...(await measureEmails({ ...common, seedStore }))];
}

/** The request scenarios: the service and the baseline under autocannon and shoppers. */
async function measureHttp({ env, dbUrl, credentials: seeded, promotionsCredentials, dataDir }) {
  let credentials = seeded;
  log('Starting the service');
  const service = await startService('service', 'dist/main.js', env);
  if (!dbUrl) {
    credentials = await embeddedCredentials(service, dataDir);
    // The embedded first boot seeded the demo's promotions; the plain scenarios run without.
    await setBenchPromotions(service.url, credentials.secret_key, { none: true });
  }

  const storeHeaders = { 'x-store-api-key': credentials.publishable_key };
  // Two demo products of the same make (sizes as variants, one category): one keeps no media,
  // the other gets three.
  const bySlug = async (slug) =>
    getJson(`${service.url}/api/v3/store/products/${slug}`, storeHeaders);
  const product = await bySlug(PLAIN_PRODUCT_SLUG);
  const mediaProduct = await bySlug(MEDIA_PRODUCT_SLUG);
  const ctx = {
    productId: product.id,
    storeId: credentials.store_id,
    publishableKey: credentials.publishable_key,
    secretKey: credentials.secret_key,
  };

  const targets = [];
  let baseline;
  if (dbUrl) {
    log('Giving the bench products their media');
    const staticRoot = join(dataDir, 'bench-static');
    const media = await prepareMedia({
      serviceUrl: service.url,
      secretKey: credentials.secret_key,
      plainId: product.id,
      mediaId: mediaProduct.id,
      staticRoot,
    });
    ctx.mediaProductId = mediaProduct.id;
    const key = await productPrimaryKey(dbUrl, credentials.publishable_key, product.slug);
    baseline = await startService('baseline', 'bench/baseline-server.js', {
      ...env,
      BENCH_STATIC_ROOT: staticRoot,
    });
    targets.push(
      autocannonTarget({
        name: PRODUCT_BASELINE,
        baseline: PRODUCT_BASELINE,
        url: `${baseline.url}/products/${key}`,
      }),
      fileTarget({
        name: STATIC_RENDITION,
        baseline: STATIC_RENDITION,
        url: `${baseline.url}/static/${media.fileName}`,
      }),
      fileTarget({
        name: MEDIA_RENDITION,
        baseline: STATIC_RENDITION,
        url: `${service.url}${media.renditionPath}`,
      }),
    );
  } else {
    log('Baselines skipped: they need a PostgreSQL server (set DATABASE_URL or run one locally)');
  }
  for (const scenario of scenarios.filter(({ needs }) => !needs || ctx[needs] !== undefined)) {
    targets.push(
      autocannonTarget({
        name: scenario.name,
        baseline: dbUrl ? PRODUCT_BASELINE : null,
        url: `${service.url}${scenario.path(ctx)}`,
        headers: scenario.headers(ctx),
      }),
    );
  }
  const variant = await cartVariant({ service, dbUrl, credentials });
  const promotions =
    variant && promotionsCredentials
      ? await promotionsStore({ service, dbUrl, credentials: promotionsCredentials })
      : undefined;
  if (variant && !promotionsCredentials)
    log(`${ADD_TO_CART_PROMOTIONS} skipped: it needs a PostgreSQL server for its second store`);
  const carts = variant
    ? await cartTargets({ service, baseline, dbUrl, credentials, variant, promotions })
    : undefined;
  if (carts) targets.push(...carts.targets);

  const rows = await measureAll(targets);
  for (const row of rows) {
    const base = row.baseline && rows.find((other) => other.scenario === row.baseline);
    row.ratio = base ? row.rate / base.rate : null;
  }
  const statements =
    variant && dbUrl
      ? await measureCheckoutStatements({ env, credentials, dataDir, variant, carts })
      : undefined;
  return { rows, statements };
}

/**
 * The store of ADD_TO_CART_PROMOTIONS: its cart variant (the plain scenario's, as both stores
 * hold the demo catalog) and the bench promotions, created through the Admin API.
 */
async function promotionsStore({ service, dbUrl, credentials }) {
  const variant = await cartVariant({ service, dbUrl, credentials });
  const { data: products } = await getJson(`${service.url}/api/v3/store/products?limit=100`, {
    'x-store-api-key': credentials.publishable_key,
  });
  const currency = variant.price?.currency ?? 'USD';
  log(`Creating ${BENCH_PROMOTIONS} automatic promotions in the second store`);
  await setBenchPromotions(service.url, credentials.secret_key, {
    productId: variant.product_id,
    otherProductIds: products
      .map((product) => product.id)
      .filter((id) => id !== variant.product_id),
    currency,
    otherCurrency: currency === 'EUR' ? 'USD' : 'EUR',
  });
  return { credentials, variant };
}

/**
 * A stock-tracked variant with a PostgreSQL server (its stock raised to BENCH_STOCK); the
 * embedded database cannot be reached from here, so there one that tracks no stock.
 */
async function cartVariant({ service, dbUrl, credentials }) {
  const { data: products } = await getJson(
    `${service.url}/api/v3/store/products?limit=100&expand=variants`,
    { 'x-store-api-key': credentials.publishable_key },
  );
  const variants = products.flatMap((product) => product.variants ?? []);
  const variant = variants.find((candidate) => candidate.track_inventory === Boolean(dbUrl));
  if (!variant) {
    log('Cart scenarios skipped: no suitable variant in the bench store');
    return undefined;
  }
  if (dbUrl) {
    await restock(dbUrl, await storePrimaryKey(dbUrl, credentials.publishable_key), BENCH_STOCK);
  }
  return variant;
}

/**
 * The statements of each checkout step, then of an add-to-cart on the bench carts with and
 * without the bench promotions, counted in a second service process on the same database that
 * loads bench/lib/pg-trace.js (never the measured one: tracing costs time).
 */
async function measureCheckoutStatements({ env, credentials, dataDir, variant, carts }) {
  const traceFile = join(dataDir, 'checkout-trace.json');
  const traced = await startService(
    'traced service',
    'dist/main.js',
    { ...env, PG_TRACE_FILE: traceFile },
    ['--import', './bench/lib/pg-trace.js'],
  );
  const api = storeApi(traced.url, credentials.publishable_key);
  try {
    await checkout(api, variant.id); // warm-up: prepared statements, caches
    const rows = await checkoutStatements(
      api,
      traced.proc,
      traceFile,
      variant.id,
      TRACED_CHECKOUTS,
    );
    const checkoutTable = formatCheckoutStatements(rows, TRACED_CHECKOUTS);
    if (!carts?.promotions) return checkoutTable;
    const promotionsApi = storeApi(traced.url, carts.promotions.credentials.publishable_key);
    try {
      const count = Math.min(TRACED_CHECKOUTS, carts.plain.length, carts.promotions.carts.length);
      const adds = await addToCartStatements(traced.proc, traceFile, count, [
        { name: ADD_TO_CART, api, carts: carts.plain, variantId: variant.id },
        {
          name: ADD_TO_CART_PROMOTIONS,
          api: promotionsApi,
          carts: carts.promotions.carts,
          variantId: carts.promotions.variant.id,
        },
      ]);
      return `${checkoutTable}\n${formatAddToCartStatements(adds, count)}`;
    } finally {
      promotionsApi.close();
    }
  } finally {
    api.close();
    await traced.proc.stop();
    started.splice(started.indexOf(traced.proc), 1);
  }
}

/**
 * Add-to-cart (service, and the baseline's transaction on the same carts), add-to-cart in the
 * promotions' store when there is one, and full checkout. Answers the targets and the carts.
 */
async function cartTargets({ service, baseline, dbUrl, credentials, variant, promotions }) {
  const storeKey = dbUrl ? await storePrimaryKey(dbUrl, credentials.publishable_key) : undefined;

  const api = storeApi(service.url, credentials.publishable_key, { maxSockets: 16 });
  cleanups.push(() => api.close());
  const carts = await cartsOf(api, variant);

  // One counter per target, carried across its runs: the next request takes the next cart.
  const roundRobin = (cartPath, cartHeaders) => {
    let next = 0;
    return (request) => {
      const i = next++ % carts.length;
      request.path = cartPath(i);
      Object.assign(request.headers, cartHeaders(i));
      return request;
    };
  };
  const targets = [];
  if (baseline) {
    const ids = await cartPrimaryKeys(
      dbUrl,
      storeKey,
      carts.map((cart) => cart.token),
    );
    const variantKey = await variantPrimaryKey(dbUrl, storeKey, variant.sku);
    const baselineBody = JSON.stringify({ variant_id: variantKey, quantity: 1 });
    const headers = { 'content-type': 'application/json', 'x-store-id': storeKey };
    targets.push(
      autocannonTarget({
        name: BASELINE_ADD_TO_CART,
        baseline: BASELINE_ADD_TO_CART,
        url: `${baseline.url}/carts/${ids[0]}/items`,
        async probe() {
          const client = jsonClient(baseline.url);
          try {
            await client.request('POST', `/carts/${ids[0]}/items`, {
              headers: { ...headers, 'x-store-token': carts[0].token },
              json: { variant_id: variantKey, quantity: 1 },
            });
          } finally {
            client.close();
          }
        },
        method: 'POST',
        headers,
        body: baselineBody,
        requests: [
          {
            setupRequest: roundRobin(
              (i) => `/carts/${ids[i]}/items`,
              (i) => ({ 'x-store-token': carts[i].token }),
            ),
          },
        ],
      }),
    );
  }
  const addToCart = { service, baseline: baseline ? BASELINE_ADD_TO_CART : null };
  targets.push(
    addToCartTarget({ ...addToCart, name: ADD_TO_CART, api, carts, variant, credentials }),
  );
  let promoted;
  if (promotions) {
    const promotionsApi = storeApi(service.url, promotions.credentials.publishable_key);
    cleanups.push(() => promotionsApi.close());
    promoted = { ...promotions, carts: await cartsOf(promotionsApi, promotions.variant) };
    // Free shipping applies too, but a cart without an address has no shipment to discount.
    const probe = await promotionsApi.addItem(promoted.carts[0], promotions.variant.id, 1);
    log(
      `  discounts of a cart of that store: ${probe.discounts.map((discount) => discount.name).join(', ')}`,
    );
    targets.push(
      addToCartTarget({
        ...addToCart,
        name: ADD_TO_CART_PROMOTIONS,
        api: promotionsApi,
        carts: promoted.carts,
        variant: promotions.variant,
        credentials: promotions.credentials,
      }),
    );
  }
  targets.push(checkoutTarget({ api, variantId: variant.id }));
  return { targets, plain: carts, promotions: promoted };
}

async function cartsOf(api, variant) {
  log(`Creating ${CART_COUNT} carts holding one ${variant.sku} each`);
  const started = performance.now();
  const carts = await createCarts(api, CART_COUNT, variant.id);
  log(`  ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return carts;
}

/** Store API adds of one unit of `variant`, each on the next of `carts` in round robin. */
function addToCartTarget({ name, baseline, service, api, carts, variant, credentials }) {
  let next = 0;
  return autocannonTarget({
    name,
    baseline,
    url: `${service.url}/api/v3/store/carts/${carts[0].id}/items`,
    probe: () => api.addItem(carts[0], variant.id, 1),
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-store-api-key': credentials.publishable_key,
    },
    body: JSON.stringify({ variant_id: variant.id, quantity: 1 }),
    requests: [
      {
        // One counter per target, carried across its runs: the next request takes the next cart.
        setupRequest: (request) => {
          const cart = carts[next++ % carts.length];
          request.path = `/api/v3/store/carts/${cart.id}/items`;
          request.headers['x-store-token'] = cart.token;
          return request;
        },
      },
    ],
  });
}

try {
  await main();
} catch (error) {
  log(error.stack ?? String(error));
  for (const proc of started.filter((candidate) => !candidate.running())) {
    const { code, signal } = await proc.exited;
    log(`${proc.name} exited (code ${code}, signal ${signal}); its last output:\n${proc.output()}`);
  }
  process.exitCode = 1;
} finally {
  await cleanUp();
}
