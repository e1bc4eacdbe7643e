import type { Client } from '@spree/sdk';
import type { StorefrontV2Client } from '../../helpers/storefront-v2-client.js';
import { uniqueEmail } from '../../helpers/customers-fixtures.js';

/** What the calls share: both clients, and the ids and tokens earlier calls found. */
export interface V2CallContext {
  v2: StorefrontV2Client;
  /** The v3 client, for what the v2 API does not show (a share setting, download links). */
  v3: Client;
  /** A tee variant, and the demo Tea Sampler's (it comes with a download). */
  variantId: string;
  digitalVariantId: string;
  discountCode: string;
  /** Staff give the customer store credit. */
  grantStoreCredit: (customerId: string) => Promise<void>;
  ids: Record<string, string>;
}

/** A call's result as the v2 client answers it: success, or a failure holding the response. */
interface Result {
  isSuccess(): boolean;
  success(): unknown;
  fail(): Error;
}

export type V2Call = (context: V2CallContext) => Promise<Result>;

/** A call this store answers with a refusal on purpose, and why. */
export interface Refused {
  refused: number;
  because: string;
}

const password = 'correct horse battery';
const ADDRESS = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  address1: '1 Navy Way',
  city: 'Arlington',
  zipcode: '22202',
  state_name: 'VA',
  country_iso: 'US',
  phone: '555-0100',
};

/** Runs `call`, keeps what `keep` takes from its success, and answers the result. */
async function keeping(call: Promise<Result>, keep: (body: any) => void): Promise<Result> {
  const result = await call;
  if (result.isSuccess()) keep(result.success());
  return result;
}

const NOT_KEPT = 'the store keeps no CMS, menus or vendors (docs/storefront-v2.md)';

/**
 * Every method of `@spree/storefront-api-v2-sdk`, in an order where each finds what it needs
 * made by the calls before it. Each is expected to succeed, but for the refusals this store
 * answers on purpose (listed with their reason). Kept beside the spec: a client version with a
 * method this list lacks fails it.
 */
