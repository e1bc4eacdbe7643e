import type { IOrder } from '@spree/storefront-api-v2-sdk';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import {
  refused,
  registeredCustomerToken,
  succeeded,
  v2ShopForThisFile,
} from '../helpers/storefront-v2-client.js';

// The v2 cart routes through the official v2 client: one cart per order token (or the signed-in
// customer's current cart), the same rows, ids and version as the v3 Store API.
describe('Storefront v2: cart', () => {
  const ctx = v2ShopForThisFile();

  async function guestCart(): Promise<{ token: string; cart: IOrder }> {
    const cart = await succeeded(ctx.v2.cart.create());
    return { token: cart.data.attributes.token, cart };
  }

  const customerToken = () => registeredCustomerToken(ctx, 'v2-cart');

  describe('POST /cart', () => {
    it('starts a guest cart whose token is the order token of every later call', async () => {
      const { token, cart } = await guestCart();
      expect(cart.data.type).toBe('cart');
      expect(cart.data.id).toMatch(/^cart_/);
      expect(token.length).toBeGreaterThanOrEqual(35);
      expect(cart.data.attributes).toMatchObject({ state: 'cart', item_count: 0, total: '0.00' });
      const stored = await ctx.records.order(cart.data.id);
      expect(stored).toMatchObject({ state: 'cart', state_lock_version: 0 });
      const shown = await succeeded(ctx.v2.cart.show({ order_token: token }));
      expect(shown.data.id).toBe(cart.data.id);
    });

    it('binds the cart to the signed-in customer, whose token alone then finds it', async () => {
      const bearer_token = await customerToken();
      const created = await succeeded(ctx.v2.cart.create({ bearer_token }));
      expect(created.data.relationships.user.data).toMatchObject({ type: 'user' });
      const shown = await succeeded(ctx.v2.cart.show({ bearer_token }));
      expect(shown.data.id).toBe(created.data.id);
    });
  });

  describe('lines', () => {
    it('adds, sets and removes lines, and empties the cart, each a change of the same row', async () => {
      const { token, cart } = await guestCart();
      const [tee, other] = ctx.tees;
      const added = await succeeded(
        ctx.v2.cart.addItem({
          order_token: token,
          variant_id: tee.id,
          quantity: 2,
          include: 'line_items',
        }),
      );
      const line = added.included!.find((resource) => resource.type === 'line_item')!;
      expect(line.attributes).toMatchObject({ quantity: 2 });
      expect(added.data.attributes.item_count).toBe(2);
      expect(added.data.relationships.variants.data).toEqual([{ type: 'variant', id: tee.id }]);

      await succeeded(
        ctx.v2.cart.addItem({ order_token: token, variant_id: other.id, quantity: 1 }),
      );
      const set = await succeeded(
        ctx.v2.cart.setQuantity({ order_token: token, line_item_id: line.id, quantity: 5 }),
      );
      expect(set.data.attributes.item_count).toBe(6);
      expect(await ctx.records.lines(cart.data.id)).toEqual([
        { variant_id: tee.id, quantity: 5 },
        { variant_id: other.id, quantity: 1 },
      ]);

      const removed = await succeeded(ctx.v2.cart.removeItem({ order_token: token, id: line.id }));
      expect(removed.data.relationships.line_items.data).toHaveLength(1);
      expect(await ctx.records.lines(cart.data.id)).toEqual([
        { variant_id: other.id, quantity: 1 },
      ]);

      const emptied = await succeeded(ctx.v2.cart.emptyCart({ order_token: token }));
      expect(emptied.data.relationships.line_items.data).toEqual([]);
      expect(emptied.data.attributes.item_count).toBe(0);
      expect(await ctx.records.lines(cart.data.id)).toEqual([]);
      expect((await ctx.records.order(cart.data.id)).state_lock_version).toBe(5);
    });

    it('refuses bad lines with the contract codes and changes nothing', async () => {
      const { token, cart } = await guestCart();
      const zero = await refused(
        ctx.v2.cart.addItem({ order_token: token, variant_id: ctx.tees[0].id, quantity: -1 }),
      );
      expect(zero.status).toBe(422);
      expect(zero.body.error.code).toBe('invalid_quantity');
      const unknown = await refused(
        ctx.v2.cart.addItem({
          order_token: token,
          variant_id: ctx.records.unknownId(ID_PREFIX.variant),
          quantity: 1,
        }),
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('variant_not_found');
      const missingLine = await refused(
        ctx.v2.cart.setQuantity({
          order_token: token,
          line_item_id: ctx.records.unknownId(ID_PREFIX.lineItem),
          quantity: 1,
        }),
      );
      expect(missingLine.body.error.code).toBe('line_item_not_found');
      expect(await ctx.records.snapshot(cart.data.id)).toMatchObject({
        order: { state_lock_version: 0 },
        lines: [],
      });
    });
  });

  describe('which cart', () => {
    it('answers 401 without a token and 404 for a token that opens no cart', async () => {
      const none = await refused(ctx.v2.cart.show({}));
      expect(none.status).toBe(401);
      expect(none.body.error.code).toBe('authentication_required');
      const unknown = await refused(
        ctx.v2.cart.show({ order_token: 'no-such-token-0123456789abcdef0123' }),
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('cart_not_found');
    });

    it("does not open another store's cart with its token", async () => {
      const other = await ctx.t.seedStore();
      const answer = await ctx.t.http.post(
        '/api/v2/storefront/cart',
        {},
        {
          'x-store-api-key': other.publishable_key,
        },
      );
      expect(answer.status).toBe(201);
      const missing = await refused(
        ctx.v2.cart.show({ order_token: answer.body.data.attributes.token }),
      );
      expect(missing.body.error.code).toBe('cart_not_found');
    });

    it('deletes the cart; its token then opens nothing', async () => {
      const { token, cart } = await guestCart();
      const deleted = await ctx.v2.cart.remove({ order_token: token });
      expect(deleted.isSuccess()).toBe(true);
      const [row] = await ctx.t.dataSource.query('SELECT id FROM orders WHERE id = $1', [
        ctx.records.key(ID_PREFIX.cart, cart.data.id),
      ]);
      expect(row).toBeUndefined();
      expect((await refused(ctx.v2.cart.show({ order_token: token }))).status).toBe(404);
    });
  });

  describe('associate and currency', () => {
    it('gives a guest cart to the signed-in customer', async () => {
      const { token, cart } = await guestCart();
      const bearer_token = await customerToken();
      const associated = await succeeded(
        ctx.v2.cart.associateGuestCart({ bearer_token, guest_order_token: token }),
      );
      expect(associated.data.id).toBe(cart.data.id);
      expect(associated.data.relationships.user.data).not.toBeNull();
      const [row] = await ctx.t.dataSource.query('SELECT customer_id FROM orders WHERE id = $1', [
        ctx.records.key(ID_PREFIX.cart, cart.data.id),
      ]);
      expect(row.customer_id).not.toBeNull();
    });

    it('re-prices the cart in another of the store currencies, and refuses one it does not sell in', async () => {
      const { token } = await guestCart();
      await succeeded(
        ctx.v2.cart.addItem({ order_token: token, variant_id: ctx.tees[0].id, quantity: 1 }),
      );
      const euros = await succeeded(
        ctx.v2.cart.changeCurrency({ order_token: token, new_currency: 'EUR' }),
      );
      expect(euros.data.attributes.currency).toBe('EUR');
      expect(euros.data.attributes.display_total).toMatch(/€/);
      const yen = await refused(
        ctx.v2.cart.changeCurrency({ order_token: token, new_currency: 'JPY' }),
      );
      expect(yen.status).toBe(422);
    });
  });
});
