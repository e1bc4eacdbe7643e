// Where an add-to-cart's time goes, service against baseline (not part of `npm run bench`):
//
//   npm run build && node bench/profile-cart.js [--cpu-prof] [--promotions]
//
// With --promotions the demo store's promotions are replaced by the bench's automatic ones
// (lib/promotions.js), so that the service's side is add-to-cart with promotions.
//
// 1. Sequential adds (one at a time, each on its own cart): the statements each process sends
//    per add, the time to each answer (client side), and the request's latency. Four sides:
//    the baseline's transaction; the baseline sending the service's statements by hand, unnamed
//    and then as named prepared statements; the service. The middle ones separate the cost of the
//    service's SQL from that of its framework and ORM, and show what preparing would save.
// 2. Load (autocannon, 50 connections): CPU milliseconds per add spent by the Node process and by
//    its PostgreSQL backends (/proc/<pid>/stat), which on a 2-core machine bound throughput.
// With --cpu-prof the service's V8 CPU profile of the load phase is summarised by package
// (and kept at PROFILE_KEEP, when set, for a profile viewer).
// 3. The statements of each step of a full checkout.
//
//   npm run build && node bench/profile-cart.js --checkout [--cpu-prof]
//
// profiles whole guest checkouts instead (no add-to-cart phases, no baseline): the CPU
// milliseconds each step costs the Node process and its PostgreSQL backends (PROFILE_CHECKOUTS
// checkouts, one step at a time), then BENCH_SHOPPERS shoppers for PROFILE_DURATION seconds:
// checkouts per second, p50, and CPU per checkout of the service, its backends and the
// shoppers' client (with --cpu-prof, the service's profile of that window), then the
// statements of each step.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { checkout, createCarts, runShoppers, storeApi } from './lib/carts.js';
import {
  checkoutStatements,
  eachCheckoutStep,
  formatCheckoutStatements,
  tracedStatements,
} from './lib/checkout-statements.js';
import {
  cartPrimaryKeys,
  createLocalDatabase,
  restock,
  storePrimaryKey,
  variantPrimaryKey,
} from './lib/database.js';
import { jsonClient } from './lib/http-client.js';
import { freePort, httpOk, runNode, startNode, waitFor } from './lib/processes.js';
import { setBenchPromotions } from './lib/promotions.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SEQUENTIAL = Number(process.env.PROFILE_SEQUENTIAL ?? 400);
const LOAD_S = Number(process.env.PROFILE_DURATION ?? 10);
const CARTS = Number(process.env.BENCH_CARTS ?? 4000);
const cpuProf = process.argv.includes('--cpu-prof');
const checkoutOnly = process.argv.includes('--checkout');
const withPromotions = process.argv.includes('--promotions');
const CHECKOUTS = Number(process.env.PROFILE_CHECKOUTS ?? 400);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 8);
const AS_SERVICE = "baseline sending the service's statements";
const AS_SERVICE_PREPARED = "baseline sending the service's statements, prepared";
const log = (line) => process.stderr.write(`${line}\n`);
const CLK_TCK = 100; // USER_HZ on Linux

const cleanups = [];
async function cleanUp() {
  for (const step of cleanups.reverse()) await step().catch((error) => log(String(error)));
}

