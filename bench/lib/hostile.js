// Hostile bodies (`npm run bench -- --only hostile`): does the service stay responsive while
// clients send JSON bodies built to cost as much as possible within the body limit? It measures
// /health latency while idle, then while HOSTILE_SENDERS senders send such bodies back to back,
// in interleaved rounds, and the answers and times of the hostile requests themselves.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { checkout, storeApi } from './carts.js';
import { median, percentile } from './stats.js';

/** The service's JSON body limit (the service reads the same variable). */
export const BODY_LIMIT_BYTES = Number(process.env.BODY_LIMIT_BYTES ?? 102_400);
/** Bytes a body stays under the limit by. */
const MARGIN_BYTES = 64;
const HOSTILE_SENDERS = 4;
/** /health requests a second, sent on schedule whether or not earlier ones have answered. */
const PROBE_RATE = 50;
const REQUEST_TIMEOUT_MS = 60_000;
/** Most levels a metadata value may nest (the lead's cap is 32); the deep bodies stay within. */
const METADATA_DEPTH = 31;
/** The goal: /health p99 under attack at most this many times its idle p99. */
export const MAX_P99_RATIO = 2;

/**
 * `head` + as many `unit`s (joined by `separator`) as fit + `tail`, at most `limit` bytes;
 * `unit(i)` is the i-th unit's text (ASCII).
 */
export function filled(head, unit, tail, limit, separator = ',') {
  const parts = [];
  let size = head.length + tail.length;
  for (let i = 0; ; i++) {
    const part = (i ? separator : '') + unit(i);
    if (size + part.length > limit) break;
    parts.push(part);
    size += part.length;
  }
  return `${head}${parts.join('')}${tail}`;
}

/**
 * An object nested `depth` levels deep (`{"d":{"d":…}}`) with as many small members beside each
 * level's `d` as fit in `limit` bytes, spread evenly over the levels.
 */
export function deepAndWide(depth, limit) {
  const skeleton = '{"d":'.repeat(depth) + '0' + '}'.repeat(depth);
  const member = (level, i) => `,"k${level}_${i}":0`;
  // Members are a few bytes longer at the end of the range; shrink until it fits.
  for (let perLevel = Math.floor((limit - skeleton.length) / depth / 9); perLevel > 0;) {
    let text = '0';
    for (let level = depth - 1; level >= 0; level--) {
      const members = Array.from({ length: perLevel }, (_, i) => member(level, i)).join('');
      text = `{"d":${text}${members}}`;
    }
    if (text.length <= limit) return text;
    perLevel = Math.floor(perLevel * 0.98);
  }
  return skeleton;
}

/**
 * The hostile bodies, each just under `limit` bytes: (a) no credentials, (b) the publishable
 * key, (c) the secret key, (d) one huge string. `orderId`: an order the admin bodies change.
 */
