// The growth benchmark: do request latencies stay flat as a store's data grows? Run only when
// named (`npm run bench -- --only growth`). It loads a store with 1,000 orders, copies the
// database (CREATE DATABASE … TEMPLATE), grows the copy to 1,000,000 orders, runs one service on
// each, and measures every scenario on both in interleaved rounds, so that the load of the machine
// at any moment weighs on both sizes alike. It fails when a scenario's p50 at the big size is
// more than MAX_RATIO times its p50 at the small one.
//
// Loading is SQL only: one real checkout (and one customer, one webhook delivery) made through
// the API serve as templates, and each table's rows are cloned from them with
// INSERT … SELECT over generate_series, overriding keys, numbers, tokens, emails and timestamps.
// Column lists are read from information_schema, so new columns are copied from the templates.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { checkout, createCarts, storeApi } from './carts.js';
import { restock, storePrimaryKey } from './database.js';
import { jsonClient } from './http-client.js';
import { percentile } from './stats.js';

export const MAX_RATIO = 1.5;
const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,1000000').split(',').map(Number);
/** Timed requests per scenario and size (after WARMUP untimed ones); checkouts: CHECKOUTS. */
const REQUESTS = Number(process.env.BENCH_GROWTH_REQUESTS ?? 100);
const WARMUP = 10;
const CHECKOUTS = Number(process.env.BENCH_GROWTH_CHECKOUTS ?? 10);
/**
 * Which scenarios run: comma-separated parts of their names (`products`, `admin GET /orders`);
 * every one when unset.
 */
const ONLY = (process.env.BENCH_GROWTH_SCENARIOS ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
/** Whether the grown copy outlives the run, to look into its plans (drop it by hand). */
const KEEP = process.env.BENCH_GROWTH_KEEP === '1';
/** Interleaved rounds; each runs REQUESTS / ROUNDS requests of each scenario on each size. */
const ROUNDS = Number(process.env.BENCH_GROWTH_ROUNDS ?? 5);
/** Rows per INSERT statement, so that one statement never holds a million rows' worth of work. */
const CHUNK = 200_000;
/** Orders per customer and per product. */
const ORDERS_PER_CUSTOMER = 10;
const ORDERS_PER_PRODUCT = 100;
const DOMAINS = ['example.com', 'example.org', 'example.net', 'shop.test'];

/**
 * A row's creation time, spread over the last year: the golden-ratio sequence of `g` places
 * rows evenly whatever their number, so each size has as many rows in any month as the next.
 */
const spreadAt = (g) =>
  `(now() - interval '365 days' * ((${g})::numeric * 0.6180339887498949 % 1))`;

/** The insertable columns of a table, in order. */
async function columnsOf(db, table) {
  const { rows } = await db.query(
    `SELECT column_name AS name, is_identity = 'YES' AS identity FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER'
      ORDER BY ordinal_position`,
    [table],
  );
  if (rows.length === 0) throw new Error(`No table ${table}`);
  return rows;
}

/**
 * Inserts, for every g in [from, to], a copy of each template row (`source`: a SELECT of the
 * table's rows plus `rank`, their 1-based position), with `overrides` (column → SQL over `g`,
 * `t` the template row and `t.rank`). An identity column not overridden takes new values.
 */
async function cloneRows(db, table, { source, params = [], from, to, overrides }) {
  const columns = (await columnsOf(db, table)).filter(
    (column) => !column.identity || overrides[column.name] !== undefined,
  );
  const names = columns.map((column) => `"${column.name}"`).join(', ');
  const values = columns.map((column) => overrides[column.name] ?? `t."${column.name}"`);
  const identity = columns.some((column) => column.identity) ? 'OVERRIDING SYSTEM VALUE' : '';
  for (let start = from; start <= to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK - 1);
    await db.query(
      `INSERT INTO "${table}" (${names}) ${identity}
       SELECT ${values.join(', ')}
         FROM generate_series($1::bigint, $2::bigint) AS g, (${source}) AS t`,
      [start, end, ...params],
    );
  }
}