export const STOREFRONT_V2_CALLS: [method: string, call: V2Call, expected?: Refused][] = [
  ['products.list', ({ v2 }) => v2.products.list({ per_page: 5 })],
  [
    'products.show',
    ({ v2, ids }) =>
      keeping(v2.products.list({ per_page: 1 }), (body) => (ids.product = body.data[0].id)).then(
        () => v2.products.show({ id: ids.product }),
      ),
  ],
  [
    'taxons.list',
    ({ v2, ids }) => keeping(v2.taxons.list(), (body) => (ids.taxon = body.data[0].id)),
  ],
  ['taxons.show', ({ v2, ids }) => v2.taxons.show({ id: ids.taxon })],
  ['countries.list', ({ v2 }) => v2.countries.list()],
  ['countries.show', ({ v2 }) => v2.countries.show({ iso: 'US' } as never)],
  ['countries.default', ({ v2 }) => v2.countries.default()],
  [
    'account.create',
    ({ v2, ids }) => {
      ids.email = uniqueEmail('v2-walk');
      return keeping(
        v2.account.create({
          user: { email: ids.email, password, password_confirmation: password },
        } as never),
        (body) => (ids.customer = body.data.id),
      );
    },
  ],
  [
    'account.confirm',
    ({ v2 }) => v2.account.confirm({ confirmation_token: 'acf_made-up' }),
    { refused: 422, because: 'a made-up token: the real one only arrives by e-mail' },
  ],
  [
    'authentication.getToken',
    ({ v2, ids }) =>
      keeping(v2.authentication.getToken({ username: ids.email, password }), (body) => {
        ids.bearer = body.access_token;
        ids.refresh = body.refresh_token;
      }),
  ],
  [
    'authentication.refreshToken',
    ({ v2, ids }) =>
      keeping(v2.authentication.refreshToken({ refresh_token: ids.refresh }), (body) => {
        ids.bearer = body.access_token;
        ids.refresh = body.refresh_token;
      }),
  ],
  ['account.accountInfo', ({ v2, ids }) => v2.account.accountInfo({ bearer_token: ids.bearer })],
  [
    'account.update',
    ({ v2, ids }) =>
      v2.account.update({ bearer_token: ids.bearer, user: { first_name: 'Augusta' } } as never),
  ],
  [
    'account.createAddress',
    ({ v2, ids }) =>
      keeping(
        v2.account.createAddress({ bearer_token: ids.bearer, address: ADDRESS } as never),
        (body) => (ids.address = body.data.id),
      ),
  ],
  [
    'account.addressesList',
    ({ v2, ids }) => v2.account.addressesList({ bearer_token: ids.bearer }),
  ],
  [
    'account.showAddress',
    ({ v2, ids }) => v2.account.showAddress({ bearer_token: ids.bearer, id: ids.address }),
  ],
  [
    'account.updateAddress',
    ({ v2, ids }) =>
      v2.account.updateAddress({
        bearer_token: ids.bearer,
        id: ids.address,
        address: { city: 'Alexandria' },
      } as never),
  ],
  [
    'cart.create',
    ({ v2, ids }) =>
      keeping(v2.cart.create({ bearer_token: ids.bearer }), (body) => (ids.cart = body.data.id)),
  ],
  ['cart.show', ({ v2, ids }) => v2.cart.show({ bearer_token: ids.bearer })],
  [
    'cart.addItem',
    ({ v2, ids, variantId }) =>
      v2.cart.addItem({ bearer_token: ids.bearer, variant_id: variantId, quantity: 2 }),
  ],
  [
    'cart.setQuantity',
    async ({ v2, ids }) => {
      const cart: any = (await v2.cart.show({ bearer_token: ids.bearer })).success();
      ids.line = cart.data.relationships.line_items.data[0].id;
      return v2.cart.setQuantity({ bearer_token: ids.bearer, line_item_id: ids.line, quantity: 3 });
    },
  ],
  [
    'cart.applyCouponCode',
    ({ v2, ids, discountCode }) =>
      v2.cart.applyCouponCode({ bearer_token: ids.bearer, coupon_code: discountCode }),
  ],
  [
    'cart.removeCouponCode',
    ({ v2, ids, discountCode }) =>
      v2.cart.removeCouponCode({ bearer_token: ids.bearer, code: discountCode }),
  ],
  [
    'cart.removeAllCoupons',
    ({ v2, ids }) => v2.cart.removeAllCoupons({ bearer_token: ids.bearer }),
  ],
  [
    'cart.estimateShippingMethods',
    ({ v2, ids }) =>
      v2.cart.estimateShippingMethods({ bearerToken: ids.bearer }, { country_iso: 'US' } as never),
  ],
  [
    'cart.estimateShippingRates',
    ({ v2, ids }) =>
      v2.cart.estimateShippingRates({ bearer_token: ids.bearer, country_iso: 'US' } as never),
  ],
  [
    'cart.changeCurrency',
    ({ v2, ids }) => v2.cart.changeCurrency({ bearer_token: ids.bearer, new_currency: 'USD' }),
  ],
  [
    'checkout.orderUpdate',
    ({ v2, ids }) =>
      v2.checkout.orderUpdate({
        bearer_token: ids.bearer,
        order: { bill_address_attributes: ADDRESS, ship_address_attributes: ADDRESS },
      } as never),
  ],
  [
    'checkout.shippingMethods',
    ({ v2, ids }) => v2.checkout.shippingMethods({ bearerToken: ids.bearer }),
  ],
  [
    'checkout.shippingRates',
    ({ v2, ids }) =>
      keeping(v2.checkout.shippingRates({ bearer_token: ids.bearer }), (body) => {
        ids.shipment = body.data[0].id;
        ids.shippingMethod = String(
          body.included.find((item: any) => item.type === 'shipping_rate').attributes
            .shipping_method_id,
        );
      }),
  ],
  [
    'checkout.selectShippingMethod',
    ({ v2, ids }) =>
      v2.checkout.selectShippingMethod({
        bearer_token: ids.bearer,
        shipping_method_id: ids.shippingMethod,
      } as never),
  ],
  [
    'checkout.paymentMethods',
    ({ v2, ids }) =>
      keeping(v2.checkout.paymentMethods({ bearer_token: ids.bearer }), (body) => {
        ids.cardMethod = body.data.find((m: any) => m.attributes.method_type === 'test_card').id;
      }),
  ],
  [
    'checkout.addStoreCredits',
    async ({ v2, ids, grantStoreCredit }) => {
      await grantStoreCredit(ids.customer);
      return v2.checkout.addStoreCredits({ bearer_token: ids.bearer, amount: 1 } as never);
    },
  ],
  [
    'checkout.removeStoreCredits',
    ({ v2, ids }) => v2.checkout.removeStoreCredits({ bearer_token: ids.bearer }),
  ],
  [
    'checkout.createStripeSession',
    ({ v2, ids }) => v2.checkout.createStripeSession({ bearer_token: ids.bearer } as never),
    { refused: 422, because: 'cards are paid through payment sessions, not Stripe checkout' },
  ],
  [
    'checkout.addPayment',
    ({ v2, ids }) =>
      v2.checkout.addPayment({
        bearer_token: ids.bearer,
        payment_method_id: ids.cardMethod,
        source_attributes: { number: '4242424242424242', month: 12, year: 2099, name: 'Ada' },
      } as never),
  ],
  ['checkout.orderNext', ({ v2, ids }) => v2.checkout.orderNext({ bearer_token: ids.bearer })],
  ['checkout.advance', ({ v2, ids }) => v2.checkout.advance({ bearer_token: ids.bearer })],
  [
    'checkout.complete',
    ({ v2, ids }) =>
      keeping(v2.checkout.complete({ bearer_token: ids.bearer }), (body) => {
        ids.number = body.data.attributes.number;
        ids.orderToken = body.data.attributes.token;
      }),
  ],
  [
    'account.completedOrdersList',
    ({ v2, ids }) => v2.account.completedOrdersList({ bearer_token: ids.bearer }),
  ],
  [
    'account.completedOrder',
    ({ v2, ids }) =>
      v2.account.completedOrder({ bearer_token: ids.bearer, order_number: ids.number }),
  ],
  [
    'digitalAssets.download',
    async ({ v2, v3, ids, digitalVariantId }) => {
      const guest = await v3.carts.create();
      const spreeToken = guest.token!;
      await v3.carts.items.create(
        guest.id,
        { variant_id: digitalVariantId, quantity: 1 },
        { spreeToken },
      );
      await v3.carts.update(
        guest.id,
        {
          email: uniqueEmail('digital'),
          billing_address: V3_ADDRESS,
          shipping_address: V3_ADDRESS,
        },
        { spreeToken },
      );
      const methods = (await v3.carts.get(guest.id, { spreeToken })).payment_methods;
      await v3.carts.payments.create(
        guest.id,
        {
          payment_method_id: methods.find((method) => method.type === 'test_card')!.id,
          source: { number: '4242424242424242', month: 12, year: 2099, verification_value: '123' },
        } as never,
        { spreeToken },
      );
      const order = (await v3.carts.complete(guest.id, { spreeToken })) as any;
      const url: string =
        order.digital_links[0].download_url ?? order.line_items[0].digital_links[0].download_url;
      ids.download = url.split('/').pop()!;
      ids.guestNumber = order.number;
      ids.guestToken = spreeToken;
      return v2.digitalAssets.download({ asset_token: ids.download } as never);
    },
  ],
  [
    'order.status',
    ({ v2, ids }) =>
      v2.order.status({ order_token: ids.guestToken, order_number: ids.guestNumber }),
  ],
  [
    'account.creditCardsList',
    ({ v2, ids }) => v2.account.creditCardsList({ bearer_token: ids.bearer }),
  ],
  [
    'account.defaultCreditCard',
    ({ v2, ids }) => v2.account.defaultCreditCard({ bearer_token: ids.bearer }),
  ],
  [
    'account.removeCreditCard',
    async ({ v2, v3, ids }) => {
      const methods = (await v3.carts.create({}, { token: ids.bearer })).payment_methods;
      const session = await v3.customer.paymentSetupSessions.create(
        {
          payment_method_id: methods.find((method) => method.type === 'test_card')!.id,
          external_data: { card: { number: '4242424242424242', month: 12, year: 2099 } },
        } as never,
        { token: ids.bearer },
      );
      await v3.customer.paymentSetupSessions.complete(session.id, {}, { token: ids.bearer });
      const { data } = await v3.customer.creditCards.list({}, { token: ids.bearer });
      return v2.account.removeCreditCard({ bearer_token: ids.bearer, id: data[0].id });
    },
  ],
  [
    'wishlists.create',
    ({ v2, ids }) =>
      keeping(
        v2.wishlists.create({ bearer_token: ids.bearer, name: 'Later' }),
        (body) => (ids.wishlist = body.data.attributes.token),
      ),
  ],
  ['wishlists.list', ({ v2, ids }) => v2.wishlists.list({ bearer_token: ids.bearer })],
  ['wishlists.default', ({ v2, ids }) => v2.wishlists.default({ bearer_token: ids.bearer })],
  [
    'wishlists.show',
    ({ v2, ids }) => v2.wishlists.show({ bearer_token: ids.bearer, wishlist_token: ids.wishlist }),
  ],
  [
    'wishlists.update',
    ({ v2, ids }) =>
      v2.wishlists.update({
        bearer_token: ids.bearer,
        wishlist_token: ids.wishlist,
        name: 'Someday',
      }),
  ],
  [
    'wishlists.addWishedItem',
    ({ v2, ids, variantId }) =>
      keeping(
        v2.wishlists.addWishedItem({
          bearer_token: ids.bearer,
          wishlist_token: ids.wishlist,
          variant_id: variantId,
          quantity: 1,
        }),
        (body) => (ids.wishedItem = body.data.id),
      ),
  ],
  [
    'wishlists.updateWishedItem',
    ({ v2, ids }) =>
      v2.wishlists.updateWishedItem({
        bearer_token: ids.bearer,
        wishlist_token: ids.wishlist,
        id: ids.wishedItem,
        quantity: 2,
      }),
  ],
  [
    'wishlists.removeWishedItem',
    ({ v2, ids }) =>
      v2.wishlists.removeWishedItem({
        bearer_token: ids.bearer,
        wishlist_token: ids.wishlist,
        id: ids.wishedItem,
      }),
  ],
  [
    'wishlists.remove',
    ({ v2, ids }) =>
      v2.wishlists.remove({ bearer_token: ids.bearer, wishlist_token: ids.wishlist }),
  ],
  [
    'cart.removeItem',
    async ({ v2, ids, variantId }) => {
      await v2.cart.create({ bearer_token: ids.bearer });
      const cart: any = (
        await v2.cart.addItem({ bearer_token: ids.bearer, variant_id: variantId, quantity: 1 })
      ).success();
      return v2.cart.removeItem({
        bearer_token: ids.bearer,
        id: cart.data.relationships.line_items.data[0].id,
      });
    },
  ],
  ['cart.emptyCart', ({ v2, ids }) => v2.cart.emptyCart({ bearer_token: ids.bearer })],
  [
    'cart.associateGuestCart',
    async ({ v2, ids, variantId }) => {
      const guest: any = (await v2.cart.create()).success();
      const order_token = guest.data.attributes.token;
      await v2.cart.addItem({ order_token, variant_id: variantId, quantity: 1 });
      return v2.cart.associateGuestCart({
        bearer_token: ids.bearer,
        guest_order_token: order_token,
      });
    },
  ],
  ['cart.remove', ({ v2, ids }) => v2.cart.remove({ bearer_token: ids.bearer })],
  [
    'account.removeAddress',
    ({ v2, ids }) => v2.account.removeAddress({ bearer_token: ids.bearer, id: ids.address }),
  ],
  [
    'account.forgotPassword',
    ({ v2, ids }) => v2.account.forgotPassword({ user: { email: ids.email } }),
  ],
  [
    'account.resetPassword',
    ({ v2 }) =>
      v2.account.resetPassword({
        reset_password_token: 'prt_unknown',
        user: { password, password_confirmation: password },
      }),
    { refused: 422, because: 'a made-up token: the real one only arrives by e-mail' },
  ],
  [
    'authentication.revokeToken',
    ({ v2, ids }) => v2.authentication.revokeToken({ token: ids.refresh }),
  ],
  ['pages.list', ({ v2 }) => v2.pages.list(), { refused: 404, because: NOT_KEPT }],
  ['pages.show', ({ v2 }) => v2.pages.show({ id: 'about' }), { refused: 404, because: NOT_KEPT }],
  ['menus.list', ({ v2 }) => v2.menus.list(), { refused: 404, because: NOT_KEPT }],
  ['menus.show', ({ v2 }) => v2.menus.show({ id: '1' }), { refused: 404, because: NOT_KEPT }],
  ['vendors.list', ({ v2 }) => v2.vendors.list(), { refused: 404, because: NOT_KEPT }],
  [
    'vendors.show',
    ({ v2 }) => v2.vendors.show({ id: 'acme' }),
    { refused: 404, because: NOT_KEPT },
  ],
];

const V3_ADDRESS = {
  first_name: 'Grace',
  last_name: 'Hopper',
  address1: '1 Navy Way',
  city: 'Arlington',
  postal_code: '22202',
  state_name: 'VA',
  country_iso: 'US',
  phone: '555-0100',
};
