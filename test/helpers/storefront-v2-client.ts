import { randomBytes } from 'node:crypto';
import v2sdk from '@spree/storefront-api-v2-sdk';
import type {
  Client as StorefrontV2Client,
  CreateFetcher,
  FetchConfig,
  ResultResponse,
} from '@spree/storefront-api-v2-sdk';
import { jsonApiDocumentProblems } from './json-api-document-check.js';
import { type SdkShop, sdkShopForThisFile } from './spree-sdk-fixtures.js';
import { renameSpreeHeaders } from './spree-sdk-client.js';

const { makeClient, objectToQuerystring, FetchError, SpreeError } = v2sdk;

export type { StorefrontV2Client };

/** One response the v2 client received, handed to the response hook. */
export interface V2Exchange {
  method: string;
  /** Path below `/api/v2/storefront`, without the query string (e.g. `/checkout/next`). */
  path: string;
  url: string;
  status: number;
  contentType: string | null;
  /** The parsed body: JSON when the response says it is, else its text (`''` when empty). */
  body: unknown;
}

export interface V2FetcherOptions {
  /**
   * Sent as `X-Store-API-Key`: it selects the test's store among the many a database holds.
   * Without it the store is the one the request's host names, as for a storefront with no key.
   */
  publishableKey?: string;
  /** Called with every response before the client sees it. */
  onResponse?: (exchange: V2Exchange) => void;
}

const STOREFRONT_PATH = '/api/v2/storefront';
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The parsed body of each response the fetcher handed to the client, to read refusals by. */
const bodies = new WeakMap<object, unknown>();

async function parsedBody(response: Response, parsing: FetchConfig['responseParsing']) {
  if (parsing === 'stream') return response.body;
  const text = await response.text();
  if (parsing === 'text') return text;
  if (parsing === 'json') return JSON.parse(text) as unknown;
  const contentType = response.headers.get('content-type') ?? '';
  return text && /[/+]json\b/.test(contentType) ? (JSON.parse(text) as unknown) : text;
}

/**
 * The `createFetcher` of the client's configuration, over the global `fetch`: JSON bodies (as the
 * client's own fetchers send them), GET parameters in the client's query-string format, every
 * `X-Spree-*` request header under its contract name `X-Store-*`, and the store's publishable
 * key. A non-2xx answer throws the client's `FetchError` carrying the response and its parsed
 * body, which the client turns into its `SpreeError`s.
 */
export function createFetcher(options: V2FetcherOptions): CreateFetcher {
  return ({ host }) => ({
    async fetch({ url, params, method, headers, responseParsing }) {
      const verb = method.toUpperCase();
      const target = new URL(url, host.endsWith('/') ? host : `${host}/`);
      const sendsBody = WITH_BODY.has(verb);
      if (!sendsBody) target.search = objectToQuerystring(params ?? {});
      const init: RequestInit = {
        method: verb,
        headers: renameSpreeHeaders(
          { 'Content-Type': 'application/json' },
          headers,
          options.publishableKey ? { 'X-Store-API-Key': options.publishableKey } : {},
        ),
        ...(sendsBody ? { body: JSON.stringify(params ?? {}) } : {}),
      };
      const response = await fetch(target, init);
      const data = await parsedBody(response, responseParsing);
      bodies.set(response, data);
      options.onResponse?.({
        method: verb,
        path: target.pathname.startsWith(STOREFRONT_PATH)
          ? target.pathname.slice(STOREFRONT_PATH.length)
          : target.pathname,
        url: target.toString(),
        status: response.status,
        contentType: response.headers.get('content-type'),
        body: data,
      });
      if (!response.ok) throw new FetchError(response, init, data, response.statusText);
      return { data };
    },
  });
}

/** The unmodified Storefront v2 client against a test app, through {@link createFetcher}. */
export function createStorefrontV2Client(
  baseUrl: string,
  options: V2FetcherOptions,
): StorefrontV2Client {
  return makeClient({ host: baseUrl, createFetcher: createFetcher(options) });
}

export const JSON_API_MEDIA_TYPE = 'application/vnd.api+json';

/** A problem one v2 response has: its media type, its JSON:API document or its error envelope. */
export interface V2Problem {
  method: string;
  path: string;
  status: number;
  problems: string[];
}

/** What is wrong with the contract's error envelope `{ error: { code, message, details? } }`. */
export function errorEnvelopeProblems(body: unknown): string[] {
  const envelope = body as { error?: Record<string, unknown> } | null;
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope))
    return ['$: an error body is a JSON object'];
  const problems: string[] = [];
  if (Object.keys(envelope).join() !== 'error') problems.push('$: only the member error');
  const error = envelope.error;
  if (typeof error !== 'object' || error === null) return [...problems, '$.error: not an object'];
  for (const key of Object.keys(error)) {
    if (!['code', 'message', 'details'].includes(key)) problems.push(`$.error.${key}: unexpected`);
  }
  if (typeof error.code !== 'string' || !error.code) problems.push('$.error.code: not a string');
  if (typeof error.message !== 'string' || !error.message)
    problems.push('$.error.message: not a string');
  if (error.details !== undefined && (typeof error.details !== 'object' || error.details === null))
    problems.push('$.error.details: not an object');
  return problems;
}

