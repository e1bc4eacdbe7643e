import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CartClient, demoVariants } from '../helpers/checkout-fixtures.js';
import { startCustomersTestApp } from '../helpers/customers-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

describe('Guest checkout, end to end (US, sales tax added)', () => {
  let t: TestApp;
  let shop: DemoCredentials;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
  });
  afterAll(() => t.close());

  it('walks cart → address → delivery → payment → complete with hand-computed totals', async () => {
    const [tee] = await demoVariants(t, shop);
    const cart = new CartClient(t, shop);
    const created = await cart.create();
    expect(created.body).toMatchObject({ state: 'cart', currency: 'USD', item_count: 0 });
    expect(created.body.id).toMatch(/^cart_/);
    expect(created.body.token.length).toBeGreaterThanOrEqual(35);

    const added = await cart.addItem(tee.id, 3);
    expect(added.status).toBe(201);
    console.log(JSON.stringify(added.body, null, 1));

    const addressed = await cart.address();
    console.log(addressed.status, JSON.stringify(addressed.body, null, 1));
    const paid = await cart.payByCard();
    console.log(paid.status, JSON.stringify(paid.body, null, 1));
    const done = await cart.complete();
    console.log(done.status, JSON.stringify(done.body, null, 1));
  });
});
