import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CARDS, demoVariants } from '../helpers/checkout-fixtures.js';
import { keyHeader } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const CHROMIUM = '/usr/bin/chromium';
const PAGE = readFileSync(new URL('./browser/storefront-checkout.html', import.meta.url), 'utf8');

/** Serves the storefront page on a loopback port of its own: an origin other than the API's. */
async function servePage(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface PageOutcome {
  order?: { id: string; number: string; state: string; payment_state: string; email: string };
  requestId?: string;
  error?: { name: string; message: string };
}

// Debian's chromium is what drives this spec; .ci/run installs it, so CI never skips it. A
// machine without it (a developer's, say) skips the spec rather than fail on a missing browser.
const describeInChromium = existsSync(CHROMIUM) ? describe : describe.skip;

describeInChromium('CORS in a browser: a storefront page on another origin checks out', () => {
  let t: TestApp;
  let browser: Browser;
  let shop: DemoCredentials;
  let storeId: string;
  let variantId: string;
  /** The API's address under the store's own host, which Chromium resolves to this machine. */
  let storeApi: string;
  const servers: Server[] = [];

  /** The store's orders, carts included (a cart is an order not yet placed). */
  const storedOrders = async () =>
    (
      (await t.dataSource.query(
        `SELECT number, state, email FROM orders WHERE store_id = $1 ORDER BY id`,
        [storeId],
      )) as { number: string; state: string; email: string }[]
    ).map((row) => ({ ...row }));

  /** Opens the page at `origin` and runs its checkout against the test app. */
  async function checkoutFrom(origin: string): Promise<{ outcome: PageOutcome; shown: string }> {
    const page = await browser.newPage();
    try {
      await page.goto(`${origin}/`);
      const outcome = await page.evaluate(
        // Runs in the page, where the page's script put `runCheckout` on the global object.
        (input) =>
          (globalThis as unknown as { runCheckout(i: unknown): Promise<unknown> }).runCheckout(
            input,
          ),
        {
          api: storeApi,
          key: shop.publishable_key,
          variantId,
          card: CARDS.approved,
        },
      );
      return { outcome: outcome as PageOutcome, shown: (await page.textContent('#result')) ?? '' };
    } finally {
      await page.close();
    }
  }

  beforeAll(async () => {
    // Loopback pages are allowed by default outside production: off, so the store's list decides.
    t = await startTestApp({ env: { CORS_ALLOW_LOOPBACK_ORIGINS: 'false' } });
    shop = await t.seedStore();
    storeId = new PublicIdCodec(t.config.ID_ALPHABET).decode(ID_PREFIX.store, shop.store_id)!;
    [{ id: variantId }] = await demoVariants(t, shop);
    // The page calls the API at the store's own host, so that only this store's origins count
    // (on a host no store claims, every store's would: see docs/security.md).
    const storeHost = new URL(
      (await t.http.get('/api/v3/admin/store', keyHeader(shop.secret_key))).body.url,
    ).hostname;
    storeApi = `http://${storeHost}:${new URL(t.baseUrl).port}/api/v3/store`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', `--host-resolver-rules=MAP ${storeHost} 127.0.0.1`],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await t?.close();
  });

  async function pageOrigin(): Promise<string> {
    const { origin, server } = await servePage();
    servers.push(server);
    return origin;
  }

  it('completes the order from an origin the store allows', async () => {
    const origin = await pageOrigin();
    const allowed = await t.http.post(
      '/api/v3/admin/allowed_origins',
      { origin },
      keyHeader(shop.secret_key),
    );
    expect(allowed.status).toBe(201);

    const { outcome, shown } = await checkoutFrom(origin);
    expect(outcome.error).toBeUndefined();
    expect(outcome.order).toMatchObject({
      id: expect.stringMatching(/^or_/),
      state: 'complete',
      payment_state: 'paid',
      email: 'ada@example.com',
    });
    // The page read an exposed header.
    expect(outcome.requestId).toEqual(expect.any(String));
    expect(shown).toBe(`order ${outcome.order!.number} complete`);
    expect(await storedOrders()).toEqual([
      { number: outcome.order!.number, state: 'complete', email: 'ada@example.com' },
    ]);
  }, 60_000);

  it('is blocked by the browser from an origin the store does not list, and nothing is stored', async () => {
    const before = await storedOrders();
    const { outcome, shown } = await checkoutFrom(await pageOrigin());
    expect(outcome.order).toBeUndefined();
    expect(outcome.error).toEqual({ name: 'TypeError', message: 'Failed to fetch' });
    expect(shown).toBe('failed: TypeError: Failed to fetch');
    expect(await storedOrders()).toEqual(before);
  }, 60_000);
});