/** A range of keys no other row will take: the identity sequence is moved past it. */
async function reserveKeys(db, table, count) {
  const { rows } = await db.query(`SELECT coalesce(max(id), 0) + 1000 AS base FROM "${table}"`);
  const base = BigInt(rows[0].base);
  await db.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2)`, [
    `"${table}"`,
    String(base + BigInt(count) + 1000n),
  ]);
  return String(base);
}

const ranked = (table, where) =>
  `SELECT x.*, row_number() OVER (ORDER BY x.id) AS rank FROM "${table}" x WHERE ${where}`;

/** Counts the template rows of `table` matching `where` ($1 its parameter). */
async function countOf(db, table, where, param) {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM "${table}" WHERE ${where}`, [
    param,
  ]);
  return rows[0].n;
}

/**
 * The SQL loader. `templates` are the primary keys of the rows made through the API; `keys` the
 * reserved key ranges. `grow(size)` adds rows until the store holds `size` generated orders.
 */
async function growthLoader(setupDb, templates, log) {
  let db = setupDb;
  const maxSize = Math.max(...SIZES);
  const counts = {
    lineItems: await countOf(db, 'line_items', 'order_id = $1', templates.order),
    payments: await countOf(db, 'payments', 'order_id = $1', templates.order),
    shipments: await countOf(db, 'shipments', 'order_id = $1', templates.order),
    variants: await countOf(db, 'variants', 'product_id = $1', templates.product),
  };
  if (counts.lineItems === 0 || counts.variants === 0) throw new Error('Empty template order');
  const keys = {
    orders: await reserveKeys(db, 'orders', maxSize),
    line_items: await reserveKeys(db, 'line_items', maxSize * counts.lineItems),
    customers: await reserveKeys(db, 'customers', maxSize / ORDERS_PER_CUSTOMER),
    products: await reserveKeys(db, 'products', maxSize / ORDERS_PER_PRODUCT),
    variants: await reserveKeys(db, 'variants', (maxSize / ORDERS_PER_PRODUCT) * counts.variants),
  };
  let loaded = 0;

  /** Adds rows, through `target` (a copy of the database grown so far, or the same one). */
  async function grow(size, target = db) {
    db = target;
    const from = loaded + 1;
    const started = performance.now();
    const customers = size / ORDERS_PER_CUSTOMER;
    const firstCustomer = loaded / ORDERS_PER_CUSTOMER + 1;
    const products = size / ORDERS_PER_PRODUCT;
    const firstProduct = loaded / ORDERS_PER_PRODUCT + 1;
    const stamp = (column) => spreadAt(column);

    await cloneRows(db, 'customers', {
      source: ranked('customers', 'x.id = $3'),
      params: [templates.customer],
      from: firstCustomer,
      to: customers,
      overrides: {
        id: `${keys.customers} + g`,
        email: `'growth' || g || '@' || (ARRAY['${DOMAINS.join("','")}'])[1 + g % ${DOMAINS.length}]`,
        first_name: `'Customer'`,
        last_name: `'No. ' || g`,
        created_at: stamp('g'),
        updated_at: stamp('g'),
      },
    });
    log(`  ${customers - firstCustomer + 1} customers`);

    // Order g belongs to customer 1 + (g - 1) % customers; at the first size that customer's
    // orders go to the signed-in template customer, so it has ORDERS_PER_CUSTOMER at every size.
    const customerOf = `CASE WHEN $3::boolean AND (g - 1) % ${customers} = 0 THEN $4::bigint
      ELSE ${keys.customers} + 1 + (g - 1) % ${customers} END`;
    const emailOf = `(SELECT email FROM customers c WHERE c.id = ${customerOf})`;
    const orderAt = stamp('g');
    const canceled = `g % 10 = 0`;
    await cloneRows(db, 'orders', {
      source: ranked('orders', 'x.id = $5'),
      params: [from === 1, templates.customer, templates.order],
      from,
      to: size,
      overrides: {
        id: `${keys.orders} + g`,
        number: `'R9' || lpad(g::text, 8, '0')`,
        token_digest: `md5('growth-order-' || g) || md5('growth-token-' || g)`,
        token_sealed: 'NULL',
        customer_id: customerOf,
        email: emailOf,
        state: `CASE WHEN ${canceled} THEN 'canceled' ELSE 'complete' END`,
        created_at: orderAt,
        updated_at: `${orderAt} + interval '10 minutes'`,
        completed_at: `${orderAt} + interval '5 minutes'`,
        canceled_at: `CASE WHEN ${canceled} THEN ${orderAt} + interval '1 day' END`,
      },
    });
    log(`  ${size - from + 1} orders`);

    const lineItemOf = (rank) => `${keys.line_items} + (g - 1) * ${counts.lineItems} + ${rank}`;
    // Every order's lines, payments and shipments: the template order's, renumbered per order.
    const cloneOrderParts = (table, overrides) =>
      cloneRows(db, table, {
        source: ranked(table, 'x.order_id = $3'),
        params: [templates.order],
        from,
        to: size,
        overrides: {
          order_id: `${keys.orders} + g`,
          created_at: orderAt,
          updated_at: orderAt,
          ...overrides,
        },
      });
    await cloneOrderParts('line_items', { id: lineItemOf('t.rank') });
    await cloneOrderParts('payments', {
      number: `'P9' || lpad((g * ${counts.payments} + t.rank)::text, 9, '0')`,
    });
    await cloneOrderParts('shipments', {
      number: `'H9' || lpad((g * ${counts.shipments} + t.rank)::text, 11, '0')`,
      line_item_ids: `ARRAY(SELECT ${lineItemOf('r')} FROM generate_series(1, ${counts.lineItems}) r)`,
    });
    log(`  their line items, payments and shipments`);

    const variantOf = (rank) => `${keys.variants} + (g - 1) * ${counts.variants} + ${rank}`;
    await cloneRows(db, 'products', {
      source: ranked('products', 'x.id = $3'),
      params: [templates.product],
      from: firstProduct,
      to: products,
      overrides: {
        id: `${keys.products} + g`,
        name: `'Growth product ' || g`,
        slug: `'growth-product-' || g`,
        created_at: stamp('g'),
        updated_at: stamp('g'),
      },
    });
    await cloneRows(db, 'variants', {
      source: ranked('variants', 'x.product_id = $3'),
      params: [templates.product],
      from: firstProduct,
      to: products,
      overrides: {
        id: variantOf('t.rank'),
        product_id: `${keys.products} + g`,
        sku: `CASE WHEN t.sku = '' THEN '' ELSE 'GROWTH-' || g || '-' || t.rank END`,
      },
    });
    const variantRank = `(SELECT v.rank FROM (${ranked('variants', 'x.product_id = $3')}) v WHERE v.id = t.variant_id)`;
    for (const table of ['prices', 'stock_items', 'variant_option_values']) {
      await cloneRows(db, table, {
        source: `SELECT x.*, 1 AS rank FROM "${table}" x JOIN variants v ON v.id = x.variant_id WHERE v.product_id = $3`,
        params: [templates.product],
        from: firstProduct,
        to: products,
        overrides: { variant_id: variantOf(variantRank) },
      });
    }
    await cloneRows(db, 'product_categories', {
      source: `SELECT x.*, 1 AS rank FROM product_categories x WHERE x.product_id = $3`,
      params: [templates.product],
      from: firstProduct,
      to: products,
      overrides: { product_id: `${keys.products} + g` },
    });
    log(`  ${products - firstProduct + 1} products with their variants`);

    await cloneRows(db, 'webhook_deliveries', {
      source: ranked('webhook_deliveries', 'x.id = $3'),
      params: [templates.delivery],
      from,
      to: size,
      overrides: {
        event_id: `md5('growth-delivery-' || g)::uuid`,
        delivered_at: stamp('g'),
        finished_at: `${stamp('g')} + interval '40 milliseconds'`,
      },
    });
    log(`  ${size - from + 1} webhook deliveries`);

    await db.query('VACUUM ANALYZE');
    loaded = size;
    log(`  loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return { grow };
}

/** Timed sequential runs of `request`: pushes each one's milliseconds to `latencies`. */
async function timed(request, count, latencies) {
  for (let i = 0; i < count; i++) {
    const begin = performance.now();
    await request();
    latencies.push(performance.now() - begin);
  }
}

/** The scenarios on the service of one size: [name, request, count per round]. */
async function prepareSize({ size, service, credentials, variant, customer, endpointId }) {
  const http = jsonClient(service.url, { maxSockets: 1 });
  const api = storeApi(service.url, credentials.publishable_key, { maxSockets: 1 });
  const store = { 'x-store-api-key': credentials.publishable_key };
  const admin = { 'x-store-api-key': credentials.secret_key };
  const get = (path, headers) => http.request('GET', path, { headers });
  const adminGet = (path) => get(`/api/v3/admin${path}`, admin);
  const { token } = await http.request('POST', '/api/v3/store/auth/login', {
    headers: store,
    json: { email: customer.email, password: customer.password },
  });
  const signedIn = { ...store, authorization: `Bearer ${token}` };
  // A deep position: the order (delivery) in the middle of the newest-first list, found once
  // by page number (an offset scan, untimed).
  const middle = Math.max(1, Math.floor(size / 2));
  const [deepOrder] = (await adminGet(`/orders?limit=1&page=${middle}`)).data;
  const deliveries = `/webhook_endpoints/${endpointId}/deliveries`;
  const [deepDelivery] = (await adminGet(`${deliveries}?limit=1&page=${middle}`)).data;
  const number = `R9${String(Math.ceil(size / 3)).padStart(8, '0')}`;
  const month = Date.now() - 60 * 86_400_000;
  const range = `completed_at_gte=${new Date(month - 30 * 86_400_000).toISOString()}&completed_at_lte=${new Date(month).toISOString()}`;
  const carts = await createCarts(api, 20, variant.id, { concurrency: 1 });
  let added = 0;
  const perRound = Math.max(1, Math.round(REQUESTS / ROUNDS));
  const checkouts = Math.max(1, Math.round(CHECKOUTS / ROUNDS));
  const scenarios = [
    ['store GET /products/:id', () => get(`/api/v3/store/products/${variant.productId}`, store)],
    [
      'store GET /products (filtered)',
      () =>
        get(
          '/api/v3/store/products?limit=12&sort=-created_at&q[in_stock]=true&q[price_gte]=1',
          store,
        ),
    ],
    [
      'store GET /products?sort=price (filtered)',
      () =>
        get('/api/v3/store/products?limit=12&sort=price&q[in_stock]=true&q[price_gte]=1', store),
    ],
    ['store POST /carts/:id/items', () => api.addItem(carts[added++ % carts.length], variant.id)],
    ['store GET /customers/me/orders', () => get('/api/v3/store/customers/me/orders', signedIn)],
    ['admin GET /orders', () => adminGet('/orders')],
    ['admin GET /orders?state=canceled', () => adminGet('/orders?state=canceled')],
    [
      'admin GET /orders?email=',
      () => adminGet(`/orders?email=${encodeURIComponent(customer.email.toUpperCase())}`),
    ],
    ['admin GET /orders?number=', () => adminGet(`/orders?number=${number}`)],
    ['admin GET /orders?completed_at range', () => adminGet(`/orders?${range}`)],
    [
      'admin GET /orders?starting_after (middle)',
      () => adminGet(`/orders?starting_after=${deepOrder.id}`),
    ],
    [
      'admin GET /customers?email=',
      () => adminGet(`/customers?email=${encodeURIComponent(customer.email)}`),
    ],
    ['admin GET /customers', () => adminGet('/customers')],
    ['admin GET /webhook_endpoints/:id/deliveries', () => adminGet(deliveries)],
    [
      'admin GET …/deliveries?starting_after (middle)',
      () => adminGet(`${deliveries}?starting_after=${deepDelivery.id}`),
    ],
  ].map(([name, request]) => ({ name, request, perRound }));
  scenarios.push({
    name: `full checkout (6 requests)`,
    request: () => checkout(api, variant.id),
    perRound: checkouts,
  });
  const chosen = scenarios.filter(
    (scenario) => ONLY.length === 0 || ONLY.some((part) => scenario.name.includes(part)),
  );
  if (chosen.length === 0) {
    throw new Error(
      `BENCH_GROWTH_SCENARIOS=${ONLY.join(',')} names none of: ${scenarios.map((s) => s.name).join('; ')}`,
    );
  }
  return {
    scenarios: chosen,
    close() {
      http.close();
      api.close();
    },
  };
}

/**
 * Every scenario on every size: a warm-up, then ROUNDS rounds in which each scenario runs on one
 * size then the next. Answers, per size, scenario name → sorted latencies.
 */
async function measureInterleaved(sizes, log) {
  const latencies = sizes.map(() => new Map());
  for (const [i, size] of sizes.entries()) {
    for (const scenario of size.scenarios) {
      latencies[i].set(scenario.name, []);
      await timed(scenario.request, Math.min(WARMUP, scenario.perRound * 2), []);
    }
  }
  for (let round = 1; round <= ROUNDS; round++) {
    log(`Round ${round} of ${ROUNDS}`);
    for (const [index, scenario] of sizes[0].scenarios.entries()) {
      for (const [i, size] of sizes.entries()) {
        await timed(
          size.scenarios[index].request,
          scenario.perRound,
          latencies[i].get(scenario.name),
        );
      }
    }
  }
  return latencies.map(
    (byName) =>
      new Map(
        [...byName].map(([name, values]) => {
          const sorted = [...values].sort((a, b) => a - b);
          return [name, { p50_ms: percentile(sorted, 50), p99_ms: percentile(sorted, 99) }];
        }),
      ),
  );
}

/** Templates made through the API: a customer, a placed order, a webhook delivery. */
async function makeTemplates({ db, service, credentials, storeKey, variant }) {
  const store = jsonClient(service.url, { maxSockets: 1 });
  const api = storeApi(service.url, credentials.publishable_key, { maxSockets: 1 });
  try {
    const customer = {
      email: `growth-shopper-${Date.now()}@example.com`,
      password: 'growth-bench-password',
    };
    await store.request('POST', '/api/v3/store/customers', {
      headers: { 'x-store-api-key': credentials.publishable_key },
      json: customer,
    });
    const order = await checkout(api, variant.id);
    const admin = { 'x-store-api-key': credentials.secret_key };
    const endpoint = await store.request('POST', '/api/v3/admin/webhook_endpoints', {
      headers: admin,
      json: { url: 'http://127.0.0.1:9/growth', subscriptions: ['product.deleted'] },
    });
    // Nothing listens on port 9: the attempt is recorded as failed, which is all a template needs.
    await store
      .request('POST', `/api/v3/admin/webhook_endpoints/${endpoint.id}/send_test`, {
        headers: admin,
        json: {},
      })
      .catch(() => undefined);
    const one = async (sql, params) => {
      const { rows } = await db.query(sql, params);
      if (rows.length !== 1) throw new Error(`Expected one row of: ${sql}`);
      return rows[0].id;
    };
    return {
      customer,
      endpointId: endpoint.id,
      keys: {
        customer: await one('SELECT id FROM customers WHERE store_id = $1 AND email = $2', [
          storeKey,
          customer.email,
        ]),
        order: await one('SELECT id FROM orders WHERE store_id = $1 AND number = $2', [
          storeKey,
          order.number,
        ]),
        product: await one('SELECT product_id AS id FROM variants WHERE id = $1', [variant.key]),
        delivery: await one(
          `SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
            WHERE e.store_id = $1 ORDER BY d.id DESC LIMIT 1`,
          [storeKey],
        ),
      },
    };
  } finally {
    store.close();
    api.close();
  }
}

/** A copy of the database at `url` (no one may be connected to it), dropped by `drop`. */
async function copyDatabase(url, suffix) {
  const source = new URL(url);
  const name = `${source.pathname.slice(1)}_${suffix}`;
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [source.pathname.slice(1)],
    );
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${source.pathname.slice(1)}"`);
  } finally {
    await admin.end();
  }
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  return {
    url: copy.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server.toString() });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function connect(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return db;
}

