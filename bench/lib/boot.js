// Boot time and memory (`npm run bench -- --only boot`): how long `npm start` takes to answer
// /health on a fresh data directory (embedded database created, migrated and seeded) and on a
// later start, and the resident memory once a walkthrough's worth of requests has run, in
// embedded mode and, with servers, of an API process.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawn } from 'node:child_process';
import { checkout, storeApi } from './carts.js';
import { freePort, httpOk, waitFor } from './processes.js';

/** Checkouts (and product reads) run before memory is read: the README walkthrough, ten times. */
const WALKTHROUGHS = 10;

/** `npm start` in its own process group (npm `exec`s node, so the child is the service). */
function npmStart(root, env) {
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    name: 'npm start',
    pid: child.pid,
    output: () => output,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resident set size of the service `npm start` runs (npm's child), in MB (VmRSS). */
async function serviceRssMb(npmPid) {
  const children = await readFile(`/proc/${npmPid}/task/${npmPid}/children`, 'utf8');
  const [pid] = children.trim().split(/\s+/);
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)[1]) / 1024;
}

async function startTimed(root, env) {
  const port = await freePort();
  const begin = performance.now();
  const proc = npmStart(root, { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, () => httpOk(`${url}/health`), {
    proc,
    timeoutMs: 120_000,
    intervalMs: 50,
  });
  return { proc, url, seconds: (performance.now() - begin) / 1000 };
}

/** A walkthrough's requests: the product list, a product with variants, a guest checkout. */
async function walkthroughs(url, publishableKey) {
  const api = storeApi(url, publishableKey, { maxSockets: 1 });
  try {
    for (let i = 0; i < WALKTHROUGHS; i++) {
      await api.get('/products?limit=5');
      const { data } = await api.get('/products?limit=25&expand=variants');
      const variant = data
        .flatMap((product) => product.variants ?? [])
        .find((candidate) => candidate.in_stock !== false);
      await checkout(api, variant.id);
    }
  } finally {
    api.close();
  }
}

/**
 * Embedded: first start on an empty DATA_DIR, a walkthrough, memory, stop; second start on the
 * same directory. With `servers` (DATABASE_URL and REDIS_URL, a seeded store's credentials): an
 * API process (PROCESS_ROLE=api) after the same walkthroughs.
 */
export async function measureBoot({ root, env, servers, log }) {
  const rows = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'store-boot-'));
  const embeddedEnv = { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete embeddedEnv.DATABASE_URL;
  delete embeddedEnv.REDIS_URL;
  delete embeddedEnv.NODE_ENV; // development defaults, as a newcomer's `npm start`
  try {
    const first = await startTimed(root, embeddedEnv);
    log(`embedded first boot: /health after ${first.seconds.toFixed(2)} s`);
    try {
      const credentials = JSON.parse(
        await readFile(join(dataDir, 'demo-credentials.json'), 'utf8'),
      );
      await walkthroughs(first.url, credentials.publishable_key);
      rows.push({ scenario: 'embedded, first boot', seconds: first.seconds });
      rows.push({
        scenario: 'embedded, after the walkthrough',
        rss_mb: await serviceRssMb(first.proc.pid),
      });
    } finally {
      await first.proc.stop();
    }
    const later = await startTimed(root, embeddedEnv);
    await later.proc.stop();
    log(`embedded later boot: /health after ${later.seconds.toFixed(2)} s`);
    rows.push({ scenario: 'embedded, later boot', seconds: later.seconds });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (servers) {
    const api = await startTimed(root, { ...env, ...servers.env, PROCESS_ROLE: 'api' });
    try {
      await walkthroughs(api.url, servers.credentials.publishable_key);
      rows.push({ scenario: 'servers, API process boot', seconds: api.seconds });
      rows.push({
        scenario: 'servers, API process after the walkthrough',
        rss_mb: await serviceRssMb(api.proc.pid),
      });
    } finally {
      await api.proc.stop();
    }
  }
  return rows;
}

export function formatBoot(rows) {
  return [
    `Boot and memory (npm start; ${WALKTHROUGHS} walkthroughs before memory is read)`,
    '| scenario | /health after s | RSS MB |',
    '|---|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.scenario} | ${row.seconds?.toFixed(2) ?? ''} | ${row.rss_mb?.toFixed(0) ?? ''} |`,
    ),
    '',
  ].join('\n');
}
