import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import type { TestResponse } from './http-client.js';
import type { TestApp } from './test-app.js';

/** A US shipping and billing address in the contract's (v2) field names. */
export const US_ADDRESS = {
  firstname: 'Grace',
  lastname: 'Hopper',
  address1: '1 Navy Way',
  city: 'Arlington',
  zipcode: '22202',
  state_name: 'VA',
  country_iso: 'US',
  phone: '555-0100',
};

/** The same person in Germany, in the v3 field names. */
export const DE_ADDRESS = {
  first_name: 'Emmy',
  last_name: 'Noether',
  address1: 'Bunsenstraße 3',
  city: 'Göttingen',
  postal_code: '37073',
  country_iso: 'DE',
};

/** The documented test cards. */
export const CARDS = {
  approved: { number: '4242424242424242', month: 12, year: 2099, verification_value: '123' },
  declined: { number: '4000000000000002', month: 12, year: 2099, verification_value: '123' },
  gatewayError: { number: '4000000000000119', month: 12, year: 2099, verification_value: '123' },
};

export interface DemoVariant {
  id: string;
  productId: string;
  price: string;
}

/** Store API calls about one cart: the shop's publishable key plus the cart token or a JWT. */
export class CartClient {
  id = '';
  token = '';

  constructor(
    readonly t: TestApp,
    readonly shop: DemoCredentials,
    readonly customerToken?: string,
  ) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      'x-store-api-key': this.shop.publishable_key,
      ...(this.token ? { 'x-store-token': this.token } : {}),
      ...(this.customerToken ? { authorization: `Bearer ${this.customerToken}` } : {}),
      ...extra,
    };
  }

  call(method: string, path: string, json?: unknown, extra?: Record<string, string>) {
    return this.t.http.request(method, `/api/v3/store${path}`, {
      headers: this.headers(extra),
      json,
    });
  }

  async create(body: Record<string, unknown> = {}): Promise<TestResponse> {
    const response = await this.call('POST', '/carts', body);
    expect(response.status).toBe(201);
    this.id = response.body.id;
    this.token = response.body.token;
    return response;
  }

  get() {
    return this.call('GET', `/carts/${this.id}`);
  }

  addItem(variantId: string, quantity?: unknown, extra: Record<string, unknown> = {}) {
    return this.call('POST', `/carts/${this.id}/items`, {
      variant_id: variantId,
      ...(quantity === undefined ? {} : { quantity }),
      ...extra,
    });
  }

  update(body: Record<string, unknown>) {
    return this.call('PATCH', `/carts/${this.id}`, body);
  }

  /** Email plus the same address for billing and shipping. */
  address(address: Record<string, unknown> = US_ADDRESS, email = 'shopper@example.com') {
    return this.update({ email, billing_address: address, use_shipping: true });
  }

  selectRate(fulfillmentId: string, rateId: string) {
    return this.call('PATCH', `/carts/${this.id}/fulfillments/${fulfillmentId}`, {
      selected_delivery_rate_id: rateId,
    });
  }

  async paymentMethodId(type: 'test_card' | 'check'): Promise<string> {
    const response = await this.call('GET', `/carts/${this.id}/payment_methods`);
    expect(response.status).toBe(200);
    return response.body.data.find((method: { type: string }) => method.type === type).id;
  }

  async payByCard(card: Record<string, unknown> = CARDS.approved): Promise<TestResponse> {
    return this.call('POST', `/carts/${this.id}/payments`, {
      payment_method_id: await this.paymentMethodId('test_card'),
      source: card,
    });
  }

  complete(body?: Record<string, unknown>) {
    return this.call('POST', `/carts/${this.id}/complete`, body);
  }
}

/** The variants of a demo product, by slug, through the Store API. */
export async function demoVariants(
  t: TestApp,
  shop: DemoCredentials,
  slug = 'classic-cotton-t-shirt',
  currency = 'USD',
): Promise<DemoVariant[]> {
  const response = await t.http.get(
    `/api/v3/store/products/${slug}?expand=variants&currency=${currency}`,
    { 'x-store-api-key': shop.publishable_key },
  );
  expect(response.status).toBe(200);
  return response.body.variants.map(
    (variant: { id: string; product_id: string; price: { amount: string } }) => ({
      id: variant.id,
      productId: variant.product_id,
      price: variant.price.amount,
    }),
  );
}