/**
 * Runs the growth group. `startService(name, databaseUrl)` starts the built service on a
 * database and answers `{ url, proc }`; the one on `dbUrl` runs already (`service`). Answers one
 * row per scenario with its p50/p99 at the small and the big size and their ratio.
 */
export async function measureGrowth({ service, startService, dbUrl, credentials, log, cleanups }) {
  const [smallSize, bigSize] = [SIZES[0], SIZES.at(-1)];
  let db = await connect(dbUrl);
  let bigDb;
  try {
    const storeKey = await storePrimaryKey(dbUrl, credentials.publishable_key);
    await restock(dbUrl, storeKey, 100_000_000);
    const { data: products } = await jsonClient(service.url).request(
      'GET',
      '/api/v3/store/products?limit=100&expand=variants',
      { headers: { 'x-store-api-key': credentials.publishable_key } },
    );
    const product = products.find((candidate) =>
      (candidate.variants ?? []).some((v) => v.track_inventory),
    );
    if (!product) throw new Error('The bench store has no stock-tracked variant');
    const apiVariant = product.variants.find((v) => v.track_inventory);
    const { rows } = await db.query('SELECT id FROM variants WHERE store_id = $1 AND sku = $2', [
      storeKey,
      apiVariant.sku,
    ]);
    const variant = { id: apiVariant.id, productId: product.id, key: rows[0].id };
    log('Making the template rows through the API');
    const templates = await makeTemplates({ db, service, credentials, storeKey, variant });
    const loader = await growthLoader(db, templates.keys, log);
    log(`Loading ${smallSize.toLocaleString('en')} orders`);
    await loader.grow(smallSize);

    log(`Copying the database, to grow the copy to ${bigSize.toLocaleString('en')} orders`);
    await service.proc.stop();
    await db.end();
    const big = await copyDatabase(dbUrl, 'big');
    if (KEEP) log(`Keeping the big database: ${big.url}`);
    else cleanups.push(big.drop);
    db = await connect(dbUrl);
    bigDb = await connect(big.url);
    await loader.grow(bigSize, bigDb);

    log('Starting a service on each database');
    const services = [await startService('small', dbUrl), await startService('big', big.url)];
    const prepared = [];
    for (const [i, size] of [smallSize, bigSize].entries()) {
      prepared.push(
        await prepareSize({
          size,
          service: services[i],
          credentials,
          variant,
          customer: templates.customer,
          endpointId: templates.endpointId,
        }),
      );
    }
    try {
      const [small, large] = await measureInterleaved(prepared, log);
      return [...small.keys()].map((scenario) => ({
        scenario,
        small: small.get(scenario),
        big: large.get(scenario),
        ratio: large.get(scenario).p50_ms / small.get(scenario).p50_ms,
      }));
    } finally {
      for (const size of prepared) size.close();
    }
  } finally {
    await db.end();
    await bigDb?.end();
  }
}

