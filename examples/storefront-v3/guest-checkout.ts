// A guest checkout with the official Store API client, `@spree/sdk`, against a running service.
//
//   npm start                                   # in one terminal (prints the demo publishable key)
//   STORE_URL=http://127.0.0.1:3000 STORE_KEY=pk_… npx tsx examples/storefront-v3/guest-checkout.ts
//
// The service names its headers X-Store-*, the client X-Spree-*: the only adaptation is a fetch
// that renames them.
import { type Client, createClient } from '@spree/sdk';

/** A fetch that sends the client's `X-Spree-*` headers under the service's `X-Store-*` names. */
export const storeHeadersFetch: typeof fetch = (input, init) => {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    const spree = /^x-spree-(.+)$/.exec(name);
    if (!spree) headers[name] = value;
    else if (spree[1] === 'api-key') headers['X-Store-API-Key'] = value;
    else headers[`X-Store-${spree[1].replace(/(^|-)\w/g, (part) => part.toUpperCase())}`] = value;
  });
  return fetch(input, { ...init, headers });
};

const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '12 St James Square',
  city: 'New York',
  postal_code: '10001',
  state_abbr: 'NY',
  country_iso: 'US',
  phone: '555-0100',
};

/** Runs a guest checkout paid by check and answers the placed order. */
export async function guestCheckout(client: Client) {
  const { data: products } = await client.products.list({ limit: 1 });
  let cart = await client.carts.create({
    items: [{ variant_id: products[0].default_variant_id, quantity: 2 }],
  });
  const options = { spreeToken: cart.token };

  cart = await client.carts.update(
    cart.id,
    { email: 'ada@example.com', shipping_address: ADDRESS, use_shipping: true },
    options,
  );
  const [fulfillment] = cart.fulfillments;
  cart = await client.carts.fulfillments.update(
    cart.id,
    fulfillment.id,
    { selected_delivery_rate_id: fulfillment.delivery_rates[0].id },
    options,
  );
  const check = cart.payment_methods.find((method) => !method.session_required);
  if (!check) throw new Error('the store offers no payment method without a session');
  await client.carts.payments.create(cart.id, { payment_method_id: check.id }, options);
  return client.carts.complete(cart.id, options);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const client = createClient({
    baseUrl: process.env.STORE_URL ?? 'http://127.0.0.1:3000',
    publishableKey: process.env.STORE_KEY ?? '',
    fetch: storeHeadersFetch,
  });
  const order = await guestCheckout(client);
  console.error(`placed ${order.number}: ${order.display_total}, ${order.payment_status}`);
}
