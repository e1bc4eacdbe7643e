// The e-mail benchmark: order confirmations drained into a real SMTP server (smtp-server in this
// process), beside bare nodemailer sends to the same server. Run by bench/run.js with the events
// group (`--only events`).
//
// Per round:
// 1. BENCH_MAILS guest card checkouts through an API process (dist/main.js, role `api`): each
//    commits order.completed, whose subscriber job waits in Redis, as nothing consumes yet.
// 2. ONE worker process (dist/worker.js) starts and drains them: per order the subscriber reads
//    the order and records its confirmation, then the delivery job claims it, renders the
//    template, sends it and records the message id. The rate counts from the first message the
//    server accepted to the last.
// 3. bare nodemailer baseline: a child process (bench/bare-nodemailer-sender.js) sends the same
//    number of copies of one confirmation (its subject, HTML and text) to the same server, with the
//    worker's 20 sends in flight over the same pool of 5 connections. The drain's figure is given
//    as a share of this one's, measured in the same round.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { checkout, storeApi } from './carts.js';
import { restock, storePrimaryKey } from './database.js';
import { dropQueueKeys } from './events.js';
import { freePort, httpOk, startNode, waitFor } from './processes.js';
import { median } from './stats.js';

export const CONFIRMATION_MAILS = 'order confirmation mails, backlog';
export const BARE_MAILS = 'bare nodemailer sends';
/** The worker's e-mail concurrency (src/modules/emails/deliveries/email-delivery-jobs.ts). */
const IN_FLIGHT = 20;
/** Checkouts the bench places at once. */
const SHOPPERS = 16;

const now = () => performance.timeOrigin + performance.now();

/** An SMTP server on loopback that accepts everything and notes when each message arrived. */
async function startSink() {
  const arrivals = [];
  let first;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const head = raw.subarray(0, raw.indexOf('\r\n\r\n')).toString('utf8');
        arrivals.push({
          at: now(),
          delivery: /^X-Store-Email-Delivery: *(\S+)/im.exec(head)?.[1],
          bare: /^X-Bare-Send: *(\S+)/im.exec(head)?.[1],
        });
        first ??= raw;
        callback();
      });
    },
  });
  // A client gone mid-conversation resets its connection: the server goes on with the others.
  server.on('error', () => undefined);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    arrivals,
    firstMessage: () => first,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Runs `work` `count` times, `concurrency` at a time. */
