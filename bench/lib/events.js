// The events benchmark: the transactional outbox and webhook deliveries, with real processes on
// PostgreSQL and Redis. Run by bench/run.js (BENCH_ONLY=events runs only this part).
//
// Per round:
// 1. outbox publish: the publisher (bench/outbox-publisher.js, the built service's application
//    context as `api`) commits BENCH_EVENTS events, one per transaction, from BENCH_PUBLISHERS
//    concurrent publishers; each relay enqueues one webhook job and marks its event relayed. The
//    rate counts from the first transaction to the last relay finished.
// 2. webhook deliveries, backlog: nothing consumes during (1), so its jobs wait in Redis; then ONE
//    worker process (dist/worker.js) starts and drains them into a receiver in this process. The
//    rate counts from the first receipt to the last.
// 3. webhook deliveries at BENCH_EVENT_RATE events/s: with the worker running, the publisher
//    commits on schedule for BENCH_DURATION seconds; p50/p99 are commit → receipt.
// 4. bare Bull baseline: BENCH_EVENTS jobs, each carrying an envelope of the same size, wait in a
//    plain `bull` queue; then a child process (bench/bare-bull-worker.js) with the same concurrency
//    drains them into the same receiver, each job one HMAC-signed POST and nothing else. The
//    backlog drain's figure is given as a share of this one's, measured in the same round.
import { fork } from 'node:child_process';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createConnection } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Bull from 'bull';
import { Redis } from 'ioredis';
import pg from 'pg';
import { envelopeBody } from './order-payload.js';
import { startNode } from './processes.js';
import { median, percentile } from './stats.js';

const now = () => performance.timeOrigin + performance.now();
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
/** The service's default, reported when BENCH_WEBHOOK_CONCURRENCY leaves it unset. */
const SERVICE_DEFAULT_CONCURRENCY = 50;
const CLOCK_TICKS = 100; // USER_HZ on Linux
/** A connection to the bench database for the diagnostics, and the Redis server's pid. */
let db;
let redisPid = null;

export const OUTBOX_PUBLISH = 'outbox publish (1 event/tx)';
export const BACKLOG_DELIVERIES = 'webhook deliveries, backlog';
export const STEADY_DELIVERIES = 'webhook deliveries, steady';
export const BARE_DELIVERIES = 'bare Bull signed POSTs, backlog';
/** The service's job options (src/platform/queue/bull-queue.adapter.ts), for the bare jobs. */
const BARE_JOB_OPTIONS = { attempts: 1, removeOnComplete: 1000, removeOnFail: 5000 };

/** REDIS_URL, else the local server if one answers PING, else `undefined`. */
export async function redisUrl() {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const answered = await new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 });
    socket.setTimeout(1_000, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
  return answered ? LOCAL_REDIS : undefined;
}

/** A plain HTTP receiver answering 200; keeps each envelope id's receipt times. */
async function startReceiver(secret) {
  const receipts = new Map();
  let forged = 0;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = now();
      const body = Buffer.concat(chunks);
      const timestamp = request.headers['x-store-webhook-timestamp'];
      const signature = Buffer.from(String(request.headers['x-store-webhook-signature']), 'hex');
      const expected = createHmac('sha256', secret.value).update(`${timestamp}.`).update(body);
      const digest = expected.digest();
      if (digest.length !== signature.length || !timingSafeEqual(digest, signature)) forged += 1;
      const { id } = JSON.parse(body.toString('utf8'));
      const times = receipts.get(id);
      if (times) times.push(at);
      else receipts.set(id, [at]);
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    receipts,
    forged: () => forged,
    /**
     * Resolves once every id (with `any`, any one of them) has arrived; rejects after
     * `timeoutMs` or when `alive()` throws.
     */
    async waitFor(ids, { timeoutMs, alive, any = false }) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const missing = any
          ? Number(!ids.some((id) => receipts.has(id)))
          : ids.filter((id) => !receipts.has(id)).length;
        if (missing === 0) return;
        alive();
        if (Date.now() > deadline) {
          throw new Error(`${missing} of ${ids.length} events not delivered in ${timeoutMs} ms`);
        }
        await sleep(20);
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** bench/outbox-publisher.js as a child; `call(command, args)` resolves to its answer. */
async function startPublisher(root, env) {
  const child = fork('bench/outbox-publisher.js', [], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const waiting = new Map();
  let nextId = 0;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => {
      if (message.ready) return resolve();
      const pending = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.ok) pending?.resolve(message.result);
      else pending?.reject(new Error(`publisher: ${message.error}`));
    });
    void exited.then(() => {
      const error = new Error(`the publisher exited:\n${output}`);
      reject(error);
      for (const pending of waiting.values()) pending.reject(error);
    });
  });
  await ready;
  return {
    name: 'publisher',
    running: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    call(command, args = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, command, args });
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.send({ id: -1, command: 'exit', args: {} });
      await exited;
      clearTimeout(timer);
    },
  };
}