async function start(name, args, env) {
  const port = await freePort();
  const proc = startNode(name, args, {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  cleanups.push(() => proc.stop(30_000));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, () => httpOk(`${url}/health`), { proc, timeoutMs: 120_000 });
  return { proc, url };
}

/** [utime, stime] of a process, in ms. */
async function cpuMs(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [Number(fields[11]), Number(fields[12])].map((ticks) => (ticks * 1000) / CLK_TCK);
}

/** The PostgreSQL backends connected to the bench database (idle ones add next to nothing). */
async function backendPids(dbUrl) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

function printTally(name, tally, requests, latencies) {
  const total = tally.statements.reduce((sum, entry) => sum + entry.count, 0);
  const dbMs = tally.statements.reduce((sum, entry) => sum + entry.ms, 0);
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((sum, value) => sum + value, 0) / latencies.length;
  process.stdout.write(
    `\n## ${name}: ${requests} sequential adds\n` +
      `statements per add: ${(total / requests).toFixed(2)}; time waiting on PostgreSQL per add: ${(dbMs / requests).toFixed(2)} ms; ` +
      `request latency mean ${mean.toFixed(2)} ms, p50 ${latencies[Math.floor(latencies.length / 2)].toFixed(2)} ms\n` +
      `| per add | ms each | statement |\n|---|---|---|\n`,
  );
  for (const entry of tally.statements) {
    process.stdout.write(
      `| ${(entry.count / requests).toFixed(2)} | ${(entry.ms / entry.count).toFixed(3)} | ${entry.statement.slice(0, 160)} |\n`,
    );
  }
}

async function sequential(name, proc, traceFile, requests, add) {
  for (let i = 0; i < 50; i++) await add(i); // warm-up (JIT, prepared plans)
  await tracedStatements(proc, traceFile); // discard the warm-up's tally
  const latencies = [];
  for (let i = 50; i < 50 + requests; i++) {
    const begin = performance.now();
    await add(i);
    latencies.push(performance.now() - begin);
  }
  printTally(name, await tracedStatements(proc, traceFile), requests, latencies);
}

/** CPU ms of the service and of its backends (summed) since `before` (`null` to start). */
async function cpuSince(proc, dbUrl, before) {
  const pids = before?.pids ?? [proc.pid, ...(await backendPids(dbUrl))];
  // A backend that has gone was idle (pg closes idle connections after 10 s): it used nothing.
  const now = await Promise.all(
    pids.map((pid, i) => cpuMs(pid).catch(() => before?.ms[i] ?? [0, 0])),
  );
  const total = (times) => times[0] + times[1];
  if (!before) return { pids, ms: now };
  return {
    node: total(now[0]) - total(before.ms[0]),
    pg: now.slice(1).reduce((sum, times, i) => sum + total(times) - total(before.ms[i + 1]), 0),
    backends: pids.length - 1,
  };
}

/** CPU ms per request of each checkout step, in the service and in its backends. */
async function checkoutStepCpu(api, proc, dbUrl, variantId, count) {
  const rows = await eachCheckoutStep(api, variantId, count, async (step, run) => {
    const before = await cpuSince(proc, dbUrl, null);
    const requestMs = await run();
    const { node, pg } = await cpuSince(proc, dbUrl, before);
    return `| ${step} | ${(node / count).toFixed(2)} | ${(pg / count).toFixed(2)} | ${requestMs.toFixed(2)} |`;
  });
  process.stdout.write(
    `\n## CPU ms per request of each checkout step (${count} checkouts, one step at a time, one request at a time)\n` +
      `| step | service | PostgreSQL backends | request ms |\n|---|---:|---:|---:|\n${rows.join('\n')}\n`,
  );
}

/** Whole checkouts by SHOPPERS shoppers: rate, p50 and CPU ms per checkout of each side. */
async function checkoutLoad(api, proc, traceFile, dbUrl, variantId) {
  await runShoppers(api, variantId, { shoppers: SHOPPERS, durationS: 2 }); // warm-up
  await tracedStatements(proc, traceFile); // opens the window (statements and CPU profile)
  const before = await cpuSince(proc, dbUrl, null);
  const self0 = process.cpuUsage();
  const result = await runShoppers(api, variantId, { shoppers: SHOPPERS, durationS: LOAD_S });
  const self = process.cpuUsage(self0);
  const { node, pg, backends } = await cpuSince(proc, dbUrl, before);
  await tracedStatements(proc, traceFile); // closes it
  const per = (ms) => (ms / result.completed).toFixed(2);
  process.stdout.write(
    `\n## full checkouts under load: ${SHOPPERS} shoppers, ${LOAD_S} s\n` +
      `${result.rate.toFixed(1)} checkouts/s, p50 ${result.p50_ms.toFixed(1)} ms, p99 ${result.p99_ms.toFixed(1)} ms, ${result.failed} failed\n` +
      `CPU ms per checkout: service ${per(node)}; PostgreSQL backends (${backends}) ${per(pg)}; ` +
      `shoppers' client ${per((self.user + self.system) / 1000)}\n`,
  );
}

async function load(name, proc, traceFile, dbUrl, options) {
  await autocannon({ ...options, connections: 50, duration: 2 }); // warm-up
  const backends = await backendPids(dbUrl);
  await tracedStatements(proc, traceFile); // opens the window (statements and CPU profile)
  const before = await Promise.all([proc.pid, ...backends].map(cpuMs));
  const self0 = process.cpuUsage();
  const result = await autocannon({ ...options, connections: 50, duration: LOAD_S });
  const self = process.cpuUsage(self0);
  // A backend that has gone was idle (pg closes idle connections after 10 s): it used nothing.
  const after = await Promise.all(
    [proc.pid, ...backends].map((pid, i) => cpuMs(pid).catch(() => before[i])),
  );
  await tracedStatements(proc, traceFile); // closes it
  const requests = result['2xx'];
  const delta = (i) => [after[i][0] - before[i][0], after[i][1] - before[i][1]];
  const [nodeUser, nodeSys] = delta(0);
  const [pgUser, pgSys] = backends
    .map((_, i) => delta(i + 1))
    .reduce(([u, s], [du, ds]) => [u + du, s + ds], [0, 0]);
  const per = (ms) => (ms / requests).toFixed(3);
  process.stdout.write(
    `\n## ${name} under load: ${Math.round(result.requests.average)} req/s (${result.non2xx} non-2xx), ${LOAD_S} s, 50 connections\n` +
      `CPU ms per add: node ${per(nodeUser + nodeSys)} (user ${per(nodeUser)}, system ${per(nodeSys)}); ` +
      `PostgreSQL backends (${backends.length}) ${per(pgUser + pgSys)} (user ${per(pgUser)}, system ${per(pgSys)}); ` +
      `autocannon ${((self.user + self.system) / 1000 / requests).toFixed(3)}\n`,
  );
}

/** The package (node_modules/<name>) or file of a profile node's code. */
function bucketOf(callFrame) {
  const url = callFrame.url;
  if (!url) return callFrame.functionName || '(native)';
  if (url.includes('node_modules/')) {
    const rest = url.slice(url.lastIndexOf('node_modules/') + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node internals';
  return url.replace(/^file:\/\//, '').replace(ROOT, '');
}

/**
 * Self time of a V8 CPU profile by package or source file, by function, and for native frames
 * (a system call such as writev) by the package of the nearest JavaScript caller.
 */
async function summariseProfile(file) {
  const profile = JSON.parse(await readFile(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node);
  }
  const self = new Map();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const buckets = new Map();
  const functions = new Map();
  const nativeCallers = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  let total = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    const { callFrame } = node;
    if (callFrame.functionName === '(idle)') continue;
    const bucket = bucketOf(callFrame);
    add(buckets, bucket, us);
    add(
      functions,
      `${callFrame.functionName || '(anonymous)'} ${bucket}:${callFrame.lineNumber + 1}`,
      us,
    );
    if (!callFrame.url) {
      let caller = parentOf.get(node.id);
      const chain = [];
      while (caller && chain.length < 3) {
        if (caller.callFrame.url && !caller.callFrame.url.startsWith('node:')) {
          chain.push(bucketOf(caller.callFrame));
        }
        caller = parentOf.get(caller.id);
      }
      add(nativeCallers, `${bucket} ← ${[...new Set(chain)].join(' ← ') || '?'}`, us);
    }
    total += us;
  }
  const top = (map, n) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `| ${((us / total) * 100).toFixed(1)}% | ${key} |`)
      .join('\n');
  process.stdout.write(
    `\n## service CPU profile of the load phase (busy ${(total / 1000).toFixed(0)} ms), self time by package\n| share | package or file |\n|---|---|\n${top(buckets, 25)}\n` +
      `\n### native frames by JavaScript caller\n| share | frame ← callers |\n|---|---|\n${top(nativeCallers, 12)}\n` +
      `\n### top functions\n| share | function |\n|---|---|\n${top(functions, 30)}\n`,
  );
}

/** The statements of each checkout step, with the heaviest statements of each. */
async function checkoutSteps(api, proc, traceFile, variantId, count) {
  await new Promise((resolve) => setTimeout(resolve, 3000)); // requests left from a load phase
  const rows = await checkoutStatements(api, proc, traceFile, variantId, count);
  process.stdout.write(`\n## full checkout\n${formatCheckoutStatements(rows, count)}`);
  for (const row of rows) {
    process.stdout.write(
      `\n### ${row.step}\n| per request | ms each | statement |\n|---|---|---|\n` +
        [...row.detail]
          .sort((a, b) => b.count - a.count || b.ms - a.ms)
          .map(
            (entry) =>
              `| ${(entry.count / count).toFixed(2)} | ${(entry.ms / entry.count).toFixed(3)} | ${entry.statement.slice(0, Number(process.env.PROFILE_SQL_CHARS ?? 140))} |`,
          )
          .join('\n') +
        '\n',
    );
  }
}

/** The `--checkout` run: CPU per step, then under load (and its profile), then statements. */
async function profileCheckouts(service, dbUrl, credentials, serviceTrace, profileFile) {
  const api = storeApi(service.url, credentials.publishable_key);
  cleanups.push(async () => api.close());
  const list = await api.get('/products?limit=100&expand=variants');
  const variant = list.data.flatMap((product) => product.variants).find((v) => v.track_inventory);
  await restock(dbUrl, await storePrimaryKey(dbUrl, credentials.publishable_key), 100_000_000);
  for (let i = 0; i < 20; i++) await checkout(api, variant.id); // warm-up (JIT, prepared plans)
  await checkoutStepCpu(api, service.proc, dbUrl, variant.id, CHECKOUTS);
  await checkoutLoad(api, service.proc, serviceTrace, dbUrl, variant.id);
  if (cpuProf) await summariseProfile(profileFile);
  if (cpuProf && process.env.PROFILE_KEEP) await copyFile(profileFile, process.env.PROFILE_KEEP);
  await checkoutSteps(api, service.proc, serviceTrace, variant.id, 100);
}

async function main() {
  const db = process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL }
    : await createLocalDatabase();
  if (!db) throw new Error('profile-cart.js needs a PostgreSQL server');
  if (db.drop) cleanups.push(db.drop);
  const dataDir = await mkdtemp(join(tmpdir(), 'store-profile-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const env = {
    ...process.env,
    DATABASE_URL: db.url,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE: '1000000',
    RATE_LIMIT_SECRET_KEY_PER_MINUTE: '1000000',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const stdout = await runNode(['dist/cli.js', 'seed', '--demo', '--json'], { cwd: ROOT, env });
  const credentials = JSON.parse(stdout.trim().split('\n').at(-1));
  const serviceTrace = join(dataDir, 'service-trace.json');
  const baselineTrace = join(dataDir, 'baseline-trace.json');
  const profileFile = join(dataDir, 'service.cpuprofile');
  const service = await start('service', ['--import', './bench/lib/pg-trace.js', 'dist/main.js'], {
    ...env,
    PG_TRACE_FILE: serviceTrace,
    ...(cpuProf ? { CPU_PROFILE_FILE: profileFile } : {}),
  });
  if (checkoutOnly) {
    await profileCheckouts(service, db.url, credentials, serviceTrace, profileFile);
    return;
  }
  const baseline = await start(
    'baseline',
    ['--import', './bench/lib/pg-trace.js', 'bench/baseline-server.js'],
    { ...env, PG_TRACE_FILE: baselineTrace },
  );

  const headers = { 'x-store-api-key': credentials.publishable_key };
  const api = storeApi(service.url, credentials.publishable_key);
  cleanups.push(async () => api.close());
  const list = await api.get('/products?limit=100&expand=variants');
  const variant = list.data.flatMap((product) => product.variants).find((v) => v.track_inventory);
  const storeKey = await storePrimaryKey(db.url, credentials.publishable_key);
  await restock(db.url, storeKey, 100_000_000);
  const currency = variant.price?.currency ?? 'USD';
  const promotions = await setBenchPromotions(service.url, credentials.secret_key, {
    none: !withPromotions,
    productId: variant.product_id,
    otherProductIds: list.data
      .map((product) => product.id)
      .filter((id) => id !== variant.product_id),
    currency,
    otherCurrency: currency === 'EUR' ? 'USD' : 'EUR',
  });
  log(`Promotions of the store: ${promotions.matching} matching, ${promotions.notMatching} not`);
  log(`Creating ${CARTS} carts`);
  const carts = await createCarts(api, CARTS, variant.id);
  const ids = await cartPrimaryKeys(
    db.url,
    storeKey,
    carts.map((cart) => cart.token),
  );
  const variantKey = await variantPrimaryKey(db.url, storeKey, variant.sku);

  const base = jsonClient(baseline.url);
  cleanups.push(async () => base.close());
  const count = Math.min(SEQUENTIAL, Math.floor(CARTS / 2) - 50);
  await sequential('baseline', baseline.proc, baselineTrace, count, (i) =>
    base.request('POST', `/carts/${ids[i]}/items`, {
      headers: { 'x-store-id': storeKey, 'x-store-token': carts[i].token },
      json: { variant_id: variantKey, quantity: 1 },
    }),
  );
  await sequential(AS_SERVICE, baseline.proc, baselineTrace, count, (i) =>
    base.request('POST', `/carts/${ids[i + count + 50]}/items/as-service`, {
      headers: { 'x-store-id': storeKey, 'x-store-token': carts[i + count + 50].token },
      json: { variant_id: variantKey, quantity: 1 },
    }),
  );
  await sequential(AS_SERVICE_PREPARED, baseline.proc, baselineTrace, count, (i) =>
    base.request('POST', `/carts/${ids[i]}/items/as-service?prepared=1`, {
      headers: { 'x-store-id': storeKey, 'x-store-token': carts[i].token },
      json: { variant_id: variantKey, quantity: 1 },
    }),
  );
  await sequential('service', service.proc, serviceTrace, count, (i) =>
    api.addItem(carts[i], variant.id, 1),
  );

  const roundRobin = (path) => {
    let next = 0;
    return (request) => {
      const i = next++ % carts.length;
      request.path = path(i);
      request.headers['x-store-token'] = carts[i].token;
      return request;
    };
  };
  await load('baseline', baseline.proc, baselineTrace, db.url, {
    url: baseline.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-store-id': storeKey },
    body: JSON.stringify({ variant_id: variantKey, quantity: 1 }),
    requests: [{ setupRequest: roundRobin((i) => `/carts/${ids[i]}/items`) }],
  });
  await load(AS_SERVICE, baseline.proc, baselineTrace, db.url, {
    url: baseline.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-store-id': storeKey },
    body: JSON.stringify({ variant_id: variantKey, quantity: 1 }),
    requests: [{ setupRequest: roundRobin((i) => `/carts/${ids[i]}/items/as-service`) }],
  });
  await load(AS_SERVICE_PREPARED, baseline.proc, baselineTrace, db.url, {
    url: baseline.url,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-store-id': storeKey },
    body: JSON.stringify({ variant_id: variantKey, quantity: 1 }),
    requests: [{ setupRequest: roundRobin((i) => `/carts/${ids[i]}/items/as-service?prepared=1`) }],
  });
  await load('service', service.proc, serviceTrace, db.url, {
    url: service.url,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ variant_id: variant.id, quantity: 1 }),
    requests: [{ setupRequest: roundRobin((i) => `/api/v3/store/carts/${carts[i].id}/items`) }],
  });
  if (cpuProf) await summariseProfile(profileFile);
  if (cpuProf && process.env.PROFILE_KEEP) await copyFile(profileFile, process.env.PROFILE_KEEP);
  await checkoutSteps(api, service.proc, serviceTrace, variant.id, 100);
}

try {
  await main();
} catch (error) {
  log(error.stack ?? String(error));
  process.exitCode = 1;
} finally {
  await cleanUp();
}
