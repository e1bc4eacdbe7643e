import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  CartRecords,
  type DemoVariant,
  demoVariants,
} from '../helpers/checkout-fixtures.js';
import { startCustomersTestApp } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * Optimistic locking and stock under concurrent requests (DESIGN §4). On the embedded database
 * (one connection) requests serialize; against PostgreSQL they really race.
 */
describe('Store API: concurrent cart changes', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CartRecords;
  let tees: DemoVariant[];

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    records = new CartRecords(t);
    tees = await demoVariants(t, shop);
  });
  afterAll(() => t.close());

  async function newCart(store = shop): Promise<CartClient> {
    const cart = new CartClient(t, store);
    await cart.create();
    return cart;
  }

  /** Fires all requests at once and waits for every answer. */
  function together(count: number, request: () => Promise<TestResponse>) {
    return Promise.all(Array.from({ length: count }, request));
  }

  it('20 parallel adds: each wins (201) or loses (409), and the line holds exactly the winners', async () => {
    const cart = await newCart();
    const start = (await records.order(cart.id)).state_lock_version;

    const responses = await together(20, () => cart.addItem(tees[0].id, 1));

    const winners = responses.filter((response) => response.status === 201).length;
    for (const response of responses.filter((candidate) => candidate.status !== 201)) {
      expectError(response, 409, 'cart_already_updated');
    }
    expect(winners).toBeGreaterThanOrEqual(1);
    expect(await records.lines(cart.id)).toEqual([{ variant_id: tees[0].id, quantity: winners }]);
    expect((await records.order(cart.id)).state_lock_version).toBe(start + winners);
  });

  describe('a state_lock_version sent in the body', () => {
    /** A cart with one line whose version moved on after `stale` was read. */
    async function cartReadEarlier() {
      const cart = await newCart();
      const first = await cart.addItem(tees[1].id, 1);
      expect(first.status).toBe(201);
      expect((await cart.addItem(tees[1].id, 1)).status).toBe(201);
      return {
        cart,
        lineId: first.body.line_items[0].id as string,
        stale: first.body.state_lock_version as number,
      };
    }

    const WRITES: [
      string,
      (cart: CartClient, lineId: string, version: number) => Promise<TestResponse>,
    ][] = [
      [
        'POST /carts/:id/items',
        (cart, _, version) => cart.addItem(tees[1].id, 1, { state_lock_version: version }),
      ],
      [
        'PATCH /carts/:id',
        (cart, _, version) =>
          cart.update({ email: 'late@example.com', state_lock_version: version }),
      ],
      [
        'PATCH /carts/:id/items/:item_id',
        (cart, lineId, version) =>
          cart.call('PATCH', `/carts/${cart.id}/items/${lineId}`, {
            quantity: 5,
            state_lock_version: version,
          }),
      ],
      [
        'POST /carts/:id/complete',
        (cart, _, version) => cart.complete({ state_lock_version: version }),
      ],
    ];

    it.each(WRITES)(
      '%s with a stale version is cart_already_updated and changes nothing',
      async (_, write) => {
        const { cart, lineId, stale } = await cartReadEarlier();
        const before = await records.snapshot(cart.id);

        const details = expectError(await write(cart, lineId, stale), 409, 'cart_already_updated');

        expect(details).toEqual({ state_lock_version: stale + 1 });
        expect(await records.snapshot(cart.id)).toEqual(before);
      },
    );

    it.each(WRITES.slice(0, 3))('%s with the current version goes through', async (_, write) => {
      const { cart, lineId, stale } = await cartReadEarlier();

      const response = await write(cart, lineId, stale + 1);

      expect(response.status).toBeLessThan(300);
      expect(response.body.state_lock_version).toBe(stale + 2);
      expect((await records.order(cart.id)).state_lock_version).toBe(stale + 2);
    });
  });

  it('10 carts racing for the last unit: one order is placed, nine get insufficient_stock', async () => {
    const store = await t.seedStore();
    const [mug] = await demoVariants(t, store, 'ceramic-coffee-mug');
    const carts = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const cart = await newCart(store);
        expect((await cart.addItem(mug.id, 1)).status).toBe(201);
        expect((await cart.address()).status).toBe(200);
        expect((await cart.payByCard()).status).toBe(201);
        return cart;
      }),
    );
    await records.setStock(mug.id, 1);
    const before = await Promise.all(carts.map((cart) => records.snapshot(cart.id)));

    const responses = await Promise.all(carts.map((cart) => cart.complete()));

    const placed = responses.flatMap((response, index) => (response.status === 200 ? [index] : []));
    expect(placed).toHaveLength(1);
    expect(responses[placed[0]].body).toMatchObject({ state: 'complete', payment_state: 'paid' });
    for (const [index, response] of responses.entries()) {
      if (index === placed[0]) continue;
      const details = expectError(response, 422, 'insufficient_stock');
      expect(details).toEqual({ variant_id: [mug.id] });
      expect(await records.snapshot(carts[index].id)).toEqual(before[index]);
    }
    expect(await records.stock(mug.id)).toBe(0);
    const payments = (await Promise.all(carts.map((cart) => records.payments(cart.id)))).flat();
    expect(payments.map((payment) => payment.state).sort()).toEqual([
      ...Array(9).fill('checkout'),
      'completed',
    ]);
    expect(await records.completedEvents(store)).toBe(1);
  });
});
