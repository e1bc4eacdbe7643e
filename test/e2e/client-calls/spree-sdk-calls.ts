import type { Client } from '@spree/sdk';
import { CARDS } from '../../helpers/checkout-fixtures.js';
import { uniqueEmail } from '../../helpers/customers-fixtures.js';
import { CLIENT_US_ADDRESS } from '../../helpers/spree-sdk-fixtures.js';
import { freshIp } from '../../helpers/staff-requests.js';

/** What the calls share: the client, a shopper's tokens, and the ids earlier calls found. */
export interface CallContext {
  client: Client;
  /** The demo store's tee variants and product. */
  variantId: string;
  otherVariantId: string;
  productSlug: string;
  /** Staff issue a gift card to an address (Admin API); its code. */
  issueGiftCard: (recipientEmail: string) => Promise<string>;
  /** A code of a running coupon promotion. */
  discountCode: string;
  /** Staff give the customer store credit (Admin API). */
  grantStoreCredit: (customerId: string) => Promise<void>;
  ids: Record<string, string>;
}

export type ClientCall = (context: CallContext) => Promise<unknown>;

/**
 * A call sent with what cannot succeed without a mailbox (a token only an e-mail carries): it
 * must be refused with this status, as the route's own answer (not a missing route).
 */
export interface Refused {
  refused: number;
}

const password = 'correct horse battery';

/**
 * Every method of `@spree/sdk`'s Store client, in an order where each call finds what it needs
 * (a cart, a customer, a placed order…) made by the calls before it. Every call is expected to
 * answer; one that answers 404 (a route this service does not serve) or a body the client's zod
 * schema refuses fails the walk. Kept beside the spec: a client version with a method this list
 * lacks fails it too.
 */
