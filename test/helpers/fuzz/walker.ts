import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { type Answer, envelopeProblems } from './envelope-check.js';
import type { FuzzWorld } from './fuzz-world.js';
import type { FuzzOperation } from './operations.js';
import { resourceKindOf } from './param-kinds.js';
import { bodyArbitrary } from './request-bodies.js';
import { headersArbitrary, pathArbitrary, queryArbitrary } from './request-parts.js';
import type { ValueSource } from './schema-values.js';

export interface FuzzRequest {
  operation: string;
  method: string;
  url: string;
  /** Whether the credentials are the ones the operation's security asks for. */
  validCredentials: boolean;
  /** Whether every part is plausible (store A's ids and credentials, plausible values). */
  clean: boolean;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** An answer breaking the contract, with the request that drew it. */
export interface Finding {
  index: number;
  request: FuzzRequest;
  status: number;
  problems: string[];
  answer: string;
}

export interface FuzzReport {
  sent: number;
  byStatus: Record<number, number>;
  /** Statuses of the requests sent with valid credentials. */
  byStatusWithValidCredentials: Record<number, number>;
  serverErrors: number;
  nonEnvelope: number;
  findings: Finding[];
  ms: number;
}

export interface WalkOptions {
  baseUrl: string;
  operations: FuzzOperation[];
  world: FuzzWorld;
  source: ValueSource;
  runs: number;
  seed: number;
  concurrency: number;
  /** A file to write every exchange to, one JSON line each (FUZZ_LOG). */
  log?: string;
}

function requestArbitrary(
  world: FuzzWorld,
  source: ValueSource,
  operation: FuzzOperation,
): fc.Arbitrary<FuzzRequest> {
  source = { ...source, ownKind: resourceKindOf(operation.path) };
  const drawn = (clean: boolean) =>
    fc.tuple(
      fc.constant(clean),
      pathArbitrary(world, source, operation, clean),
      queryArbitrary(source, operation, clean),
      headersArbitrary(world, operation, clean),
      bodyArbitrary(source, operation, clean),
    );
  // One request in five is clean throughout, to reach deep into the handlers.
  return fc
    .oneof({ weight: 1, arbitrary: drawn(true) }, { weight: 4, arbitrary: drawn(false) })
    .map(([clean, path, query, { valid, headers }, body]) => ({
      operation: `${operation.method} ${operation.path}`,
      method: operation.method,
      url: `${path}${query}`,
      validCredentials: valid,
      clean,
      headers: body?.contentType ? { ...headers, 'content-type': body.contentType } : headers,
      body: body?.body,
    }));
}

/** The seed of request `index`: each request can be drawn again on its own. */
const seedOf = (seed: number, index: number) => (seed ^ Math.imul(index + 1, 0x9e3779b1)) | 0;

/** Request `index` of a run: operations in turn, each request drawn from its own seed. */
export function fuzzRequestAt(
  options: Pick<WalkOptions, 'operations' | 'world' | 'source' | 'seed'>,
  index: number,
  cache = new Map<FuzzOperation, fc.Arbitrary<FuzzRequest>>(),
): FuzzRequest {
  const operation = options.operations[index % options.operations.length];
  let arbitrary = cache.get(operation);
  if (!arbitrary) {
    arbitrary = requestArbitrary(options.world, options.source, operation);
    cache.set(operation, arbitrary);
  }
  return fc.sample(arbitrary, { seed: seedOf(options.seed, index), numRuns: 1 })[0];
}

/** The headers with the staff token placeholders replaced by live tokens. */
async function liveHeaders(world: FuzzWorld, headers: Record<string, string>) {
  const authorization = headers.authorization;
  if (!authorization?.includes('staff-token:')) return headers;
  const tokens = await world.liveTokens();
  const token = authorization.replace(/staff-token:[a-z]+/, (name) => tokens.get(name) ?? name);
  return { ...headers, authorization: token };
}

async function send(baseUrl: string, world: FuzzWorld, request: FuzzRequest): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: await liveHeaders(world, request.headers),
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (error) {
    const cause = (error as Error).cause;
    return {
      status: 0,
      headers: new Headers(),
      text: `no answer: ${String(error)} (${String(cause)})`,
    };
  }
}

function logExchange(file: string, index: number, request: FuzzRequest, answer: Answer) {
  const { body, ...sent } = request;
  const line = {
    index,
    ...sent,
    body: body === undefined ? undefined : String(body).slice(0, 500),
    status: answer.status,
    answer: answer.text.slice(0, 500),
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** Sends `runs` generated requests, `concurrency` at a time, and checks every answer. */
export async function walkOperations(options: WalkOptions): Promise<FuzzReport> {
  const started = Date.now();
  const report: FuzzReport = {
    sent: 0,
    byStatus: {},
    byStatusWithValidCredentials: {},
    serverErrors: 0,
    nonEnvelope: 0,
    findings: [],
    ms: 0,
  };
  const cache = new Map<FuzzOperation, fc.Arbitrary<FuzzRequest>>();
  let next = 0;
  const worker = async () => {
    while (next < options.runs) {
      const index = next++;
      const request = fuzzRequestAt(options, index, cache);
      const answer = await send(options.baseUrl, options.world, request);
      if (options.log) logExchange(options.log, index, request, answer);
      report.sent++;
      for (const counts of request.validCredentials
        ? [report.byStatus, report.byStatusWithValidCredentials]
        : [report.byStatus])
        counts[answer.status] = (counts[answer.status] ?? 0) + 1;
      if (answer.status >= 200 && answer.status < 300) continue;
      const problems = envelopeProblems(answer);
      if (answer.status >= 500 || answer.status === 0) {
        report.serverErrors++;
        problems.unshift(answer.status ? `status ${answer.status}` : 'no answer');
      } else if (problems.length) report.nonEnvelope++;
      if (problems.length)
        report.findings.push({
          index,
          request,
          status: answer.status,
          problems,
          answer: answer.text.slice(0, 300),
        });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  report.ms = Date.now() - started;
  return report;
}

/** Findings grouped by operation, status and problem, one example request each. */
export function describeFindings(findings: Finding[], limit = 25): string {
  const groups = new Map<string, { count: number; example: Finding }>();
  for (const finding of findings) {
    const key = `${finding.request.operation} → ${finding.status} ${finding.problems.join('; ')}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { count: 1, example: finding });
  }
  return [...groups.entries()]
    .slice(0, limit)
    .map(([key, { count, example }]) => {
      const body =
        example.request.body === undefined
          ? ''
          : `\n    body: ${String(example.request.body).slice(0, 300)}`;
      return (
        `${count}× ${key}\n    #${example.index} ${example.request.method} ${example.request.url.slice(0, 300)}` +
        `\n    headers: ${JSON.stringify(example.request.headers).slice(0, 400)}${body}` +
        `\n    answer: ${example.answer}`
      );
    })
    .join('\n');
}