/** How many of these events are still in the outbox (not relayed). */
async function unrelayedCount(ids) {
  const { rows } = await db.query(
    'SELECT count(*)::int AS count FROM event_outbox WHERE event_id = ANY($1::uuid[])',
    [ids],
  );
  return rows[0].count;
}

/**
 * The bare Bull baseline's round: `count` jobs with envelopes of the bench's size wait in a queue
 * of their own; a child process (bench/bare-bull-worker.js) drains them into the receiver with
 * `concurrency`. Answers the rate from the first receipt to the last, and the ids' tally.
 */
async function bareBullDrain({ root, redis, prefix, receiver, secret, count, concurrency, alive }) {
  const name = `bare-${randomUUID().slice(0, 8)}`;
  const queue = new Bull(name, redis, { prefix });
  const ids = Array.from({ length: count }, () => randomUUID());
  try {
    for (let at = 0; at < count; at += 1000) {
      await queue.addBulk(
        ids.slice(at, at + 1000).map((id, i) => ({
          name: 'deliver',
          data: { body: envelopeBody(id, at + i) },
          opts: { ...BARE_JOB_OPTIONS, jobId: id },
        })),
      );
    }
  } finally {
    await queue.close();
  }
  const worker = startNode('bare Bull worker', ['bench/bare-bull-worker.js'], {
    cwd: root,
    env: {
      ...process.env,
      REDIS_URL: redis,
      BARE_QUEUE: name,
      BARE_PREFIX: prefix,
      BARE_SECRET: secret,
      BARE_TARGET: receiver.url,
      BARE_CONCURRENCY: String(concurrency),
    },
  });
  const living = () => {
    alive();
    if (!worker.running()) throw new Error(`the bare Bull worker died:\n${worker.output()}`);
  };
  let cpu;
  try {
    // Its CPU time from its first delivery to its last, as for the service's worker.
    await receiver.waitFor(ids, { timeoutMs: 120_000, alive: living, any: true });
    const before = await cpuSample(worker.pid);
    const deliveredBefore = receiver.receipts.size;
    await receiver.waitFor(ids, { timeoutMs: 300_000, alive: living });
    cpu = cpuPerItem(before, await cpuSample(worker.pid), receiver.receipts.size - deliveredBefore);
  } finally {
    await worker.stop();
  }
  const firsts = ids.map((id) => receiver.receipts.get(id)[0]).sort((a, b) => a - b);
  const once = ids.filter((id) => receiver.receipts.get(id).length === 1).length;
  return {
    rate: count / ((firsts.at(-1) - firsts[0]) / 1000),
    p50_ms: null,
    p99_ms: null,
    cpu,
    ok: once,
    failed: count - once,
  };
}

/** The Redis server's process id when it runs on this machine (for its CPU time), else null. */
async function redisProcessId(url) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) return null;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    return Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]) || null;
  } finally {
    redis.disconnect();
  }
}

