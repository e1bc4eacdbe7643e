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

  /** Completes a payment session of the cart (or of the order it became) with a test card. */
  completeSession(sessionId: string, card: Record<string, unknown> = CARDS.approved) {
    return this.call('PATCH', `/carts/${this.id}/payment_sessions/${sessionId}/complete`, {
      external_data: { card },
    });
  }

  /** Pays a payment session with the approved card; answers the session as it was before. */
  async paySession(sessionId: string): Promise<Record<string, any>> {
    const session = await this.call('GET', `/carts/${this.id}/payment_sessions/${sessionId}`);
    expect(session.status).toBe(200);
    const paid = await this.completeSession(sessionId);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('completed');
    return session.body;
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

// Stored state of carts, for asserting what a request did (or did not) write.
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';

export interface StoredOrder {
  state: string;
  state_lock_version: number;
  completed_at: Date | null;
  payment_state: string | null;
  bill_address_id: string | null;
  email: string | null;
}

/** The rows behind public ids: orders, line items, payments, stock, outbox events. */
export class CartRecords {
  private readonly codec: PublicIdCodec;

  constructor(private readonly t: TestApp) {
    this.codec = t.app.get(PublicIdCodec);
  }

  /** The database key of a public id (`cart_…`, `variant_…`, ...). */
  key(prefix: (typeof ID_PREFIX)[keyof typeof ID_PREFIX], publicId: string): string {
    const key = this.codec.decode(prefix, publicId);
    if (key === undefined) throw new Error(`${publicId} is not a ${prefix} id`);
    return key;
  }

  /** The public id of a database key. */
  publicId(prefix: (typeof ID_PREFIX)[keyof typeof ID_PREFIX], key: string): string {
    return this.codec.encode(prefix, key);
  }

  /** A well-formed public id that names no row. */
  unknownId(prefix: (typeof ID_PREFIX)[keyof typeof ID_PREFIX]): string {
    return this.codec.encode(prefix, 2_000_000_000);
  }

  async order(cartId: string): Promise<StoredOrder> {
    const [order] = await this.t.dataSource.query(
      `SELECT state, state_lock_version, completed_at, payment_state,
              bill_address_id::text AS bill_address_id, email
       FROM orders WHERE id = $1`,
      [this.key(ID_PREFIX.cart, cartId)],
    );
    return order;
  }

  /** The cart's lines as `{ variant_id (public), quantity }`, oldest first. */
  async lines(cartId: string): Promise<{ variant_id: string; quantity: number }[]> {
    const rows: { variant_id: string; quantity: number }[] = await this.t.dataSource.query(
      'SELECT variant_id::text AS variant_id, quantity FROM line_items WHERE order_id = $1 ORDER BY id',
      [this.key(ID_PREFIX.cart, cartId)],
    );
    return rows.map((row) => ({
      variant_id: this.codec.encode(ID_PREFIX.variant, row.variant_id),
      quantity: row.quantity,
    }));
  }

  /** The cart's payments as `{ id (public), state }`, oldest first. */
  async payments(cartId: string): Promise<{ id: string; state: string }[]> {
    const rows: { id: string; state: string }[] = await this.t.dataSource.query(
      'SELECT id::text AS id, state FROM payments WHERE order_id = $1 ORDER BY payments.id',
      [this.key(ID_PREFIX.cart, cartId)],
    );
    return rows.map((row) => ({
      id: this.codec.encode(ID_PREFIX.payment, row.id),
      state: row.state,
    }));
  }

  /** Everything a cart request may write: the order row, its lines and its payments. */
  async snapshot(cartId: string) {
    return {
      order: await this.order(cartId),
      lines: await this.lines(cartId),
      payments: await this.payments(cartId),
    };
  }

  /** Units on hand of a variant, over all its stock items. */
  async stock(variantId: string): Promise<number> {
    const [{ count }] = await this.t.dataSource.query(
      'SELECT COALESCE(SUM(count_on_hand), 0)::int AS count FROM stock_items WHERE variant_id = $1',
      [this.key(ID_PREFIX.variant, variantId)],
    );
    return count;
  }

  async setStock(variantId: string, count: number): Promise<void> {
    await this.t.dataSource.query(
      'UPDATE stock_items SET count_on_hand = $2 WHERE variant_id = $1',
      [this.key(ID_PREFIX.variant, variantId), count],
    );
  }

  async archiveProduct(productId: string): Promise<void> {
    await this.t.dataSource.query(`UPDATE products SET status = 'archived' WHERE id = $1`, [
      this.key(ID_PREFIX.product, productId),
    ]);
  }

  /** How many `order.completed` events the outbox holds for a store. */
  async completedEvents(shop: DemoCredentials): Promise<number> {
    const [{ count }] = await this.t.dataSource.query(
      `SELECT count(*)::int AS count FROM events WHERE name = 'order.completed' AND store_id = $1`,
      [this.key(ID_PREFIX.store, shop.store_id)],
    );
    return count;
  }
}

// Checkout end to end: amounts, stored orders, store credit, a whole checkout in one call.

/** The order amounts of the v3 representation; each also has a `display_` twin. */
export const ORDER_AMOUNTS = [
  'item_total',
  'ship_total',
  'adjustment_total',
  'included_tax_total',
  'additional_tax_total',
  'tax_total',
  'promo_total',
  'pre_tax_item_amount',
  'pre_tax_total',
  'total',
] as const;

export type OrderAmounts = Record<(typeof ORDER_AMOUNTS)[number], string> & { item_count: number };

/** The amounts (and item count) of a cart or order, to compare with hand-computed figures. */
export function amountsOf(view: Record<string, any>): OrderAmounts {
  const amounts = Object.fromEntries(ORDER_AMOUNTS.map((field) => [field, view[field]]));
  return { ...amounts, item_count: view.item_count } as OrderAmounts;
}

/** `{ display_total: view.display_total, ... }` for the named amounts. */
export function displayedOf(
  view: Record<string, any>,
  fields: (typeof ORDER_AMOUNTS)[number][],
): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [`display_${field}`, view[`display_${field}`]]));
}

