import { ID_PREFIX, type IdPrefix } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import {
  AdminCaller,
  type RegisteredCustomer,
  StoreCaller,
} from '../helpers/customers-fixtures.js';
import { rejection, sdkShopForThisFile } from '../helpers/spree-sdk-fixtures.js';

interface StoredWishlist {
  name: string;
  is_private: boolean;
  is_default: boolean;
  customer_id: string;
  token_digest: string;
}

describe('Wishlists through @spree/sdk', () => {
  const s = sdkShopForThisFile();
  let ada: RegisteredCustomer;
  let bob: RegisteredCustomer;
  let codec: PublicIdCodec;

  beforeAll(async () => {
    const store = new StoreCaller(s.t, s.shop);
    ada = await store.register();
    bob = await store.register();
    codec = s.t.app.get(PublicIdCodec);
  });

  const key = (prefix: IdPrefix, publicId: string) => codec.decode(prefix, publicId)!;

  const storedList = async (publicId: string): Promise<StoredWishlist | undefined> => {
    const [row] = await s.t.dataSource.query(
      `SELECT name, is_private, is_default, customer_id::text AS customer_id, token_digest
         FROM wishlists WHERE id = $1`,
      [key(ID_PREFIX.wishlist, publicId)],
    );
    return row;
  };

  const storedItems = (wishlistId: string): Promise<{ variant_id: string; quantity: number }[]> =>
    s.t.dataSource.query(
      `SELECT variant_id::text AS variant_id, quantity FROM wished_items
        WHERE wishlist_id = $1 ORDER BY id`,
      [key(ID_PREFIX.wishlist, wishlistId)],
    );

  it('makes the first list the default, a later one not, and lists them oldest first', async () => {
    const first = await s.client.wishlists.create({ name: 'Birthday' }, { token: ada.token });
    expect(first).toEqual({
      id: expect.stringMatching(/^wl_/),
      name: 'Birthday',
      token: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
      is_default: true,
      is_private: true,
      items: [],
    });
    const second = await s.client.wishlists.create(
      { name: '  Later  ', is_private: false },
      { token: ada.token },
    );
    expect(second).toMatchObject({ name: 'Later', is_default: false, is_private: false });

    const stored = await storedList(second.id);
    expect(stored).toMatchObject({ name: 'Later', is_private: false, is_default: false });
    expect(stored!.customer_id).toBe(key(ID_PREFIX.customer, ada.id));
    // Only a digest of the share token is stored.
    expect(stored!.token_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.token_digest).not.toContain(second.token);

    const page = await s.client.wishlists.list({}, { token: ada.token });
    expect(page.data.map((list) => list.id).slice(0, 2)).toEqual([first.id, second.id]);
    expect(page.data[0]).not.toHaveProperty('items');
    expect(page.meta).toMatchObject({ page: 1, count: page.data.length });

    // A list made default takes the place of the previous one.
    const made = await s.client.wishlists.update(
      second.id,
      { is_default: true },
      { token: ada.token },
    );
    expect(made.is_default).toBe(true);
    expect((await storedList(first.id))!.is_default).toBe(false);
    expect(await s.client.wishlists.get(first.id, {}, { token: ada.token })).toMatchObject({
      is_default: false,
    });
  });

  it('adds, updates and removes items; adding a variant again sets its quantity', async () => {
    const list = await s.client.wishlists.create({ name: 'Tees' }, { token: ada.token });
    const [tee, other] = s.tees;
    const item = await s.client.wishlists.items.create(
      list.id,
      { variant_id: tee.id, quantity: 2 },
      { token: ada.token },
    );
    expect(item).toMatchObject({
      id: expect.stringMatching(/^wi_/),
      variant_id: tee.id,
      product_id: tee.productId,
      wishlist_id: list.id,
      quantity: 2,
      variant: { id: tee.id, price: { amount: tee.price } },
    });

    const again = await s.client.wishlists.items.create(
      list.id,
      { variant_id: tee.id, quantity: 5 },
      { token: ada.token },
    );
    expect(again).toMatchObject({ id: item.id, quantity: 5 });
    await s.client.wishlists.items.create(list.id, { variant_id: other.id }, { token: ada.token });
    expect(await storedItems(list.id)).toEqual([
      { variant_id: key(ID_PREFIX.variant, tee.id), quantity: 5 },
      { variant_id: key(ID_PREFIX.variant, other.id), quantity: 1 },
    ]);

    const updated = await s.client.wishlists.items.update(
      list.id,
      item.id,
      { quantity: 3 },
      { token: ada.token },
    );
    expect(updated).toMatchObject({ id: item.id, quantity: 3 });

    const shown = await s.client.wishlists.get(
      list.id,
      { expand: ['items.product'] },
      { token: ada.token },
    );
    expect(shown.items!.map((wished) => [wished.variant_id, wished.quantity])).toEqual([
      [tee.id, 3],
      [other.id, 1],
    ]);
    expect(shown.items![0].product).toMatchObject({ id: tee.productId });

    await s.client.wishlists.items.delete(list.id, item.id, { token: ada.token });
    expect(await storedItems(list.id)).toEqual([
      { variant_id: key(ID_PREFIX.variant, other.id), quantity: 1 },
    ]);
    const gone = await rejection(
      s.client.wishlists.items.delete(list.id, item.id, { token: ada.token }),
    );
    expect([gone.status, gone.code]).toEqual([404, 'record_not_found']);
  });

  it('lets anyone read a shared list by its token, and only its owner a private one', async () => {
    const shared = await s.client.wishlists.create(
      { name: 'Gift ideas', is_private: false },
      { token: ada.token },
    );
    await s.client.wishlists.items.create(
      shared.id,
      { variant_id: s.tees[0].id },
      { token: ada.token },
    );
    const anonymous = await s.client.wishlists.get(shared.token, { expand: ['items'] });
    expect(anonymous).toMatchObject({ id: shared.id, name: 'Gift ideas', is_private: false });
    expect(anonymous.items!.map((wished) => wished.variant_id)).toEqual([s.tees[0].id]);
    const byBob = await s.client.wishlists.get(shared.token, {}, { token: bob.token });
    expect(byBob.id).toBe(shared.id);

    const hidden = await s.client.wishlists.create(
      { name: 'Secret', is_private: true },
      { token: ada.token },
    );
    for (const [ref, token] of [
      [hidden.token, undefined],
      [hidden.token, bob.token],
      [hidden.id, bob.token],
      [shared.id, bob.token],
      ['wl_nonsense', bob.token],
    ] as const) {
      const refused = await rejection(s.client.wishlists.get(ref, {}, token ? { token } : {}));
      expect([refused.status, refused.code]).toEqual([404, 'record_not_found']);
    }
    expect(await s.client.wishlists.get(hidden.token, {}, { token: ada.token })).toMatchObject({
      id: hidden.id,
    });

    // Nobody else can change, fill or delete the owner's lists.
    const calls = [
      s.client.wishlists.update(shared.id, { name: 'Mine' }, { token: bob.token }),
      s.client.wishlists.delete(shared.id, { token: bob.token }),
      s.client.wishlists.items.create(
        shared.id,
        { variant_id: s.tees[1].id },
        { token: bob.token },
      ),
    ];
    for (const call of calls) {
      const refused = await rejection(call);
      expect([refused.status, refused.code]).toEqual([404, 'record_not_found']);
    }
    expect(await storedList(shared.id)).toMatchObject({ name: 'Gift ideas' });
    expect(await storedItems(shared.id)).toHaveLength(1);

    // Signed out, the owner's routes need a customer.
    const unsigned = await rejection(s.client.wishlists.list({}));
    expect([unsigned.status, unsigned.code]).toEqual([401, 'authentication_required']);
  });

  it('leaves out the items of a deleted variant, without an error', async () => {
    const list = await s.client.wishlists.create({ name: 'Gone soon' }, { token: bob.token });
    const [, , doomed, kept] = s.tees;
    const item = await s.client.wishlists.items.create(
      list.id,
      { variant_id: doomed.id },
      { token: bob.token },
    );
    await s.client.wishlists.items.create(list.id, { variant_id: kept.id }, { token: bob.token });
    const deleted = await new AdminCaller(s.t, s.shop).call(
      'DELETE',
      `/products/${doomed.productId}/variants/${doomed.id}`,
    );
    expect(deleted.status).toBe(204);

    const shown = await s.client.wishlists.get(
      list.id,
      { expand: ['items'] },
      { token: bob.token },
    );
    expect(shown.items!.map((wished) => wished.variant_id)).toEqual([kept.id]);
    const page = await s.client.wishlists.list({ expand: ['items'] } as never, {
      token: bob.token,
    });
    expect(page.data.find((found) => found.id === list.id)!.items).toHaveLength(1);
    // The row is kept (the variant is only soft-deleted) but never shown.
    expect(await storedItems(list.id)).toHaveLength(2);

    const update = await rejection(
      s.client.wishlists.items.update(list.id, item.id, { quantity: 2 }, { token: bob.token }),
    );
    expect([update.status, update.code]).toEqual([404, 'record_not_found']);
    const again = await rejection(
      s.client.wishlists.items.create(list.id, { variant_id: doomed.id }, { token: bob.token }),
    );
    expect([again.status, again.code]).toEqual([404, 'variant_not_found']);
  });

  it('refuses bad input with 422 and the field at fault, storing nothing', async () => {
    const before = await s.t.dataSource.query('SELECT count(*)::int AS n FROM wishlists');
    for (const [body, field] of [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: 'Ok', is_private: 'yes' }, 'is_private'],
      [{}, 'name'],
    ] as const) {
      const refused = await rejection(
        s.client.wishlists.create(body as { name: string }, { token: ada.token }),
      );
      expect([refused.status, refused.code]).toEqual([422, 'validation_error']);
      expect(Object.keys(refused.details ?? {})).toEqual([field]);
    }
    expect(await s.t.dataSource.query('SELECT count(*)::int AS n FROM wishlists')).toEqual(before);

    const list = await s.client.wishlists.create({ name: 'Checked' }, { token: ada.token });
    const item = await s.client.wishlists.items.create(
      list.id,
      { variant_id: s.tees[0].id },
      { token: ada.token },
    );
    for (const quantity of [0, -1, 1.5]) {
      const refused = await rejection(
        s.client.wishlists.items.update(list.id, item.id, { quantity }, { token: ada.token }),
      );
      expect([refused.status, refused.code]).toEqual([422, 'validation_error']);
      expect(Object.keys(refused.details ?? {})).toEqual(['quantity']);
    }
    const unknown = await rejection(
      s.client.wishlists.items.create(
        list.id,
        { variant_id: 'variant_nonsense' },
        { token: ada.token },
      ),
    );
    expect([unknown.status, unknown.code]).toEqual([404, 'variant_not_found']);
    expect(await storedItems(list.id)).toEqual([
      { variant_id: key(ID_PREFIX.variant, s.tees[0].id), quantity: 1 },
    ]);
  });

  it('deletes a list with its items', async () => {
    const list = await s.client.wishlists.create({ name: 'Short-lived' }, { token: ada.token });
    await s.client.wishlists.items.create(
      list.id,
      { variant_id: s.tees[0].id },
      { token: ada.token },
    );
    await s.client.wishlists.delete(list.id, { token: ada.token });
    expect(await storedList(list.id)).toBeUndefined();
    expect(await storedItems(list.id)).toEqual([]);
    const gone = await rejection(s.client.wishlists.get(list.id, {}, { token: ada.token }));
    expect([gone.status, gone.code]).toEqual([404, 'record_not_found']);
  });
});
