import { jest } from '@jest/globals';
import { type PaymentGateway, PaymentGateways } from '../../src/modules/payments/index.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from './checkout-fixtures.js';
import { AdminCaller } from './customers-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

/** A demo shop for many completions at once, and what a race test reads of it. */
export interface RaceShop {
  t: TestApp;
  shop: DemoCredentials;
  admin: AdminCaller;
  records: CheckoutRecords;
  /** The demo mug (12.50), stocked for any number of carts. */
  mug: DemoVariant;
  /** The test card gateway, to spy on its captures and voids. */
  gateway: PaymentGateway;
}

/**
 * Starts the service for the spec file's races (filled in by its `beforeAll`): rate limits out of
 * the way, the mug stocked, spies on the gateway restored after each test.
 */
export function raceShopForThisFile(): RaceShop {
  const context = {} as RaceShop;
  beforeAll(async () => {
    context.t = await startTestApp({
      env: {
        RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE: '1000000',
        RATE_LIMIT_SECRET_KEY_PER_MINUTE: '1000000',
      },
    });
    context.shop = await context.t.seedStore();
    context.admin = new AdminCaller(context.t, context.shop);
    context.records = new CheckoutRecords(context.t);
    [context.mug] = await demoVariants(context.t, context.shop, 'ceramic-coffee-mug');
    await context.records.setStock(context.mug.id, 100_000);
    context.gateway = context.t.app.get(PaymentGateways).for('test_card');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => context.t?.close());
  return context;
}