/** The table of the growth group; answers whether every ratio is within MAX_RATIO. */
export function printGrowthTable(rows, write) {
  const [small, big] = [SIZES[0], SIZES.at(-1)].map((size) => size.toLocaleString('en'));
  const header = [
    'scenario',
    `p50 ms @${small}`,
    `p99 ms @${small}`,
    `p50 ms @${big}`,
    `p99 ms @${big}`,
    'p50 ratio',
  ];
  const cells = rows.map((row) => [
    row.scenario,
    row.small.p50_ms.toFixed(2),
    row.small.p99_ms.toFixed(2),
    row.big.p50_ms.toFixed(2),
    row.big.p99_ms.toFixed(2),
    `${row.ratio.toFixed(2)}${row.ratio > MAX_RATIO ? ' !' : ''}`,
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...cells].map((r) => r[i].length)));
  const line = (r) =>
    `| ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  write(
    [
      `growth: ${REQUESTS} sequential requests per scenario and size (${CHECKOUTS} checkouts) in ${ROUNDS} rounds interleaving the sizes, one connection each; ratio = p50 @${big} / p50 @${small}, at most ${MAX_RATIO}`,
      line(header),
      rule,
      ...cells.map(line),
      '',
    ].join('\n'),
  );
  return rows.every((row) => row.ratio <= MAX_RATIO);
}