export const SPREE_SDK_CALLS: [method: string, call: ClientCall, expected?: Refused][] = [
  ['products.list', ({ client }) => client.products.list({ limit: 5 })],
  ['products.get', ({ client, productSlug }) => client.products.get(productSlug)],
  ['products.filters', ({ client }) => client.products.filters()],
  [
    'categories.list',
    async ({ client, ids }) => {
      const { data } = await client.categories.list();
      ids.category = data[0].id;
    },
  ],
  ['categories.get', ({ client, ids }) => client.categories.get(ids.category)],
  ['countries.list', ({ client }) => client.countries.list()],
  ['countries.get', ({ client }) => client.countries.get('US')],
  ['currencies.list', ({ client }) => client.currencies.list()],
  ['locales.list', ({ client }) => client.locales.list()],
  ['channel.get', ({ client }) => client.channel.get()],
  [
    'policies.list',
    async ({ client, ids }) => {
      const { data } = await client.policies.list();
      ids.policy = data[0].id;
    },
  ],
  ['policies.get', ({ client, ids }) => client.policies.get(ids.policy)],
  [
    'markets.list',
    async ({ client, ids }) => {
      const { data } = await client.markets.list();
      ids.market = data[0].id;
    },
  ],
  ['markets.get', ({ client, ids }) => client.markets.get(ids.market)],
  ['markets.resolve', ({ client }) => client.markets.resolve('US')],
  ['markets.countries.list', ({ client, ids }) => client.markets.countries.list(ids.market)],
  ['markets.countries.get', ({ client, ids }) => client.markets.countries.get(ids.market, 'US')],
  [
    'customers.create',
    async ({ client, ids }) => {
      ids.email = uniqueEmail('walk');
      const auth = await client.customers.create({
        email: ids.email,
        password,
        password_confirmation: password,
        first_name: 'Ada',
        last_name: 'Lovelace',
      });
      ids.refresh = auth.refresh_token;
      ids.customer = auth.user.id;
    },
  ],
  [
    'auth.login',
    async ({ client, ids }) => {
      const auth = await client.auth.login({ email: ids.email, password });
      ids.jwt = auth.token;
      ids.refresh = auth.refresh_token;
    },
  ],
  [
    'auth.refresh',
    async ({ client, ids }) => {
      const auth = await client.auth.refresh({ refresh_token: ids.refresh });
      ids.jwt = auth.token;
      ids.refresh = auth.refresh_token;
    },
  ],
  ['customer.get', ({ client, ids }) => client.customer.get({ token: ids.jwt })],
  [
    'customer.update',
    ({ client, ids }) => client.customer.update({ first_name: 'Augusta' }, { token: ids.jwt }),
  ],
  [
    'customer.addresses.create',
    async ({ client, ids }) => {
      const address = await client.customer.addresses.create(CLIENT_US_ADDRESS, {
        token: ids.jwt,
      });
      ids.address = address.id;
    },
  ],
  [
    'customer.addresses.list',
    ({ client, ids }) => client.customer.addresses.list({}, { token: ids.jwt }),
  ],
  [
    'customer.addresses.get',
    ({ client, ids }) => client.customer.addresses.get(ids.address, { token: ids.jwt }),
  ],
  [
    'customer.addresses.update',
    ({ client, ids }) =>
      client.customer.addresses.update(ids.address, { city: 'Alexandria' }, { token: ids.jwt }),
  ],
  [
    'carts.create',
    async ({ client, ids }) => {
      const cart = await client.carts.create({}, { token: ids.jwt });
      ids.cart = cart.id;
    },
  ],
  ['carts.list', ({ client, ids }) => client.carts.list({ token: ids.jwt })],
  ['carts.get', ({ client, ids }) => client.carts.get(ids.cart, { token: ids.jwt })],
  [
    'carts.items.create',
    async ({ client, ids, variantId }) => {
      const cart = await client.carts.items.create(
        ids.cart,
        { variant_id: variantId, quantity: 3 },
        { token: ids.jwt },
      );
      ids.line = cart.items[0].id;
    },
  ],
  [
    'carts.items.update',
    ({ client, ids }) =>
      client.carts.items.update(ids.cart, ids.line, { quantity: 4 }, { token: ids.jwt }),
  ],
  [
    'carts.update',
    ({ client, ids }) =>
      client.carts.update(
        ids.cart,
        { billing_address: CLIENT_US_ADDRESS, shipping_address: CLIENT_US_ADDRESS },
        { token: ids.jwt },
      ),
  ],
  [
    'carts.fulfillments.update',
    async ({ client, ids }) => {
      const cart = await client.carts.get(ids.cart, { token: ids.jwt });
      const [fulfillment] = cart.fulfillments;
      await client.carts.fulfillments.update(
        ids.cart,
        fulfillment.id,
        { selected_delivery_rate_id: fulfillment.delivery_rates[0].id },
        { token: ids.jwt },
      );
    },
  ],
  [
    'carts.discountCodes.apply',
    ({ client, ids, discountCode }) =>
      client.carts.discountCodes.apply(ids.cart, discountCode, { token: ids.jwt }),
  ],
  [
    'carts.discountCodes.remove',
    ({ client, ids, discountCode }) =>
      client.carts.discountCodes.remove(ids.cart, discountCode, { token: ids.jwt }),
  ],
  [
    'carts.giftCards.apply',
    async ({ client, ids, issueGiftCard }) => {
      const code = await issueGiftCard(ids.email);
      const cart = await client.carts.giftCards.apply(ids.cart, code, { token: ids.jwt });
      ids.giftCard = (cart as unknown as { gift_card: { id: string } }).gift_card.id;
    },
  ],
  [
    'carts.giftCards.remove',
    ({ client, ids }) => client.carts.giftCards.remove(ids.cart, ids.giftCard, { token: ids.jwt }),
  ],
  [
    'customer.paymentSetupSessions.create',
    async ({ client, ids }) => {
      const methods = (await client.carts.get(ids.cart, { token: ids.jwt })).payment_methods;
      ids.cardMethod = methods.find((method) => method.type === 'test_card')!.id;
      ids.checkMethod = methods.find((method) => method.type === 'check')!.id;
      const session = await client.customer.paymentSetupSessions.create(
        { payment_method_id: ids.cardMethod },
        { token: ids.jwt },
      );
      ids.setupSession = session.id;
    },
  ],
  [
    'customer.paymentSetupSessions.get',
    ({ client, ids }) =>
      client.customer.paymentSetupSessions.get(ids.setupSession, { token: ids.jwt }),
  ],
  [
    'customer.paymentSetupSessions.complete',
    ({ client, ids }) =>
      client.customer.paymentSetupSessions.complete(
        ids.setupSession,
        { external_data: { card: CARDS.approved } } as never,
        { token: ids.jwt },
      ),
  ],
  [
    'customer.creditCards.list',
    async ({ client, ids }) => {
      const { data } = await client.customer.creditCards.list({}, { token: ids.jwt });
      ids.creditCard = data[0].id;
    },
  ],
  [
    'customer.creditCards.get',
    ({ client, ids }) => client.customer.creditCards.get(ids.creditCard, { token: ids.jwt }),
  ],
  [
    'carts.paymentSessions.create',
    async ({ client, ids }) => {
      const session = await client.carts.paymentSessions.create(
        ids.cart,
        { payment_method_id: ids.cardMethod, external_data: { card: CARDS.approved } },
        { token: ids.jwt },
      );
      ids.paymentSession = session.id;
    },
  ],
  [
    'carts.paymentSessions.get',
    ({ client, ids }) =>
      client.carts.paymentSessions.get(ids.cart, ids.paymentSession, { token: ids.jwt }),
  ],
  [
    'carts.paymentSessions.update',
    ({ client, ids }) =>
      client.carts.paymentSessions.update(ids.cart, ids.paymentSession, {}, { token: ids.jwt }),
  ],
  [
    'carts.paymentSessions.complete',
    ({ client, ids }) =>
      client.carts.paymentSessions.complete(
        ids.cart,
        ids.paymentSession,
        { session_result: 'succeeded' },
        { token: ids.jwt },
      ),
  ],
  [
    'carts.complete',
    async ({ client, ids }) => {
      const order = await client.carts.complete(ids.cart, { token: ids.jwt });
      ids.order = order.id;
    },
  ],
  ['orders.get', ({ client, ids }) => client.orders.get(ids.order, {}, { token: ids.jwt })],
  [
    'customer.orders.list',
    ({ client, ids }) => client.customer.orders.list({}, { token: ids.jwt }),
  ],
  [
    'customer.orders.get',
    ({ client, ids }) => client.customer.orders.get(ids.order, {}, { token: ids.jwt }),
  ],
  [
    'customer.storeCredits.list',
    async ({ client, ids, grantStoreCredit }) => {
      await grantStoreCredit(ids.customer);
      const { data } = await client.customer.storeCredits.list({}, { token: ids.jwt });
      ids.storeCredit = data[0].id;
    },
  ],
  [
    'customer.storeCredits.get',
    ({ client, ids }) => client.customer.storeCredits.get(ids.storeCredit, { token: ids.jwt }),
  ],
  [
    'carts.storeCredits.apply',
    async ({ client, ids, variantId }) => {
      const cart = await client.carts.create({}, { token: ids.jwt });
      ids.creditCart = cart.id;
      const filled = await client.carts.items.create(
        cart.id,
        { variant_id: variantId, quantity: 1 },
        { token: ids.jwt },
      );
      ids.creditLine = filled.items[0].id;
      await client.carts.storeCredits.apply(cart.id, 1, { token: ids.jwt });
    },
  ],
  [
    'carts.payments.create',
    ({ client, ids }) =>
      client.carts.payments.create(
        ids.creditCart,
        { payment_method_id: ids.checkMethod } as never,
        { token: ids.jwt },
      ),
  ],
  [
    'carts.storeCredits.remove',
    ({ client, ids }) => client.carts.storeCredits.remove(ids.creditCart, { token: ids.jwt }),
  ],
  [
    'customer.giftCards.list',
    ({ client, ids }) => client.customer.giftCards.list({}, { token: ids.jwt }),
  ],
  [
    'customer.giftCards.get',
    ({ client, ids }) => client.customer.giftCards.get(ids.giftCard, { token: ids.jwt }),
  ],
  [
    'carts.items.delete',
    ({ client, ids }) =>
      client.carts.items.delete(ids.creditCart, ids.creditLine, { token: ids.jwt }),
  ],
  [
    'carts.associate',
    async ({ client, ids, variantId }) => {
      const guest = await client.carts.create();
      await client.carts.items.create(
        guest.id,
        { variant_id: variantId, quantity: 1 },
        { spreeToken: guest.token! },
      );
      await client.carts.associate(guest.id, { token: ids.jwt, spreeToken: guest.token! });
      ids.guestCart = guest.id;
    },
  ],
  ['carts.delete', ({ client, ids }) => client.carts.delete(ids.guestCart, { token: ids.jwt })],
  [
    'customer.creditCards.delete',
    ({ client, ids }) => client.customer.creditCards.delete(ids.creditCard, { token: ids.jwt }),
  ],
  [
    'customer.addresses.delete',
    ({ client, ids }) => client.customer.addresses.delete(ids.address, { token: ids.jwt }),
  ],
  [
    'wishlists.create',
    async ({ client, ids }) => {
      const wishlist = await client.wishlists.create({ name: 'Later' }, { token: ids.jwt });
      ids.wishlist = wishlist.id;
    },
  ],
  ['wishlists.list', ({ client, ids }) => client.wishlists.list({}, { token: ids.jwt })],
  [
    'wishlists.get',
    ({ client, ids }) => client.wishlists.get(ids.wishlist, {}, { token: ids.jwt }),
  ],
  [
    'wishlists.update',
    ({ client, ids }) =>
      client.wishlists.update(ids.wishlist, { name: 'Someday' }, { token: ids.jwt }),
  ],
  [
    'wishlists.items.create',
    async ({ client, ids, otherVariantId }) => {
      const item = await client.wishlists.items.create(
        ids.wishlist,
        { variant_id: otherVariantId, quantity: 1 },
        { token: ids.jwt },
      );
      ids.wishlistItem = item.id;
    },
  ],
  [
    'wishlists.items.update',
    ({ client, ids }) =>
      client.wishlists.items.update(
        ids.wishlist,
        ids.wishlistItem,
        { quantity: 2 },
        { token: ids.jwt },
      ),
  ],
  [
    'wishlists.items.delete',
    ({ client, ids }) =>
      client.wishlists.items.delete(ids.wishlist, ids.wishlistItem, { token: ids.jwt }),
  ],
  [
    'wishlists.delete',
    ({ client, ids }) => client.wishlists.delete(ids.wishlist, { token: ids.jwt }),
  ],
  [
    'newsletterSubscribers.create',
    async ({ client, ids }) => {
      // Newsletter calls come from fresh addresses: the per-IP budget is shared with other specs.
      const subscriber = await client.newsletterSubscribers.create(
        { email: uniqueEmail('news') },
        { headers: { ...freshIp() } },
      );
      ids.subscriber = subscriber.id;
    },
  ],
  [
    'newsletterSubscribers.verify',
    ({ client }) =>
      client.newsletterSubscribers.verify(
        { token: `nlv_${'A'.repeat(43)}` },
        { headers: { ...freshIp() } },
      ),
    { refused: 422 },
  ],
  [
    'newsletterSubscribers.requestUnsubscribe',
    ({ client }) =>
      client.newsletterSubscribers.requestUnsubscribe({ email: uniqueEmail('news') } as never, {
        headers: { ...freshIp() },
      }),
  ],
  [
    'newsletterSubscribers.delete',
    ({ client, ids }) =>
      client.newsletterSubscribers.delete(ids.subscriber, { token: 'nlu_unknown' } as never, {
        headers: { ...freshIp() },
      }),
    { refused: 422 },
  ],
  [
    'passwordResets.create',
    ({ client, ids }) => client.passwordResets.create({ email: ids.email }),
  ],
  [
    'passwordResets.update',
    ({ client }) =>
      client.passwordResets.update('unknown-token', { password, password_confirmation: password }),
    { refused: 422 },
  ],
  [
    'auth.logout',
    ({ client, ids }) => client.auth.logout({ refresh_token: ids.refresh }, { token: ids.jwt }),
  ],
];
