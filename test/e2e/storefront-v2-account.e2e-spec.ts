import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { demoVariants } from '../helpers/checkout-fixtures.js';
import {
  refused,
  registeredCustomerToken,
  succeeded,
  v2ShopForThisFile,
} from '../helpers/storefront-v2-client.js';

// The v2 account, order status and download routes through the official v2 client, over the
// same customers, orders and download links as the v3 Store API.
describe('Storefront v2: account', () => {
  const ctx = v2ShopForThisFile();

  const ADDRESS = {
    firstname: 'Ada',
    lastname: 'Lovelace',
    address1: '1 Main St',
    city: 'Arlington',
    zipcode: '22202',
    phone: '555-0100',
    state_name: 'VA',
    country_iso: 'US',
  };

  const customerToken = () => registeredCustomerToken(ctx, 'v2-account');

  /** A placed order through v2, paid by the approved test card; its number and order token. */
  async function placeOrder(
    owner: { bearer_token: string } | Record<string, never>,
    variantIds: string[] = [ctx.tees[0].id],
  ): Promise<{ number: string; order_token: string }> {
    const cart = await succeeded(ctx.v2.cart.create(owner));
    const order_token = cart.data.attributes.token;
    // Either token opens the cart; the client's types want one of them spelled out.
    const token = ('bearer_token' in owner ? owner : { order_token }) as { order_token: string };
    for (const variant_id of variantIds) {
      await succeeded(ctx.v2.cart.addItem({ ...token, variant_id, quantity: 1 }));
    }
    await succeeded(
      ctx.v2.checkout.orderUpdate({
        ...token,
        order: {
          email: 'buyer@example.com',
          bill_address_attributes: ADDRESS,
          ship_address_attributes: ADDRESS,
        },
      }),
    );
    const methods = await succeeded(ctx.v2.checkout.paymentMethods(token));
    const card = methods.data.find(
      (method) => (method.attributes as { method_type?: string }).method_type === 'test_card',
    )!;
    await succeeded(
      ctx.v2.checkout.addPayment({
        ...token,
        payment_method_id: card.id,
        source_attributes: { number: '4242424242424242', month: 12, year: 2099, name: 'Ada' },
      } as never),
    );
    const placed = await succeeded(ctx.v2.checkout.complete(token));
    expect(placed.data.attributes.state).toBe('complete');
    return { number: placed.data.attributes.number, order_token };
  }

  describe('account', () => {
    it("shows the customer, their placed orders and one by number; another's is 404", async () => {
      const bearer_token = await customerToken();
      const { number } = await placeOrder({ bearer_token });
      const account = await succeeded(ctx.v2.account.accountInfo({ bearer_token }));
      expect(account.data.type).toBe('user');
      expect(account.data.attributes).toMatchObject({ completed_orders: 1, store_credits: '0.00' });

      const orders = await succeeded(
        ctx.v2.account.completedOrdersList({ bearer_token, include: 'line_items' }),
      );
      expect(orders.data.map((order) => order.attributes.number)).toEqual([number]);
      expect(orders.meta).toMatchObject({ total_count: 1, total_pages: 1 });
      expect(orders.included!.some((resource) => resource.type === 'line_item')).toBe(true);

      const one = await succeeded(
        ctx.v2.account.completedOrder({ bearer_token, order_number: number }),
      );
      expect(one.data.attributes).toMatchObject({ number, state: 'complete' });
      expect(one.data.id).toMatch(/^cart_/);

      const stranger = await customerToken();
      const hidden = await refused(
        ctx.v2.account.completedOrder({ bearer_token: stranger, order_number: number }),
      );
      expect(hidden.status).toBe(404);
      expect(hidden.body.error.code).toBe('order_not_found');
    });

    it('needs a customer token', async () => {
      const answer = await refused(ctx.v2.account.accountInfo({} as never));
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('authentication_required');
    });
  });

  describe('address book', () => {
    it('adds, lists, changes and removes addresses, refusing an incomplete one', async () => {
      const bearer_token = await customerToken();
      const created = await succeeded(
        ctx.v2.account.createAddress({ bearer_token, address: ADDRESS } as never),
      );
      expect(created.data).toMatchObject({
        type: 'address',
        attributes: { firstname: 'Ada', zipcode: '22202' },
      });
      const id = created.data.id;

      const incomplete = await refused(
        ctx.v2.account.createAddress({
          bearer_token,
          address: { ...ADDRESS, firstname: '', city: '' },
        } as never),
      );
      expect(incomplete.status).toBe(422);
      expect(incomplete.body.error.code).toBe('validation_error');
      expect(JSON.stringify(Object.keys(incomplete.body.error.details))).toMatch(/firstname/);

      const updated = await succeeded(
        ctx.v2.account.updateAddress({
          bearer_token,
          id,
          address: { ...ADDRESS, city: 'Richmond' },
        } as never),
      );
      expect(updated.data.attributes.city).toBe('Richmond');
      const listed = await succeeded(ctx.v2.account.addressesList({ bearer_token }));
      expect(listed.data.map((address) => address.id)).toEqual([id]);
      const [stored] = await ctx.t.dataSource.query('SELECT city FROM addresses WHERE id = $1', [
        ctx.records.key(ID_PREFIX.address, id),
      ]);
      expect(stored.city).toBe('Richmond');

      const removed = await ctx.v2.account.removeAddress({ bearer_token, id } as never);
      expect(removed.isSuccess()).toBe(true);
      expect((await succeeded(ctx.v2.account.addressesList({ bearer_token }))).data).toEqual([]);
    });
  });

  describe('order status', () => {
    it("opens a guest's placed order with its order token only", async () => {
      const { number, order_token } = await placeOrder({});
      const status = await succeeded(ctx.v2.order.status({ order_token, order_number: number }));
      expect(status.data.attributes).toMatchObject({
        number,
        state: 'complete',
        token: order_token,
      });

      const other = await placeOrder({});
      const wrong = await refused(
        ctx.v2.order.status({ order_token: other.order_token, order_number: number }),
      );
      expect(wrong.status).toBe(404);
      expect(wrong.body.error.code).toBe('order_not_found');
      const none = await refused(ctx.v2.order.status({ order_number: number } as never));
      expect(none.status).toBe(401);
    });
  });

  describe('digital downloads', () => {
    it("downloads a paid order's file with its link token, counted like the v3 route", async () => {
      const [mug] = await demoVariants(ctx.t, ctx.shop, 'ceramic-coffee-mug');
      const form = new FormData();
      form.append(
        'file',
        new Blob([Buffer.from('care manual')], { type: 'application/pdf' }),
        'care.pdf',
      );
      const upload = await fetch(
        `${ctx.t.baseUrl}/api/v3/admin/products/${mug.productId}/variants/${mug.id}/digitals`,
        { method: 'POST', headers: { 'x-store-api-key': ctx.shop.secret_key }, body: form },
      );
      expect(upload.status).toBe(201);
      const { number, order_token } = await placeOrder({}, [mug.id]);
      const [order] = await ctx.t.dataSource.query(
        'SELECT id::text AS id FROM orders WHERE number = $1',
        [number],
      );
      const v3 = await ctx.t.http.get(
        `/api/v3/store/orders/${ctx.records.publicId(ID_PREFIX.order, order.id)}`,
        {
          'x-store-api-key': ctx.shop.publishable_key,
          'x-store-token': order_token,
        },
      );
      const url: string = v3.body.items[0].digital_links[0].download_url;
      const token = url.split('/').pop()!;

      // The link is opened on the store's own host, which names the store (no key is sent).
      const [{ url: shopUrl }] = await ctx.t.dataSource.query(
        'SELECT url FROM stores WHERE id = $1',
        [ctx.records.key(ID_PREFIX.store, ctx.shop.store_id)],
      );
      const atShop = { host: new URL(shopUrl).host };
      const file = await ctx.t.http.get(`/api/v2/storefront/digitals/${token}`, atShop);
      expect(file.status).toBe(200);
      expect(file.text).toBe('care manual');
      const [link] = await ctx.t.dataSource.query(
        'SELECT download_count FROM digital_links WHERE order_id = $1',
        [order.id],
      );
      expect(link.download_count).toBe(1);
      const unknown = await ctx.t.http.get('/api/v2/storefront/digitals/no-such-token', atShop);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
    });
  });
});
