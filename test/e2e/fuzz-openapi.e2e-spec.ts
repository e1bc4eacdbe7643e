import { jest } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import { catalogSnapshot } from '../helpers/fuzz/catalog-snapshot.js';
import { buildFuzzWorld, type FuzzWorld } from '../helpers/fuzz/fuzz-world.js';
import { type FuzzOperation, operationsOf } from '../helpers/fuzz/operations.js';
import { describeFindings, type FuzzReport, walkOperations } from '../helpers/fuzz/walker.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * Property-based walk over every operation of the service's own OpenAPI document with hostile
 * input. Reproducible: FUZZ_SEED picks the run (printed on failure), FUZZ_RUNS the number of
 * requests, FUZZ_OPERATIONS (a regular expression on "METHOD /path") narrows the operations,
 * FUZZ_LOG names a file to write every exchange to (JSON lines).
 *
 * About one body in fifty is amplified (request-bodies.ts): one position of the body (the body
 * itself, a member, an array's item) holds thousands of `{}`, numbers or strings, a deep and
 * wide object (up to 42 levels, thousands of keys) or one long string, sized so that the whole
 * body is just under BODY_LIMIT_BYTES, well under it, or over it (413). Those answers must be
 * refusals in the envelope like any other; how long they take is the hostile bench's subject.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5_000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const ONLY = process.env.FUZZ_OPERATIONS ? new RegExp(process.env.FUZZ_OPERATIONS) : undefined;

const RELAXED_LIMITS = Object.fromEntries(
  [
    'LOGIN',
    'REFRESH',
    'LOGOUT',
    'REGISTRATION',
    'PASSWORD_RESET',
    'PUBLISHABLE_KEY',
    'SECRET_KEY',
    'FAILED_AUTH',
  ].map((name) => [`RATE_LIMIT_${name}_PER_MINUTE`, '1000000']),
);

// Setup places orders in two stores; the walk itself is bounded by FUZZ_RUNS.
jest.setTimeout(Math.max(600_000, RUNS * 100));

describe(`OpenAPI fuzz (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`, () => {
  let t: TestApp;
  let document: OpenAPIObject;
  let operations: FuzzOperation[];
  let world: FuzzWorld;
  let catalogOfB: unknown;
  let prototypeMembers: string[];
  let report: FuzzReport;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        ...RELAXED_LIMITS,
        WEBHOOK_TIMEOUT_MS: '2000',
      },
    });
    document = (await t.http.get('/docs/json')).body;
    operations = operationsOf(document);
    world = await buildFuzzWorld(t, operations);
    catalogOfB = await catalogSnapshot(t, world.b.shop.store_id);
    prototypeMembers = Object.getOwnPropertyNames(Object.prototype);
  });
  afterAll(() => t?.close());

  it('walks every documented operation with hostile input: no 5xx, every refusal in the envelope', async () => {
    expect(operations.length).toBeGreaterThan(200);
    const walked = ONLY
      ? operations.filter((operation) => ONLY.test(`${operation.method} ${operation.path}`))
      : operations;
    report = await walkOperations({
      baseUrl: t.baseUrl,
      operations: walked,
      world,
      source: { document, ids: world.a.ids },
      runs: RUNS,
      seed: SEED,
      concurrency: CONCURRENCY,
      log: process.env.FUZZ_LOG,
    });
    const summary =
      `fuzz FUZZ_SEED=${SEED}: ${report.sent} requests over ${walked.length} operations in ` +
      `${(report.ms / 1000).toFixed(1)} s; 5xx/no answer ${report.serverErrors}, ` +
      `non-envelope ${report.nonEnvelope}; statuses ${JSON.stringify(report.byStatus)}, ` +
      `with valid credentials ${JSON.stringify(report.byStatusWithValidCredentials)}`;
    process.stdout.write(`${summary}\n`);
    const failures = report.findings.length
      ? `${summary}\nReproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}\n${describeFindings(report.findings)}`
      : '';
    expect(failures).toBe('');
    expect(report.sent).toBe(RUNS);
  });

  it('is healthy afterwards, with the other store’s catalog intact and no prototype polluted', async () => {
    expect((await t.http.get('/health')).status).toBe(200);
    expect(await catalogSnapshot(t, world.b.shop.store_id)).toEqual(catalogOfB);
    const listing = await t.http.get('/api/v3/store/products?limit=100', {
      'x-store-api-key': world.b.shop.publishable_key,
    });
    expect(listing.status).toBe(200);
    expect(listing.body.data.length).toBeGreaterThan(0);
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeMembers);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