/**
 * Every `id` and `*_id` in a payload, at any depth, is a prefixed public id or null: never a raw
 * database key. The one exception is the price a variant does not have in a currency (every
 * amount null), whose empty id says no record is behind it (see catalog/price-view.ts).
 */
export function expectOnlyPublicIds(payload: unknown, path = '$'): void {
  if (Array.isArray(payload)) {
    payload.forEach((item, index) => expectOnlyPublicIds(item, `${path}[${index}]`));
    return;
  }
  if (payload === null || typeof payload !== 'object') return;
  const missingPrice = 'amount' in payload && payload.amount === null;
  for (const [key, value] of Object.entries(payload)) {
    if (missingPrice && key === 'id' && value === '') continue;
    if ((key === 'id' || key.endsWith('_id')) && value !== null) {
      expect({ [`${path}.${key}`]: value }).toEqual({
        [`${path}.${key}`]: expect.stringMatching(/^[a-z]+_[A-Za-z0-9]{10,}$/),
      });
    }
    expectOnlyPublicIds(value, `${path}.${key}`);
  }
}

export interface StoredCheckout {
  state: string;
  state_lock_version: number;
  customer_id: string | null;
  email: string | null;
  payment_state: string | null;
  shipment_state: string | null;
  completed_at: Date | null;
  payment_total: string;
  amounts: Omit<OrderAmounts, 'tax_total'>;
}

export interface StoredPayment {
  type: string;
  state: string;
  amount: string;
  store_credit_id: string | null;
  source: Record<string, unknown> | null;
  /** The whole row as text, to search it for what must never be stored. */
  row: string;
}

/** Checkout rows by public id; a placed order is found by its `or_…` or its former `cart_…` id. */
export class CheckoutRecords extends CartRecords {
  constructor(private readonly app: TestApp) {
    super(app);
  }

  orderKey(publicId: string): string {
    return publicId.startsWith(`${ID_PREFIX.order}_`)
      ? this.key(ID_PREFIX.order, publicId)
      : this.key(ID_PREFIX.cart, publicId);
  }

  /** The order row; amounts with two decimals (`tax_total` is not stored). */
  async checkout(publicId: string): Promise<StoredCheckout> {
    const [row] = await this.app.dataSource.query(
      `SELECT state, state_lock_version, customer_id::text AS customer_id, email, payment_state,
              shipment_state, completed_at, payment_total::numeric(20,2)::text AS payment_total,
              item_count, ${ORDER_AMOUNTS.filter((field) => field !== 'tax_total')
                .map((field) => `${field}::numeric(20,2)::text AS ${field}`)
                .join(', ')}
       FROM orders WHERE id = $1`,
      [this.orderKey(publicId)],
    );
    const { state, state_lock_version, customer_id, email, payment_state, shipment_state } = row;
    const amounts = Object.fromEntries(
      [...ORDER_AMOUNTS.filter((field) => field !== 'tax_total'), 'item_count'].map((field) => [
        field,
        row[field],
      ]),
    );
    return {
      state,
      state_lock_version,
      customer_id,
      email,
      payment_state,
      shipment_state,
      completed_at: row.completed_at,
      payment_total: row.payment_total,
      amounts: amounts as StoredCheckout['amounts'],
    };
  }

