import { randomBytes } from 'node:crypto';
import { type Client } from '@spree/sdk';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { Ids, startCustomersTestApp } from './customers-fixtures.js';
import { SmtpSink } from './smtp-sink.js';
import { createSpreeSdkClient, schemaRecorder } from './spree-sdk-client.js';
import {
  createStorefrontV2Client,
  errorEnvelopeProblems,
  type StorefrontV2Client,
  type V2Exchange,
  type V2Problem,
  v2ResponseProblems,
} from './storefront-v2-client.js';
import type { TestApp } from './test-app.js';

const OAUTH_PATH = '/spree_oauth/';

/**
 * The problems of one answer to the v2 client: OAuth answers are plain JSON (RFC 6749, as
 * Doorkeeper answers them) with the error envelope on refusals; all else is JSON:API.
 */
function answerProblems(exchange: V2Exchange): string[] {
  if (!exchange.path.startsWith(OAUTH_PATH)) return v2ResponseProblems(exchange);
  if (!exchange.contentType?.startsWith('application/json'))
    return [`content type ${exchange.contentType}, not application/json`];
  return exchange.status >= 400 ? errorEnvelopeProblems(exchange.body) : [];
}

export interface V2AccountShop {
  t: TestApp;
  sink: SmtpSink;
  shop: DemoCredentials;
  ids: Ids;
  /** The v2 client; every answer it gets is checked after each test. */
  v2: StorefrontV2Client;
  /** The v3 client; every answer satisfies its zod schema. */
  v3: Client;
}

/**
 * The spec file's demo shop, mailing through a real SMTP sink, with both official clients; after
 * each test, every answer either client received must have been what it promises.
 */
export function v2AccountShopForThisFile(): V2AccountShop {
  const context = {} as V2AccountShop;
  const v2Problems: V2Problem[] = [];
  const v3Recorder = schemaRecorder();
  beforeAll(async () => {
    context.sink = await SmtpSink.start();
    context.t = await startCustomersTestApp({
      SMTP_URL: context.sink.url,
      RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '100000',
    });
    context.shop = await context.t.seedStore();
    context.ids = new Ids(context.t);
    const publishableKey = context.shop.publishable_key;
    context.v2 = createStorefrontV2Client(context.t.baseUrl, {
      publishableKey,
      onResponse: (exchange) => {
        const problems = answerProblems(exchange);
        if (problems.length > 0) v2Problems.push({ ...exchange, problems });
      },
    });
    context.v3 = createSpreeSdkClient(context.t.baseUrl, {
      publishableKey,
      onResponse: v3Recorder.onResponse,
    });
  });
  afterAll(async () => {
    await context.t.close();
    await context.sink.close();
  });
  afterEach(() => {
    expect(v2Problems.splice(0)).toEqual([]);
    expect(v3Recorder.problems.splice(0)).toEqual([]);
  });
  return context;
}

export const newPassword = () => `pw-${randomBytes(9).toString('base64url')}`;