export function hostileBodies({ limit = BODY_LIMIT_BYTES - MARGIN_BYTES, orderId, keys }) {
  const anonymous = {};
  const store = { 'x-store-api-key': keys.publishable };
  const admin = { 'x-store-api-key': keys.secret };
  const adminOrder = `/api/v3/admin/orders/${orderId}`;
  const v2Checkout = '/api/v2/storefront/checkout';
  const emptyObjects = (head, tail) => filled(head, () => '{}', tail, limit);
  const longString = (head, tail) => head + 'x'.repeat(limit - head.length - tail.length) + tail;
  const metadataArrays = (() => {
    // Half the budget an array of numbers, half an array of strings.
    const numbers = filled('"numbers":[', () => '1', ']', Math.floor(limit / 2) - 16);
    const head = `{"metadata":{${numbers},"strings":[`;
    return filled(head, () => '"x"', ']}}', limit);
  })();
  const bodies = [
    {
      name: '(a) anonymous PATCH v2 checkout, bill_address_attributes [{}…]',
      method: 'PATCH',
      path: v2Checkout,
      headers: anonymous,
      body: emptyObjects('{"order":{"bill_address_attributes":[', ']}}'),
    },
    {
      name: '(b) store POST /carts, items [{}…]',
      method: 'POST',
      path: '/api/v3/store/carts',
      headers: store,
      body: emptyObjects('{"items":[', ']}'),
    },
    {
      name: '(b) store POST /carts, metadata arrays',
      method: 'POST',
      path: '/api/v3/store/carts',
      headers: store,
      body: metadataArrays,
    },
    {
      name: '(c) admin PATCH /orders/:id, ship_address {huge}',
      method: 'PATCH',
      path: adminOrder,
      headers: admin,
      body: filled('{"ship_address":{', (i) => `"a${i}":""`, '}}', limit),
    },
    {
      name: '(c) admin PATCH /orders/:id, ship_address [{}…]',
      method: 'PATCH',
      path: adminOrder,
      headers: admin,
      body: emptyObjects('{"ship_address":[', ']}'),
    },
    {
      name: `(c) admin PATCH /orders/:id, metadata ${METADATA_DEPTH} deep and wide`,
      method: 'PATCH',
      path: adminOrder,
      headers: admin,
      body: `{"metadata":${deepAndWide(METADATA_DEPTH, limit - '{"metadata":}'.length)}}`,
    },
    {
      name: '(d) anonymous PATCH v2 checkout, email "x…"',
      method: 'PATCH',
      path: v2Checkout,
      headers: anonymous,
      body: longString('{"order":{"email":"', '@example.com"}}'),
    },
    {
      name: '(d) admin PATCH /orders/:id, ship_address.address1 "x…"',
      method: 'PATCH',
      path: adminOrder,
      headers: admin,
      body: longString('{"ship_address":{"address1":"', '"}}'),
    },
  ];
  for (const body of bodies) {
    JSON.parse(body.body); // a shape that is not JSON would measure the parser's first error
    body.bytes = Buffer.byteLength(body.body);
    if (body.bytes > limit) throw new Error(`${body.name}: ${body.bytes} bytes, over ${limit}`);
    body.headers = { ...body.headers, 'content-type': 'application/json' };
    body.body = Buffer.from(body.body); // encoded once, not at every send
  }
  return bodies;
}

/**
 * One request (`body`: its bytes, its content type among `headers`); resolves to
 * { status, ms } (status 0: no answer, with `error`).
 */
function send(agent, url, { method = 'GET', path, headers = {}, body }) {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (status, error) => {
      if (settled) return;
      settled = true;
      resolve({ status, ms: performance.now() - started, error });
    };
    const options = { agent, method, headers, timeout: REQUEST_TIMEOUT_MS };
    const req = http.request(new URL(path, url), options, (res) => {
      res.resume();
      res.on('end', () => settle(res.statusCode));
      res.on('error', (error) => settle(res.statusCode, error));
    });
    // An answer sent before the whole body was read may be followed by a reset: the answer counts.
    req.on('error', (error) => settle(0, error));
    req.on('timeout', () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    req.end(body);
  });
}

/**
 * /health sent PROBE_RATE times a second on schedule for `durationS` (open loop: a stalled
 * service meets a queue of probes, as real clients would), each timed from its sending.
 */
async function probeHealth(baseUrl, durationS) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true });
  const interval = 1000 / PROBE_RATE;
  const started = performance.now();
  const pending = [];
  try {
    for (let i = 0; i < durationS * PROBE_RATE; i++) {
      const due = started + i * interval - performance.now();
      if (due > 0) await sleep(due);
      pending.push(send(agent, url, { path: '/health' }));
    }
    const answers = await Promise.all(pending);
    const latencies = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    return {
      p50_ms: percentile(latencies, 50),
      p99_ms: percentile(latencies, 99),
      max_ms: latencies.at(-1),
      ok: answers.filter((answer) => answer.status === 200).length,
      failed: answers.filter((answer) => answer.status !== 200).length,
      statuses: answers.reduce(
        (into, { status }) => addCounts(into, { [status || 'no answer']: 1 }),
        {},
      ),
      firstError: answers.find((answer) => answer.error)?.error,
    };
  } finally {
    agent.destroy();
  }
}