/** Deletes the keys of a queue prefix (the bench's jobs) from Redis. */
export async function dropQueueKeys(url, prefix) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** CPU time (user + system) a process has used, in ms; NaN where /proc is not available. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/**
 * CPU time so far of the worker, of the PostgreSQL backends serving the bench database, of Redis
 * and of this process (the receiver), so that a drain's cost per delivery can be split by process.
 */
async function cpuSample(workerPid) {
  const backends = await db.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  const usage = process.cpuUsage();
  return {
    worker: cpuMs(workerPid),
    postgres: new Map(backends.rows.map((row) => [row.pid, cpuMs(row.pid)])),
    redis: redisPid ? cpuMs(redisPid) : NaN,
    receiver: (usage.user + usage.system) / 1000,
  };
}

function cpuPerItem(before, after, items) {
  let postgres = 0;
  // Backends that started during the drain count from zero.
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  return {
    worker: (after.worker - before.worker) / items,
    postgres: postgres / items,
    redis: (after.redis - before.redis) / items,
    receiver: (after.receiver - before.receiver) / items,
  };
}

/** The events scenarios' settings as one line over the table, or undefined without them. */
export function eventsSummary(rows) {
  const publish = rows.find((row) => row.scenario === OUTBOX_PUBLISH);
  const steady = rows.find((row) => row.scenario === STEADY_DELIVERIES);
  if (!publish || !steady) return undefined;
  return (
    `events: ${publish.events} per backlog from ${publish.publishers} concurrent publishers (p50/p99: their transactions), ` +
    `one worker with WEBHOOK_CONCURRENCY=${steady.webhook_concurrency}, steady ${steady.events_per_second} events/s (p50/p99: commit → receipt)`
  );
}

const formatMs = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const CPU_SIDES = ['worker', 'postgres', 'redis', 'receiver'];
const formatCpu = (cpu) =>
  `CPU ms per delivery: worker ${formatMs(cpu.worker, 2)}, PostgreSQL ${formatMs(cpu.postgres, 2)}, Redis ${formatMs(cpu.redis, 2)}, receiver ${formatMs(cpu.receiver, 2)}`;
/** Each side's median CPU time per delivery over the rounds. */
const cpuMedians = (runs) =>
  Object.fromEntries(CPU_SIDES.map((side) => [side, median(runs.map((run) => run.cpu[side]))]));

/**
 * Runs the events scenarios and answers their rows (medians of `rounds`). `env` is the bench's
 * service environment (database, secrets, NODE_ENV=production); `storeKey` the seeded store's
 * database key.
 */
