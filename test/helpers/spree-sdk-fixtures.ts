import { type Client, SpreeError } from '@spree/sdk';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from './checkout-fixtures.js';
import { startCustomersTestApp } from './customers-fixtures.js';
import { createSpreeSdkClient, schemaRecorder } from './spree-sdk-client.js';
import type { TestApp } from './test-app.js';

/** A US address in the client's field names (`AddressParams`). */
export const CLIENT_US_ADDRESS = {
  first_name: 'Grace',
  last_name: 'Hopper',
  address1: '1 Navy Way',
  city: 'Arlington',
  postal_code: '22202',
  state_name: 'VA',
  country_iso: 'US',
  phone: '555-0100',
};

/** What a call through the client rejects with. */
export async function rejection(call: Promise<unknown>): Promise<SpreeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof SpreeError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

/** A demo shop served to the unmodified client, and what a test reads of it. */
export interface SdkShop {
  t: TestApp;
  shop: DemoCredentials;
  records: CheckoutRecords;
  client: Client;
  recorder: ReturnType<typeof schemaRecorder>;
  tees: DemoVariant[];
}

/**
 * Starts the service with a demo shop for the spec file's tests (filled in by its `beforeAll`), and
 * checks after each test that every response the client received satisfies its zod schema.
 */
export function sdkShopForThisFile(): SdkShop {
  const context = {} as SdkShop;
  beforeAll(async () => {
    context.t = await startCustomersTestApp();
    context.shop = await context.t.seedStore();
    context.records = new CheckoutRecords(context.t);
    context.recorder = schemaRecorder();
    context.client = createSpreeSdkClient(context.t.baseUrl, {
      publishableKey: context.shop.publishable_key,
      onResponse: context.recorder.onResponse,
    });
    context.tees = await demoVariants(context.t, context.shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => context.t.close());
  afterEach(() => {
    expect(context.recorder.problems).toEqual([]);
  });
  return context;
}