/** HOSTILE_SENDERS senders sending `bodies` in turn, back to back, for `durationS` seconds. */
async function attack(baseUrl, bodies, durationS) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true });
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const sent = bodies.map(() => ({ latencies: [], statuses: {} }));
  let next = 0;
  const errors = [];
  const sender = async () => {
    while (performance.now() < deadline) {
      const i = next++ % bodies.length;
      const answer = await send(agent, url, bodies[i]);
      const key = answer.status || 'no answer';
      sent[i].statuses[key] = (sent[i].statuses[key] ?? 0) + 1;
      sent[i].latencies.push(answer.ms);
      if (answer.status === 0) errors.push(answer.error);
    }
  };
  try {
    await Promise.all(Array.from({ length: HOSTILE_SENDERS }, sender));
  } finally {
    agent.destroy();
  }
  const elapsedS = (performance.now() - started) / 1000;
  return { elapsedS, sent, firstError: errors[0] };
}

/**
 * `attack` on a thread of its own: writing hundreds of 100 KB bodies a second would otherwise
 * delay the /health probes on this thread, and their times would measure the bench, not the
 * service.
 */
function attackFromWorker(baseUrl, bodies, durationS) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { hostileAttack: { baseUrl, bodies, durationS } },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the hostile senders' thread exited with ${code}`));
    });
  });
}

if (!isMainThread && workerData?.hostileAttack) {
  const { baseUrl, bodies, durationS } = workerData.hostileAttack;
  const result = await attack(baseUrl, bodies, durationS);
  parentPort.postMessage({ ...result, firstError: result.firstError && String(result.firstError) });
}

function addCounts(into, counts) {
  for (const [key, count] of Object.entries(counts)) into[key] = (into[key] ?? 0) + count;
  return into;
}

/** An order the admin bodies change: a guest checkout's, placed through the Store API. */
async function targetOrder(baseUrl, publishableKey) {
  const api = storeApi(baseUrl, publishableKey, { maxSockets: 1 });
  try {
    const { data } = await api.get('/products?limit=25&expand=variants');
    const variant = data
      .flatMap((product) => product.variants ?? [])
      .find((candidate) => candidate.in_stock !== false);
    if (!variant) throw new Error('The bench store has no variant in stock');
    return (await checkout(api, variant.id)).id;
  } finally {
    api.close();
  }
}

/**
 * Per round: /health alone for `durationS`, then /health while the senders run for `durationS`.
 * Answers the medians of the rounds and, per body, its requests, statuses and times.
 */
