import {
  refused,
  registeredCustomerToken,
  succeeded,
  v2ShopForThisFile,
} from '../helpers/storefront-v2-client.js';

// Wishlists through the official v2 client, over the same lists as the v3 Store API.
describe('Storefront v2: wishlists', () => {
  const ctx = v2ShopForThisFile();
  let owner: string;
  let stranger: string;

  beforeAll(async () => {
    owner = await registeredCustomerToken(ctx, 'v2-wishlists');
    stranger = await registeredCustomerToken(ctx, 'v2-wishlists-other');
  });

  const storedItems = (token: string): Promise<{ quantity: number }[]> =>
    ctx.t.dataSource.query(
      `SELECT wi.quantity FROM wished_items wi JOIN wishlists w ON w.id = wi.wishlist_id
        WHERE w.token_digest = encode(sha256($1::bytea), 'hex') ORDER BY wi.id`,
      [token],
    );

  it('makes the default list on first ask, and keeps answering the same one', async () => {
    const made = await succeeded(ctx.v2.wishlists.default({ bearer_token: owner }));
    expect(made.data).toMatchObject({
      type: 'wishlist',
      id: expect.stringMatching(/^wl_/),
      attributes: { name: 'Wishlist', is_default: true, is_private: true, variant_included: false },
      relationships: { wished_items: { data: [] } },
    });
    const again = await succeeded(ctx.v2.wishlists.default({ bearer_token: owner }));
    expect(again.data.id).toBe(made.data.id);
    const [{ n }] = await ctx.t.dataSource.query(
      `SELECT count(*)::int AS n FROM wishlists w JOIN customers c ON c.id = w.customer_id
        WHERE w.token_digest = encode(sha256($1::bytea), 'hex')`,
      [made.data.attributes.token],
    );
    expect(n).toBe(1);
  });

  it('creates, shares, fills and empties a list by its token', async () => {
    const created = await succeeded(
      ctx.v2.wishlists.create({ bearer_token: owner, name: 'Shared' }),
    );
    const token = created.data.attributes.token as string;
    expect(created.data.attributes).toMatchObject({ name: 'Shared', is_private: true });
    // The v2 client leaves out parameters that are false, so the list is shared through v3 (the
    // customer's token is the same for both).
    await ctx.client.wishlists.update(created.data.id, { is_private: false }, { token: owner });

    const [tee] = ctx.tees;
    const added = await succeeded(
      ctx.v2.wishlists.addWishedItem({
        bearer_token: owner,
        wishlist_token: token,
        variant_id: tee.id,
        quantity: 2,
      }),
    );
    expect(added.data).toMatchObject({
      type: 'wished_item',
      id: expect.stringMatching(/^wi_/),
      attributes: { variant_id: tee.id, quantity: 2, price: tee.price },
      relationships: { variant: { data: { type: 'variant', id: tee.id } } },
    });
    const itemId = added.data.id;
    const set = await succeeded(
      ctx.v2.wishlists.updateWishedItem({
        bearer_token: owner,
        wishlist_token: token,
        id: itemId,
        quantity: 4,
      }),
    );
    expect(set.data.attributes.quantity).toBe(4);
    expect(await storedItems(token)).toEqual([{ quantity: 4 }]);

    // Anyone (signed in or not) reads a shared list by its token, with its items.
    const anonymous = await succeeded(
      ctx.v2.wishlists.show({
        wishlist_token: token,
        is_variant_included: tee.id,
        include: 'wished_items.variant',
      } as never),
    );
    expect(anonymous.data.attributes).toMatchObject({ name: 'Shared', variant_included: true });
    expect(anonymous.included!.map((node) => node.type).sort()).toEqual(['variant', 'wished_item']);

    const renamed = await succeeded(
      ctx.v2.wishlists.update({
        bearer_token: owner,
        wishlist_token: token,
        name: 'Renamed',
        is_private: true,
      }),
    );
    expect(renamed.data.attributes).toMatchObject({ name: 'Renamed', is_private: true });
    // Now private: only its owner sees it.
    expect((await refused(ctx.v2.wishlists.show({ wishlist_token: token } as never))).status).toBe(
      404,
    );
    expect(
      (await refused(ctx.v2.wishlists.show({ bearer_token: stranger, wishlist_token: token }))).body
        .error.code,
    ).toBe('record_not_found');

    const listed = await succeeded(ctx.v2.wishlists.list({ bearer_token: owner }));
    expect(listed.data.map((node) => node.attributes.token)).toContain(token);

    const removed = await succeeded(
      ctx.v2.wishlists.removeWishedItem({ bearer_token: owner, wishlist_token: token, id: itemId }),
    );
    expect(removed.data).toMatchObject({ id: itemId, attributes: { quantity: 4 } });
    expect(await storedItems(token)).toEqual([]);

    await succeeded(ctx.v2.wishlists.remove({ bearer_token: owner, wishlist_token: token }));
    const [{ n }] = await ctx.t.dataSource.query(
      `SELECT count(*)::int AS n FROM wishlists WHERE token_digest = encode(sha256($1::bytea), 'hex')`,
      [token],
    );
    expect(n).toBe(0);
  });

  it("refuses a stranger's changes, a signed-out owner's routes and bad input", async () => {
    const created = await succeeded(ctx.v2.wishlists.create({ bearer_token: owner, name: 'Mine' }));
    const token = created.data.attributes.token as string;
    const byStranger = await refused(
      ctx.v2.wishlists.addWishedItem({
        bearer_token: stranger,
        wishlist_token: token,
        variant_id: ctx.tees[0].id,
        quantity: 1,
      }),
    );
    expect([byStranger.status, byStranger.body.error.code]).toEqual([404, 'record_not_found']);
    expect(await storedItems(token)).toEqual([]);

    const signedOut = await refused(ctx.v2.wishlists.list({} as never));
    expect([signedOut.status, signedOut.body.error.code]).toEqual([401, 'authentication_required']);

    const blank = await refused(ctx.v2.wishlists.create({ bearer_token: owner, name: ' ' }));
    expect([blank.status, blank.body.error.code]).toEqual([422, 'validation_error']);
    expect(Object.keys(blank.body.error.details)).toEqual(['name']);

    const zero = await refused(
      ctx.v2.wishlists.addWishedItem({
        bearer_token: owner,
        wishlist_token: token,
        variant_id: ctx.tees[0].id,
        quantity: -1,
      }),
    );
    expect([zero.status, zero.body.error.code]).toEqual([422, 'validation_error']);
    expect(Object.keys(zero.body.error.details)).toEqual(['quantity']);
  });
});