  /** The order's payments, oldest first. */
  paymentRows(publicId: string): Promise<StoredPayment[]> {
    return this.app.dataSource.query(
      `SELECT pm.type, p.state, p.amount::numeric(20,2)::text AS amount,
              p.store_credit_id::text AS store_credit_id, p.source, p::text AS row
       FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id
       WHERE p.order_id = $1 ORDER BY p.id`,
      [this.orderKey(publicId)],
    );
  }

  /** The order's recorded transitions as `name: previous → next`, oldest first. */
  async stateChanges(publicId: string): Promise<string[]> {
    const rows: { name: string; previous_state: string | null; next_state: string }[] =
      await this.app.dataSource.query(
        `SELECT name, previous_state, next_state FROM state_changes WHERE order_id = $1 ORDER BY id`,
        [this.orderKey(publicId)],
      );
    return rows.map((row) => `${row.name}: ${row.previous_state} → ${row.next_state}`);
  }

  /** The payloads of the store's `order.completed` events, oldest first. */
  async completedPayloads(shop: DemoCredentials): Promise<Record<string, any>[]> {
    const rows: { payload: Record<string, any> }[] = await this.app.dataSource.query(
      `SELECT payload FROM events WHERE name = 'order.completed' AND store_id = $1
       ORDER BY created_at, id`,
      [this.key(ID_PREFIX.store, shop.store_id)],
    );
    return rows.map((row) => row.payload);
  }

  /** Gives a customer store credit created `daysAgo` days ago; returns its key. */
  async giveStoreCredit(
    shop: DemoCredentials,
    customerId: string,
    credit: { currency: string; amount: string; daysAgo: number },
  ): Promise<string> {
    const [{ id }] = await this.app.dataSource.query(
      `INSERT INTO store_credits (store_id, customer_id, currency, amount, created_at, memo)
       VALUES ($1, $2, $3, $4, now() - make_interval(days => $5), 'test credit')
       RETURNING id::text AS id`,
      [
        this.key(ID_PREFIX.store, shop.store_id),
        this.key(ID_PREFIX.customer, customerId),
        credit.currency,
        credit.amount,
        credit.daysAgo,
      ],
    );
    return id;
  }

  /** What has been spent of each credit, by key. */
  async creditsUsed(keys: string[]): Promise<Record<string, string>> {
    const rows: { id: string; used: string }[] = await this.app.dataSource.query(
      `SELECT id::text AS id, amount_used::numeric(20,2)::text AS used FROM store_credits
       WHERE id = ANY($1::bigint[])`,
      [keys],
    );
    return Object.fromEntries(rows.map((row) => [row.id, row.used]));
  }
}

export interface OrderPlan {
  lines: { variantId: string; quantity: number }[];
  address?: Record<string, unknown>;
  email?: string;
  currency?: string;
  pay?: 'test_card' | 'check';
  /** The test card paying (`pay` `test_card`); the approved one by default. */
  card?: Record<string, unknown>;
}

/**
 * A whole checkout with the cart client: new cart, items, email and address (the cheapest rate
 * is selected by itself), one payment, complete. Returns the completed order.
 */
export async function placeOrder(cart: CartClient, plan: OrderPlan): Promise<Record<string, any>> {
  await cart.create(plan.currency ? { currency: plan.currency } : {});
  for (const line of plan.lines) {
    expect((await cart.addItem(line.variantId, line.quantity)).status).toBe(201);
  }
  expect((await cart.address(plan.address, plan.email)).status).toBe(200);
  const paid =
    plan.pay === 'check'
      ? await cart.call('POST', `/carts/${cart.id}/payments`, {
          payment_method_id: await cart.paymentMethodId('check'),
        })
      : await cart.payByCard(plan.card);
  expect(paid.status).toBe(201);
  const completed = await cart.complete();
  expect({ status: completed.status, state: completed.body.state }).toEqual({
    status: 200,
    state: 'complete',
  });
  return completed.body;
}

/** For hooks that boot the app and place several orders: slow when the machine is busy. */
export const SETUP_TIMEOUT_MS = 180_000;