export async function measureHostile({ service, credentials, rounds, durationS, log, alive }) {
  const orderId = await targetOrder(service.url, credentials.publishable_key);
  const bodies = hostileBodies({
    orderId,
    keys: { publishable: credentials.publishable_key, secret: credentials.secret_key },
  });
  const url = new URL(service.url);
  const agent = new http.Agent({ keepAlive: true });
  try {
    for (const body of bodies) {
      const answer = await send(agent, url, body);
      log(`  ${body.name} (${body.bytes} bytes): ${answer.status} in ${answer.ms.toFixed(0)} ms`);
    }
  } finally {
    agent.destroy();
  }
  await probeHealth(service.url, 2); // warm-up
  const idle = [];
  const underAttack = [];
  const attacks = [];
  for (let round = 1; round <= rounds; round++) {
    log(`Hostile round ${round} of ${rounds}`);
    idle.push(await probeHealth(service.url, durationS));
    const [health, result] = await Promise.all([
      probeHealth(service.url, durationS),
      attackFromWorker(service.url, bodies, durationS),
    ]);
    underAttack.push(health);
    attacks.push(result);
    alive();
    const count = result.sent.reduce((sum, body) => sum + body.latencies.length, 0);
    log(
      `  /health p99 idle ${idle.at(-1).p99_ms.toFixed(1)} ms, under attack ${health.p99_ms.toFixed(1)} ms; ` +
        `${(count / result.elapsedS).toFixed(1)} hostile req/s`,
    );
    if (result.firstError) log(`  first hostile request without an answer: ${result.firstError}`);
    if (health.firstError) log(`  first /health without an answer: ${health.firstError}`);
  }
  const summary = (runs) => ({
    p50_ms: median(runs.map((run) => run.p50_ms)),
    p99_ms: median(runs.map((run) => run.p99_ms)),
    max_ms: Math.max(...runs.map((run) => run.max_ms)),
    ok: runs.reduce((sum, run) => sum + run.ok, 0),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    statuses: runs.reduce((into, run) => addCounts(into, run.statuses), {}),
  });
  const perBody = bodies.map((body, i) => {
    const latencies = attacks.flatMap((run) => run.sent[i].latencies).sort((a, b) => a - b);
    return {
      name: body.name,
      bytes: body.bytes,
      requests: latencies.length,
      p50_ms: percentile(latencies, 50),
      max_ms: latencies.at(-1),
      statuses: attacks.reduce((into, run) => addCounts(into, run.sent[i].statuses), {}),
    };
  });
  const requests = perBody.reduce((sum, body) => sum + body.requests, 0);
  const rates = attacks.map(
    (run) => run.sent.reduce((sum, body) => sum + body.latencies.length, 0) / run.elapsedS,
  );
  const health = { idle: summary(idle), under_attack: summary(underAttack) };
  const statuses = perBody.reduce((into, body) => addCounts(into, body.statuses), {});
  return {
    scenario: 'hostile',
    body_limit_bytes: BODY_LIMIT_BYTES,
    senders: HOSTILE_SENDERS,
    probe_rate: PROBE_RATE,
    rounds,
    duration_s: durationS,
    health,
    p99_ratio: health.under_attack.p99_ms / health.idle.p99_ms,
    hostile: {
      requests,
      rate: median(rates),
      max_ms: Math.max(...perBody.filter((body) => body.requests).map((body) => body.max_ms)),
      statuses,
      // 5xx and requests without an answer (2xx: a body whose members the route ignores).
      server_errors: Object.entries(statuses)
        .filter(([status]) => !(Number(status) < 500))
        .reduce((sum, [, count]) => sum + count, 0),
    },
    bodies: perBody,
  };
}

const statusText = (statuses) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');

function markdownTable(header, rows) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i].length)));
  const line = (r) =>
    `| ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)];
}

/**
 * Prints the result; answers whether it meets the goal: /health p99 under attack within
 * MAX_P99_RATIO of idle, every /health answered 200 and no hostile request answered 5xx or left
 * without an answer.
 */
export function printHostile(result, write) {
  const ms = (value) => value.toFixed(1);
  const { idle, under_attack: attacked } = result.health;
  const { hostile } = result;
  write(
    [
      `Hostile bodies: ${result.senders} senders, bodies just under BODY_LIMIT_BYTES=${result.body_limit_bytes}, ` +
        `/health ${result.probe_rate}/s on schedule; ${result.rounds} round(s) of ${result.duration_s} s, medians`,
      ...markdownTable(
        ['/health', 'p50 ms', 'p99 ms', 'max ms', 'statuses'],
        [
          ['idle', idle],
          ['under attack', attacked],
        ].map(([name, run]) => [
          name,
          ms(run.p50_ms),
          ms(run.p99_ms),
          ms(run.max_ms),
          statusText(run.statuses),
        ]),
      ),
      `p99 under attack / idle: ${result.p99_ratio.toFixed(2)}× (goal ≤ ${MAX_P99_RATIO}×); ` +
        `hostile ${hostile.rate.toFixed(1)} req/s, slowest ${ms(hostile.max_ms)} ms, ` +
        `statuses ${statusText(hostile.statuses)}`,
      '',
      ...markdownTable(
        ['hostile body', 'bytes', 'requests', 'p50 ms', 'max ms', 'statuses'],
        result.bodies.map((body) => [
          body.name,
          String(body.bytes),
          String(body.requests),
          body.requests ? ms(body.p50_ms) : 'n/a',
          body.requests ? ms(body.max_ms) : 'n/a',
          statusText(body.statuses),
        ]),
      ),
      '',
    ].join('\n'),
  );
  return (
    result.p99_ratio <= MAX_P99_RATIO &&
    idle.failed + attacked.failed === 0 &&
    hostile.server_errors === 0
  );
}
