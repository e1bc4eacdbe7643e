// The statements a service process sends, per request of each checkout step. The process runs
// with `--import ./bench/lib/pg-trace.js` and PG_TRACE_FILE; each SIGWINCH makes it write the
// tally of the window that ends and start a new one.
import { readFile, rm } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';

/** Issue targets per step (statements per request); `null` where none is set. */
export const STATEMENT_BUDGETS = {
  'POST /carts': null,
  'POST /carts/:id/items': null,
  'PATCH /carts/:id (address)': 10,
  'GET /carts/:id/payment_methods': null,
  'POST /carts/:id/payments': 10,
  'POST /carts/:id/complete': 15,
};
export const CHECKOUT_STATEMENT_BUDGET = 45;

/** Ends the process's current tally window and answers its statements. */
export async function tracedStatements(proc, file) {
  process.kill(proc.pid, 'SIGWINCH');
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const tally = JSON.parse(await readFile(file, 'utf8'));
      await rm(file);
      return tally;
    } catch {
      // not written yet
    }
  }
  throw new Error(`${proc.name} wrote no statement tally`);
}

/**
 * `count` guest checkouts advanced one step at a time (every cart created, then every cart given
 * its item, …). `measure(step, run)` is called once per step, in order, and answers that step's
 * row; `run()` sends the step's `count` requests, one at a time, and answers their mean latency.
 */
export async function eachCheckoutStep(api, variantId, count, measure) {
  const carts = [];
  const methods = [];
  const steps = [
    ['POST /carts', async () => carts.push(await api.createCart())],
    ['POST /carts/:id/items', (i) => api.addItem(carts[i], variantId, 1)],
    ['PATCH /carts/:id (address)', (i) => api.address(carts[i])],
    [
      'GET /carts/:id/payment_methods',
      async (i) => methods.push(await api.testCardMethodId(carts[i])),
    ],
    ['POST /carts/:id/payments', (i) => api.pay(carts[i], methods[i])],
    ['POST /carts/:id/complete', (i) => api.complete(carts[i])],
  ];
  const rows = [];
  for (const [step, request] of steps) {
    rows.push(
      await measure(step, async () => {
        const begin = performance.now();
        for (let i = 0; i < count; i++) await request(i);
        return (performance.now() - begin) / count;
      }),
    );
  }
  return rows;
}

/**
 * The statements of `count` guest checkouts advanced one step at a time, the tally read after
 * each step. Answers one row per step: statements and time waiting on PostgreSQL per request,
 * the request's mean latency, and the step's statements.
 */
export async function checkoutStatements(api, proc, traceFile, variantId, count) {
  await tracedStatements(proc, traceFile); // start a clean tally
  return eachCheckoutStep(api, variantId, count, async (step, run) => {
    const requestMs = await run();
    const { statements } = await tracedStatements(proc, traceFile);
    return {
      step,
      statements: statements.reduce((sum, entry) => sum + entry.count, 0) / count,
      db_ms: statements.reduce((sum, entry) => sum + entry.ms, 0) / count,
      request_ms: requestMs,
      budget: STATEMENT_BUDGETS[step],
      detail: statements,
    };
  });
}

/** The per-step table, with the whole checkout's total and the budgets beside. */
export function formatCheckoutStatements(rows, count) {
  const total = rows.reduce((sum, row) => sum + row.statements, 0);
  const budget = (value) => (value === null || value === undefined ? '' : `≤ ${value}`);
  return [
    `Statements per checkout step (${count} guest card checkouts, one step at a time; counted in the service process, relay included)`,
    '| step | statements | target | ms waiting on PostgreSQL | request ms |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.step} | ${row.statements.toFixed(1)} | ${budget(row.budget)} | ${row.db_ms.toFixed(2)} | ${row.request_ms.toFixed(2)} |`,
    ),
    `| whole checkout | ${total.toFixed(1)} | ${budget(CHECKOUT_STATEMENT_BUDGET)} | ${rows
      .reduce((sum, row) => sum + row.db_ms, 0)
      .toFixed(2)} | ${rows.reduce((sum, row) => sum + row.request_ms, 0).toFixed(2)} |`,
    '',
  ].join('\n');
}

// Automatic promotions are read within the recalculation's own read and their discounts written
// with its other writes: a change that moves a discount may send one statement more.
export const PROMOTIONS_EXTRA_STATEMENTS = 1;

/**
 * The statements of `count` adds of one unit to carts that already hold the line (as the timed
 * adds), one at a time, for each flow `{ name, api, carts, variantId }` in turn. Answers one row
 * per flow; a flow after the first has the first's statements plus PROMOTIONS_EXTRA_STATEMENTS
 * as its budget.
 */
export async function addToCartStatements(proc, traceFile, count, flows) {
  const rows = [];
  for (const { name, api, carts, variantId } of flows) {
    await api.addItem(carts[0], variantId, 1); // warm-up: prepared statements, caches
    await tracedStatements(proc, traceFile); // start a clean tally
    const begin = performance.now();
    for (let i = 0; i < count; i++) await api.addItem(carts[i], variantId, 1);
    const requestMs = (performance.now() - begin) / count;
    const { statements } = await tracedStatements(proc, traceFile);
    rows.push({
      flow: name,
      statements: statements.reduce((sum, entry) => sum + entry.count, 0) / count,
      db_ms: statements.reduce((sum, entry) => sum + entry.ms, 0) / count,
      request_ms: requestMs,
      budget: rows.length === 0 ? null : rows[0].statements + PROMOTIONS_EXTRA_STATEMENTS,
      detail: statements,
    });
  }
  return rows;
}

/**
 * The add-to-cart flows' statements, with their budgets beside, then the statements each later
 * flow sends more or less often than the first, per add.
 */
export function formatAddToCartStatements(rows, count) {
  const budget = (value) => (value === null ? '' : `≤ ${value.toFixed(1)}`);
  const perAdd = (row) =>
    new Map(row.detail.map((entry) => [entry.statement, entry.count / count]));
  const [first, ...later] = rows;
  const differences = later.flatMap((row) => {
    const mine = perAdd(row);
    const theirs = perAdd(first);
    return (
      [...new Set([...mine.keys(), ...theirs.keys()])]
        .map((statement) => [statement, (mine.get(statement) ?? 0) - (theirs.get(statement) ?? 0)])
        // Background work (sweeps, relays) lands in a window now and then: only steady differences.
        .filter(([, difference]) => Math.abs(difference) >= 0.25)
        .map(
          ([statement, difference]) =>
            `  ${row.flow}: ${difference > 0 ? '+' : ''}${difference.toFixed(2)} ${statement.slice(0, 100)}`,
        )
    );
  });
  return [
    `Statements per add-to-cart (${count} adds of one unit to carts already holding the line, one at a time; relay included)`,
    '| flow | statements | target | ms waiting on PostgreSQL | request ms |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.flow} | ${row.statements.toFixed(1)} | ${budget(row.budget)} | ${row.db_ms.toFixed(2)} | ${row.request_ms.toFixed(2)} |`,
    ),
    ...(differences.length ? [`Per add, beside ${first.flow}:`, ...differences] : []),
    'Milliseconds waiting on PostgreSQL per add, by statement (those sent once an add or more):',
    ...rows.flatMap((row) =>
      row.detail
        .filter((entry) => entry.count / count >= 0.75)
        .sort((a, b) => b.ms - a.ms)
        .map(
          (entry) =>
            `  ${row.flow}: ${(entry.ms / count).toFixed(2)} ${entry.statement.slice(0, 100)}`,
        ),
    ),
    '',
  ].join('\n');
}