export async function measureEvents({
  root,
  env: baseEnv,
  dbUrl,
  redis,
  storeKey,
  rounds,
  durationS,
  log,
  cleanups,
}) {
  const burstSize = Number(process.env.BENCH_EVENTS ?? 5000);
  const publishers = Number(process.env.BENCH_PUBLISHERS ?? 50);
  const rate = Number(process.env.BENCH_EVENT_RATE ?? 100);
  const concurrency = process.env.BENCH_WEBHOOK_CONCURRENCY;
  if (!(burstSize >= 1)) throw new Error('BENCH_EVENTS must be at least 1');
  if (!(publishers >= 1)) throw new Error('BENCH_PUBLISHERS must be at least 1');
  if (!(rate > 0)) throw new Error('BENCH_EVENT_RATE must be a positive number');
  const webhookConcurrency = concurrency ? Number(concurrency) : SERVICE_DEFAULT_CONCURRENCY;
  // E.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a worker's time goes.
  const workerNodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);

  // A queue namespace of its own, so no other process consumes these jobs.
  const prefix = `bench-events-${Math.random().toString(36).slice(2, 10)}`;
  const env = {
    ...baseEnv,
    REDIS_URL: redis,
    QUEUE_PREFIX: prefix,
    // The receiver is on loopback, which production refuses by default.
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true',
    ...(concurrency ? { WEBHOOK_CONCURRENCY: concurrency } : {}),
  };
  cleanups.push(() => dropQueueKeys(redis, prefix));

  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  cleanups.push(() => db.end());
  redisPid = await redisProcessId(redis);

  const secret = { value: '' };
  const receiver = await startReceiver(secret);
  cleanups.push(() => receiver.close());
  const publisher = await startPublisher(root, env);
  cleanups.push(() => publisher.stop());
  const endpoint = await publisher.call('endpoint', { storeId: storeKey, url: receiver.url });
  secret.value = endpoint.secret;
  log(
    `Events: ${burstSize} events by ${publishers} publishers, then one worker (WEBHOOK_CONCURRENCY=${webhookConcurrency}) drains them, then ${rate} events/s for ${durationS} s`,
  );

  let worker;
  const alive = () => {
    for (const proc of [publisher, worker].filter(Boolean)) {
      if (!proc.running()) throw new Error(`the ${proc.name} died:\n${proc.output()}`);
    }
  };
  const startWorker = () => {
    const proc = startNode('worker', [...workerNodeArgs, 'dist/worker.js'], { cwd: root, env });
    cleanups.push(() => proc.stop());
    return proc;
  };
  /** Counts events received exactly once; the rest (missing or repeated) failed. */
  const tally = (ids) => {
    const once = ids.filter((id) => receipts(id).length === 1).length;
    return { ok: once, failed: ids.length - once };
  };
  const receipts = (id) => receiver.receipts.get(id) ?? [];

  const runs = { publish: [], backlog: [], steady: [], bare: [] };
  for (let round = 1; round <= rounds; round++) {
    log(`Events round ${round} of ${rounds}`);
    if (worker) {
      await worker.stop();
      worker = undefined;
    }

    const burst = await publisher.call('burst', {
      storeId: storeKey,
      count: burstSize,
      concurrency: publishers,
    });
    const burstIds = burst.events.map(([id]) => id);
    const unrelayed = await unrelayedCount(burstIds);
    const latencies = [...burst.latencies].sort((a, b) => a - b);
    const publish = {
      rate: burstSize / ((burst.relayed - burst.started) / 1000),
      commitRate: burstSize / ((burst.committed - burst.started) / 1000),
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      ok: burstSize - unrelayed,
      failed: unrelayed,
    };
    runs.publish.push(publish);
    log(
      `${OUTBOX_PUBLISH}: ${publish.rate.toFixed(0)} events/s committed and relayed (${publish.commitRate.toFixed(0)}/s committed), transaction p50 ${formatMs(publish.p50_ms)} ms, p99 ${formatMs(publish.p99_ms)} ms, ${unrelayed} not relayed`,
    );

    worker = startWorker();
    // The worker's CPU time from its first delivery to its last (the boot left out).
    await receiver.waitFor(burstIds, { timeoutMs: 120_000, alive, any: true });
    const cpuBefore = await cpuSample(worker.pid);
    const deliveredBefore = receiver.receipts.size;
    await receiver.waitFor(burstIds, { timeoutMs: 300_000, alive });
    const cpu = cpuPerItem(
      cpuBefore,
      await cpuSample(worker.pid),
      receiver.receipts.size - deliveredBefore,
    );
    const firsts = burstIds.map((id) => receipts(id)[0]).sort((a, b) => a - b);
    const backlog = {
      rate: burstSize / ((firsts.at(-1) - firsts[0]) / 1000),
      p50_ms: null,
      p99_ms: null,
      cpu,
      ...tally(burstIds),
    };
    runs.backlog.push(backlog);
    log(
      `${BACKLOG_DELIVERIES}: ${backlog.rate.toFixed(0)} deliveries/s (first to last receipt), ${backlog.failed} missing or repeated; ${formatCpu(cpu)}`,
    );

    const steady = await publisher.call('steady', { storeId: storeKey, rate, seconds: durationS });
    const steadyIds = steady.events.map(([id]) => id);
    await receiver.waitFor(steadyIds, { timeoutMs: 60_000, alive });
    await sleep(500); // a duplicate, if any, arrives
    const endToEnd = steady.events.map(([id, committed]) => receipts(id)[0] - committed);
    endToEnd.sort((a, b) => a - b);
    const lastReceipt = Math.max(...steadyIds.map((id) => receipts(id)[0]));
    const steadyRun = {
      rate: steadyIds.length / ((lastReceipt - steady.started) / 1000),
      p50_ms: percentile(endToEnd, 50),
      p99_ms: percentile(endToEnd, 99),
      ...tally(steadyIds),
    };
    runs.steady.push(steadyRun);
    log(
      `${STEADY_DELIVERIES}: ${steadyRun.rate.toFixed(1)} deliveries/s, commit → receipt p50 ${formatMs(steadyRun.p50_ms)} ms, p99 ${formatMs(steadyRun.p99_ms)} ms, max ${formatMs(endToEnd.at(-1))} ms, ${steadyRun.failed} missing or repeated`,
    );

    await worker.stop();
    worker = undefined;
    const bare = await bareBullDrain({
      root,
      redis,
      prefix,
      receiver,
      secret: secret.value,
      count: burstSize,
      concurrency: webhookConcurrency,
      alive,
    });
    runs.bare.push(bare);
    log(
      `${BARE_DELIVERIES}: ${bare.rate.toFixed(0)} deliveries/s (first to last receipt), ${bare.failed} missing or repeated; ${formatCpu(bare.cpu)}; the service's backlog drain this round: ${((backlog.rate / bare.rate) * 100).toFixed(1)}% of it`,
    );
    if (receiver.forged() > 0) throw new Error(`${receiver.forged()} deliveries failed to verify`);
    alive();
  }
  await worker?.stop();
  await publisher.stop();

  const summary = (scenario, unit, units, results, extra) => {
    const rates = results.map((result) => result.rate);
    const ok = results.reduce((sum, result) => sum + result.ok, 0);
    const failed = results.reduce((sum, result) => sum + result.failed, 0);
    const p50 = results.map((result) => result.p50_ms).filter((value) => value !== null);
    const p99 = results.map((result) => result.p99_ms).filter((value) => value !== null);
    return {
      scenario,
      unit,
      units,
      baseline: null,
      ratio: null,
      rate: median(rates),
      rate_min: Math.min(...rates),
      rate_max: Math.max(...rates),
      rates,
      p50_ms: p50.length ? median(p50) : null,
      p99_ms: p99.length ? median(p99) : null,
      ok,
      failed,
      failure_rate: ok + failed === 0 ? 1 : failed / (ok + failed),
      ...extra,
    };
  };
  const bareRow = summary(BARE_DELIVERIES, 'delivery', 'deliveries', runs.bare, {
    events: burstSize,
    cpu_ms_per_delivery: cpuMedians(runs.bare),
    webhook_concurrency: webhookConcurrency,
  });
  return [
    summary(OUTBOX_PUBLISH, 'event', 'events', runs.publish, {
      events: burstSize,
      publishers,
      commit_rates: runs.publish.map((run) => run.commitRate),
      latency: 'transaction',
    }),
    summary(BACKLOG_DELIVERIES, 'delivery', 'deliveries', runs.backlog, {
      events: burstSize,
      cpu_ms_per_delivery: cpuMedians(runs.backlog),
      webhook_concurrency: webhookConcurrency,
      baseline: BARE_DELIVERIES,
      ratio: median(runs.backlog.map((run) => run.rate)) / bareRow.rate,
    }),
    { ...bareRow, baseline: BARE_DELIVERIES, ratio: 1 },
    summary(STEADY_DELIVERIES, 'delivery', 'deliveries', runs.steady, {
      events_per_second: rate,
      seconds: durationS,
      webhook_concurrency: webhookConcurrency,
      latency: 'commit to receipt',
    }),
  ];
}
