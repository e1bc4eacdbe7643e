// Preload (`node --import ./bench/lib/pg-trace.js …`) that counts every statement a process sends
// through `pg` and the time until its answer. SIGWINCH (Nest's shutdown hooks take SIGUSR2) writes the tally to PG_TRACE_FILE as JSON
// and starts a new one; with CPU_PROFILE_FILE it also writes the V8 CPU profile of the window
// that ends (first) and starts a new one, so two signals frame a profile. Used by
// profile-cart.js; never loaded by `npm run bench`.
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

const file = process.env.PG_TRACE_FILE;
let tally = new Map();
let since = performance.now();

const shape = (text) => text.replace(/\s+/g, ' ').trim();

function record(text, startedAt, ms = performance.now() - startedAt) {
  const key = shape(text);
  const entry = tally.get(key) ?? { statement: key, count: 0, ms: 0 };
  entry.count += 1;
  entry.ms += ms;
  tally.set(key, entry);
}

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function tracedQuery(config, values, callback) {
  const sql = typeof config === 'string' ? config : config?.text;
  if (typeof sql !== 'string') return query.call(this, config, values, callback);
  // Statements with parameters that are not named prepared statements are parsed and planned
  // at every execution: the tally marks them.
  const parameters = typeof config === 'string' ? values : (config.values ?? values);
  const unprepared = Array.isArray(parameters) && parameters.length > 0 && !config?.name;
  const text = unprepared ? `(unprepared) ${sql}` : sql;
  const startedAt = performance.now();
  // A statement may carry its transaction's START TRANSACTION and COMMIT in its round trip:
  // they count as statements; the wait is the statement's.
  for (const other of config?.pipelined ?? []) if (other !== sql) record(other, startedAt, 0);
  if (typeof config?.submit === 'function' && typeof config.callback === 'function') {
    const done = config.callback;
    config.callback = (...args) => {
      record(text, startedAt);
      return done(...args);
    };
    return query.call(this, config, values, callback);
  }
  const cb = typeof values === 'function' ? values : callback;
  if (cb) {
    const wrapped = (...args) => {
      record(text, startedAt);
      return cb(...args);
    };
    return typeof values === 'function'
      ? query.call(this, config, wrapped)
      : query.call(this, config, values, wrapped);
  }
  const result = query.call(this, config, values);
  if (result && typeof result.then === 'function') {
    return result.then(
      (value) => {
        record(text, startedAt);
        return value;
      },
      (error) => {
        record(text, startedAt);
        throw error;
      },
    );
  }
  return result;
};

const profileFile = process.env.CPU_PROFILE_FILE;
let session;
if (profileFile) {
  session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
}

function writeTally() {
  const entries = [...tally.values()].sort((a, b) => b.ms - a.ms);
  writeFileSync(
    file,
    JSON.stringify({ elapsed_ms: performance.now() - since, statements: entries }, null, 1),
  );
  tally = new Map();
  since = performance.now();
}

process.on('SIGWINCH', () => {
  if (!session) return writeTally();
  session.post('Profiler.stop', (error, result) => {
    if (!error && result) writeFileSync(profileFile, JSON.stringify(result.profile));
    session.post('Profiler.start', () => writeTally());
  });
});