async function repeat(count, concurrency, work) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      await work();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Waits until `arrived()` reaches `count`, failing if `proc` dies or nothing comes for a minute. */
async function waitForArrivals(arrived, count, proc) {
  let last = arrived();
  let lastChange = Date.now();
  for (;;) {
    const seen = arrived();
    if (seen >= count) return;
    if (seen !== last) [last, lastChange] = [seen, Date.now()];
    if (Date.now() - lastChange > 60_000)
      throw new Error(`only ${seen} of ${count} mails arrived${proc ? `:\n${proc.output()}` : ''}`);
    if (proc && !proc.running()) throw new Error(`the ${proc.name} died:\n${proc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Mails per second from the first arrival to the last. */
const rateOf = (arrivals) => {
  const times = arrivals.map((arrival) => arrival.at).sort((a, b) => a - b);
  return arrivals.length / ((times.at(-1) - times[0]) / 1000);
};

/**
 * Runs the e-mail scenario and answers its two rows (medians of `rounds`): the confirmations'
 * drain, with its share of the bare sends' rate as `ratio`, and the bare sends. `seedStore` seeds
 * a demo store and answers its credentials.
 */
export async function measureEmails({ root, env, dbUrl, redis, seedStore, rounds, log, cleanups }) {
  const count = Number(process.env.BENCH_MAILS ?? 1000);
  if (!(count >= 1)) throw new Error('BENCH_MAILS must be at least 1');
  // E.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, as for the webhook worker (lib/events.js).
  const workerNodeArgs = (process.env.BENCH_WORKER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // A store of its own: the webhook scenarios left an endpoint (and its closed receiver) on theirs.
  const credentials = await seedStore();
  const storeKey = await storePrimaryKey(dbUrl, credentials.publishable_key);
  const prefix = `bench-emails-${Math.random().toString(36).slice(2, 10)}`;
  const sink = await startSink();
  cleanups.push(() => sink.close());
  cleanups.push(() => dropQueueKeys(redis, prefix));
  const serviceEnv = { ...env, REDIS_URL: redis, QUEUE_PREFIX: prefix, SMTP_URL: sink.url };
  const port = await freePort();
  const api = startNode('api', ['dist/main.js'], {
    cwd: root,
    env: { ...serviceEnv, PROCESS_ROLE: 'api', PORT: String(port), HOST: '127.0.0.1' },
  });
  cleanups.push(() => api.stop());
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, () => httpOk(`${url}/health`), { proc: api, timeoutMs: 120_000 });
  const store = storeApi(url, credentials.publishable_key, { maxSockets: SHOPPERS });
  cleanups.push(() => store.close());
  const { data: products } = await store.get('/products?limit=100&expand=variants');
  const variant = products.flatMap((product) => product.variants ?? [])[0];
  await restock(dbUrl, storeKey, count * rounds * 2);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  cleanups.push(() => db.end());
  const folder = await mkdtemp(join(tmpdir(), 'bench-mail-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  log(
    `E-mails: ${count} checkouts, then one worker drains their confirmations into an SMTP server; then ${count} bare nodemailer sends, ${IN_FLIGHT} in flight`,
  );

  const runs = { drain: [], bare: [] };
  for (let round = 1; round <= rounds; round++) {
    log(`E-mails round ${round} of ${rounds}: placing ${count} orders`);
    const since = new Date();
    await repeat(count, SHOPPERS, () => checkout(store, variant.id));
    const drainStart = sink.arrivals.length;
    const worker = startNode('worker', [...workerNodeArgs, 'dist/worker.js'], {
      cwd: root,
      env: { ...serviceEnv, PROCESS_ROLE: 'worker' },
    });
    cleanups.push(() => worker.stop());
    await waitForArrivals(() => sink.arrivals.length - drainStart, count, worker);
    // A duplicate, had there been one, would be on its way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await worker.stop();
    const arrivals = sink.arrivals.slice(drainStart);
    const [{ sent }] = (
      await db.query(
        `SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent FROM email_deliveries
         WHERE store_id = $1 AND mail = 'order_confirmation' AND created_at >= $2`,
        [storeKey, since],
      )
    ).rows;
    const once = new Set(arrivals.map((arrival) => arrival.delivery)).size;
    const drain = {
      rate: rateOf(arrivals),
      ok: Math.min(once, sent),
      failed: count - Math.min(once, sent),
    };
    runs.drain.push(drain);
    log(
      `${CONFIRMATION_MAILS}: ${drain.rate.toFixed(1)} mails/s (first to last accepted), ${sent} recorded sent, ${arrivals.length - once} repeated`,
    );

    const parsed = await simpleParser(sink.firstMessage());
    const messageFile = join(folder, 'message.json');
    await writeFile(
      messageFile,
      JSON.stringify({
        from: parsed.from?.text,
        to: 'bare@example.com',
        subject: parsed.subject,
        html: parsed.html,
        text: parsed.text,
      }),
    );
    const bareStart = sink.arrivals.length;
    const sender = startNode('bare sender', ['bench/bare-nodemailer-sender.js'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        BARE_SMTP_URL: sink.url,
        BARE_MESSAGE_FILE: messageFile,
        BARE_COUNT: String(count),
        BARE_IN_FLIGHT: String(IN_FLIGHT),
      },
    });
    await waitForArrivals(() => sink.arrivals.length - bareStart, count);
    await sender.exited;
    const bareArrivals = sink.arrivals.slice(bareStart);
    const bare = { rate: rateOf(bareArrivals), ok: bareArrivals.length, failed: 0 };
    runs.bare.push(bare);
    log(
      `${BARE_MAILS}: ${bare.rate.toFixed(1)} mails/s; the confirmations' drain this round: ${((drain.rate / bare.rate) * 100).toFixed(1)}% of it`,
    );
  }
  await api.stop();

  const summary = (scenario, results, extra) => {
    const rates = results.map((result) => result.rate);
    const ok = results.reduce((sum, result) => sum + result.ok, 0);
    const failed = results.reduce((sum, result) => sum + result.failed, 0);
    return {
      scenario,
      unit: 'mail',
      units: 'mails',
      baseline: null,
      ratio: null,
      rate: median(rates),
      rate_min: Math.min(...rates),
      rate_max: Math.max(...rates),
      rates,
      p50_ms: null,
      p99_ms: null,
      ok,
      failed,
      failure_rate: ok + failed === 0 ? 1 : failed / (ok + failed),
      mails: count,
      ...extra,
    };
  };
  const ratios = runs.drain.map((drain, round) => drain.rate / runs.bare[round].rate);
  return [
    summary(CONFIRMATION_MAILS, runs.drain, { baseline: BARE_MAILS, ratio: median(ratios) }),
    summary(BARE_MAILS, runs.bare, { ratio: 1, in_flight: IN_FLIGHT }),
  ];
}