/** The problems of one v2 response: none when it is what the contract promises. */
export function v2ResponseProblems(exchange: V2Exchange): string[] {
  if (exchange.status < 400 && NOT_DOCUMENTS.some((path) => path.test(exchange.path))) return [];
  const problems: string[] = [];
  const hasBody = exchange.body !== '' && exchange.body !== undefined;
  if (hasBody && !exchange.contentType?.startsWith(JSON_API_MEDIA_TYPE))
    problems.push(`content type ${exchange.contentType}, not ${JSON_API_MEDIA_TYPE}`);
  if (exchange.status >= 400) problems.push(...errorEnvelopeProblems(exchange.body));
  else if (exchange.status === 204) {
    if (hasBody) problems.push('a 204 answer has a body');
  } else if (!hasBody) problems.push('a 2xx answer other than 204 without a body');
  else problems.push(...jsonApiDocumentProblems(exchange.body));
  return problems;
}

/**
 * Answers that are not JSON:API documents when they succeed: OAuth's token answers (RFC 6749's
 * JSON, `/spree_oauth/…`), downloaded files and Spree's `{data: {state}}` of an account
 * confirmation. Their refusals are envelopes all the same.
 */
const NOT_DOCUMENTS = [/^\/spree_oauth\//, /^\/digitals\//, /^\/account_confirmations\//];

/** A response hook that checks every v2 response and collects the problems. */
export function jsonApiRecorder(): {
  onResponse: (exchange: V2Exchange) => void;
  problems: V2Problem[];
  seen: V2Exchange[];
} {
  const problems: V2Problem[] = [];
  const seen: V2Exchange[] = [];
  return {
    problems,
    seen,
    onResponse(exchange) {
      seen.push(exchange);
      const found = v2ResponseProblems(exchange);
      if (found.length > 0)
        problems.push({
          method: exchange.method,
          path: exchange.path,
          status: exchange.status,
          problems: found,
        });
    },
  };
}

/** A call's document, or the test fails with the status and body the server refused it with. */
export async function succeeded<T>(call: Promise<ResultResponse<T>>): Promise<T> {
  const result = await call;
  if (result.isSuccess()) return result.success();
  const { status, body } = refusalOf(result.fail());
  throw new Error(`the call was refused: ${status} ${JSON.stringify(body)}`);
}

/** How the server refused a call: status and error body (the test fails if it succeeded). */
export async function refused(
  call: Promise<ResultResponse<unknown>>,
): Promise<{ status: number; body: any }> {
  const result = await call;
  if (result.isSuccess()) throw new Error('the call succeeded');
  return refusalOf(result.fail());
}

/** The HTTP status of a call the server refused. */
export function refusalStatus(result: { fail(): Error }): number {
  return refusalOf(result.fail()).status;
}

function refusalOf(error: Error): { status: number; body: any } {
  if (!(error instanceof SpreeError)) throw error;
  const response = error.serverResponse as Response;
  return { status: response.status, body: bodies.get(response) };
}

/** A demo shop as {@link sdkShopForThisFile} sets it up, plus the v2 client and its recorder. */
export interface V2Shop extends SdkShop {
  v2: StorefrontV2Client;
  v2Recorder: ReturnType<typeof jsonApiRecorder>;
}

/**
 * The spec file's demo shop with a Storefront v2 client for it; after each test, every v2
 * response must have been a JSON:API document (or the error envelope) of the JSON:API media type.
 */
export function v2ShopForThisFile(): V2Shop {
  const context = sdkShopForThisFile() as V2Shop;
  beforeAll(() => {
    context.v2Recorder = jsonApiRecorder();
    context.v2 = createStorefrontV2Client(context.t.baseUrl, {
      publishableKey: context.shop.publishable_key,
      onResponse: context.v2Recorder.onResponse,
    });
  });
  afterEach(() => {
    // Emptied for the next test, so that each test answers for its own responses only.
    expect(context.v2Recorder.problems.splice(0)).toEqual([]);
  });
  return context;
}

/** A new customer of the shop, registered through the Store API: their bearer token. */
export async function registeredCustomerToken(shop: V2Shop, label: string): Promise<string> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const answer = await shop.t.http.post(
    '/api/v3/store/customers',
    { email, password: 'correct horse battery', password_confirmation: 'correct horse battery' },
    { 'x-store-api-key': shop.shop.publishable_key },
  );
  expect(answer.status).toBe(201);
  return answer.body.token as string;
}
