import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  type CheckoutRecords,
  type DemoVariant,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import type { TestResponse } from '../helpers/http-client.js';
import { jsonApiDocumentProblems } from '../helpers/json-api-document-check.js';
import {
  errorEnvelopeProblems,
  JSON_API_MEDIA_TYPE,
  type StorefrontV2Client,
  succeeded,
  v2ShopForThisFile,
} from '../helpers/storefront-v2-client.js';
import type { TestApp } from '../helpers/test-app.js';

const CHECKOUT = '/api/v2/storefront/checkout';

/** The contract's Cart attributes: plain ones, then the amounts (each with a `display_` twin). */
const CART_FIELDS = [
  'number',
  'state',
  'token',
  'email',
  'currency',
  'item_count',
  'special_instructions',
  'created_at',
  'updated_at',
  'completed_at',
  'shipment_state',
  'payment_state',
];
const CART_AMOUNTS = [
  'item_total',
  'total',
  'ship_total',
  'adjustment_total',
  'included_tax_total',
  'additional_tax_total',
  'tax_total',
  'promo_total',
  'pre_tax_item_amount',
  'pre_tax_total',
];
const TO_MANY = ['line_items', 'variants', 'promotions', 'payments', 'shipments'];
const TO_ONE = ['user', 'billing_address', 'shipping_address'];

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DECIMAL = /^-?\d+\.\d{2}$/;
const IDENTIFIER = { type: expect.any(String), id: expect.any(String) };

describe('PATCH /api/v2/storefront/checkout, as the contract describes it', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let v2: StorefrontV2Client;
  let tees: DemoVariant[];

  const context = v2ShopForThisFile();
  beforeAll(() => {
    ({ t, shop, records, v2, tees } = context);
  });

  /** A guest cart (through the client) holding two small tees; answers its id and order token. */
  async function cartWithTees(): Promise<{ id: string; token: string }> {
    const created = await succeeded(v2.cart.create());
    const token = created.data.attributes.token as string;
    await succeeded(v2.cart.addItem({ order_token: token, variant_id: tees[0].id, quantity: 2 }));
    return { id: created.data.id, token };
  }

  interface RawCall {
    token?: string;
    query?: string;
    contentType?: string;
    path?: string;
  }

  /** The checkout row's request, sent as is (raw fetch), with the shop's publishable key. */
  async function patch(body: unknown, call: RawCall = {}): Promise<TestResponse> {
    const response = await t.http.request(
      'PATCH',
      `${call.path ?? CHECKOUT}${call.query ? `?${call.query}` : ''}`,
      {
        headers: {
          'X-Store-API-Key': shop.publishable_key,
          'Content-Type': call.contentType ?? JSON_API_MEDIA_TYPE,
          ...(call.token ? { 'X-Store-Order-Token': call.token } : {}),
        },
        raw: JSON.stringify(body),
      },
    );
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json\b/);
    if (response.status < 300) expect(jsonApiDocumentProblems(response.body)).toEqual([]);
    else expect(errorEnvelopeProblems(response.body)).toEqual([]);
    return response;
  }

  const addressed = {
    order: {
      email: 'grace@example.com',
      bill_address_attributes: US_ADDRESS,
      ship_address_attributes: US_ADDRESS,
    },
  };

  describe('X-Store-Order-Token', () => {
    it('is required: without it 401 authentication_required, and nothing changes', async () => {
      const { id } = await cartWithTees();
      const before = await records.snapshot(id);
      const response = await patch(addressed);
      expect({ status: response.status, code: response.body.error.code }).toEqual({
        status: 401,
        code: 'authentication_required',
      });
      expect(await records.snapshot(id)).toEqual(before);
    });

    it('must open a cart: an unknown token is 404 cart_not_found', async () => {
      const response = await patch(addressed, { token: 'no-such-order-token' });
      expect({ status: response.status, code: response.body.error.code }).toEqual({
        status: 404,
        code: 'cart_not_found',
      });
    });

    it("never opens another store's cart", async () => {
      const other = await t.seedStore();
      const { token } = await cartWithTees();
      const response = await t.http.request('PATCH', CHECKOUT, {
        headers: {
          'X-Store-API-Key': other.publishable_key,
          'Content-Type': JSON_API_MEDIA_TYPE,
          'X-Store-Order-Token': token,
        },
        raw: JSON.stringify(addressed),
      });
      expect({ status: response.status, code: response.body.error.code }).toEqual({
        status: 404,
        code: 'cart_not_found',
      });
    });
  });

  describe('the 200 answer: a Cart document', () => {
    it.each([JSON_API_MEDIA_TYPE, 'application/json'])(
      'takes a %s body with the order fields and answers every Cart attribute and relationship',
      async (contentType) => {
        const { id, token } = await cartWithTees();
        const response = await patch(addressed, { token, contentType });

        expect(response.status).toBe(200);
        const { data } = response.body;
        expect(Object.keys(response.body)).toEqual(['data']);
        expect(data).toMatchObject({ type: 'cart', id });
        const { attributes, relationships } = data;
        for (const field of [...CART_FIELDS, ...CART_AMOUNTS]) {
          expect({ [field]: Object.hasOwn(attributes, field) }).toEqual({ [field]: true });
        }
        expect(attributes).toMatchObject({
          number: expect.stringMatching(/^R\d+$/),
          state: 'payment',
          token,
          email: 'grace@example.com',
          currency: 'USD',
          item_count: 2,
          special_instructions: null,
          created_at: expect.stringMatching(ISO_8601),
          updated_at: expect.stringMatching(ISO_8601),
          completed_at: null,
          item_total: '39.98',
          ship_total: '5.00',
          tax_total: '3.20',
          total: '48.18',
          display_total: '$48.18',
          display_item_total: '$39.98',
        });
        for (const state of ['shipment_state', 'payment_state']) {
          expect([null, 'string']).toContain(
            attributes[state] === null ? null : typeof attributes[state],
          );
        }
        for (const amount of CART_AMOUNTS) {
          expect({ [amount]: attributes[amount] }).toEqual({
            [amount]: expect.stringMatching(DECIMAL),
          });
          expect({ [`display_${amount}`]: attributes[`display_${amount}`] }).toEqual({
            [`display_${amount}`]: `$${attributes[amount]}`.replace('$-', '-$'),
          });
        }

        expect(Object.keys(relationships).sort()).toEqual(
          expect.arrayContaining([...TO_MANY, ...TO_ONE].sort()),
        );
        for (const name of TO_MANY) {
          expect({ [name]: Array.isArray(relationships[name].data) }).toEqual({ [name]: true });
        }
        expect(relationships.line_items.data).toEqual([
          { type: 'line_item', id: expect.stringMatching(/^li_/) },
        ]);
        expect(relationships.variants.data).toEqual([{ type: 'variant', id: tees[0].id }]);
        expect(relationships.promotions.data).toEqual([]);
        expect(relationships.payments.data).toEqual([]);
        expect(relationships.shipments.data).toEqual([
          { type: 'shipment', id: expect.stringMatching(/^ful_/) },
        ]);
        expect(relationships.user).toEqual({ data: null });
        expect(relationships.billing_address.data).toEqual(IDENTIFIER);
        expect(relationships.shipping_address.data).toEqual(IDENTIFIER);

        expect(await records.checkout(id)).toMatchObject({
          state: 'payment',
          email: 'grace@example.com',
          amounts: { total: '48.18', item_count: 2 },
        });
      },
    );

    it('takes an empty body (no `order`): the cart as it is', async () => {
      const { id, token } = await cartWithTees();
      const before = await records.snapshot(id);
      const response = await patch({}, { token });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({
        state: before.order.state,
        email: null,
        item_count: 2,
      });
      expect(response.body.data.relationships.billing_address).toEqual({ data: null });
      expect(await records.snapshot(id)).toMatchObject({ lines: before.lines });
    });

    it('includes what `include` names, and each relationship is linked to its included resource', async () => {
      const { token } = await cartWithTees();
      const response = await patch(addressed, {
        token,
        query: `include=${encodeURIComponent(
          'line_items,variants,billing_address,shipping_address,shipments.shipping_rates',
        )}`,
      });
      expect(response.status).toBe(200);
      const { data, included } = response.body;
      const key = ({ type, id }: { type: string; id: string }) => `${type}:${id}`;
      const holds = new Set(included.map(key));
      for (const name of ['line_items', 'variants', 'shipments']) {
        for (const identifier of data.relationships[name].data)
          expect({ [name]: holds.has(key(identifier)) }).toEqual({ [name]: true });
      }
      for (const name of ['billing_address', 'shipping_address'])
        expect({ [name]: holds.has(key(data.relationships[name].data)) }).toEqual({ [name]: true });
      const types = included.map((resource: { type: string }) => resource.type);
      expect([...new Set(types)].sort()).toEqual(
        ['address', 'line_item', 'shipment', 'shipping_rate', 'variant'].sort(),
      );
      const shipment = included.find((resource: { type: string }) => resource.type === 'shipment');
      const rates = included.filter(
        (resource: { type: string }) => resource.type === 'shipping_rate',
      );
      expect(shipment.relationships.shipping_rates.data).toEqual(
        rates.map(({ type, id }: { type: string; id: string }) => ({ type, id })),
      );
      expect(rates.map((rate: { attributes: { name: string } }) => rate.attributes.name)).toEqual([
        'Standard',
        'Express',
      ]);
      const billing = included.find(
        (resource: { type: string; id: string }) =>
          key(resource) === key(data.relationships.billing_address.data),
      );
      expect(billing.attributes).toMatchObject({
        firstname: 'Grace',
        lastname: 'Hopper',
        address1: '1 Navy Way',
        city: 'Arlington',
        phone: '555-0100',
        zipcode: '22202',
        state_name: expect.any(String),
        country_iso: 'US',
      });
    });

    it('answers an unknown include with 400 parameter_invalid, changing nothing', async () => {
      const { id, token } = await cartWithTees();
      const before = await records.snapshot(id);
      for (const include of ['line_items,coupons', 'shipments.carrier', 'billing_address.']) {
        const response = await patch(addressed, {
          token,
          query: `include=${encodeURIComponent(include)}`,
        });
        expect({ include, status: response.status, code: response.body.error.code }).toEqual({
          include,
          status: 400,
          code: 'parameter_invalid',
        });
      }
      expect(await records.snapshot(id)).toEqual(before);
    });

    it('renders only the sparse fieldset fields[cart]=number,total', async () => {
      const { token } = await cartWithTees();
      const response = await patch(addressed, {
        token,
        query: `fields${encodeURIComponent('[cart]')}=number,total`,
      });
      expect(response.status).toBe(200);
      const { data } = response.body;
      expect(data.attributes).toEqual({
        number: expect.stringMatching(/^R\d+$/),
        total: '48.18',
      });
      expect(Object.keys(data.relationships ?? {})).toEqual([]);
    });
  });

  describe('refusals in the contract envelope', () => {
    it('answers an invalid address with 422 validation_error naming the fields', async () => {
      const { id, token } = await cartWithTees();
      const before = await records.snapshot(id);
      const response = await patch(
        {
          order: {
            email: 'grace@example.com',
            bill_address_attributes: {
              firstname: '',
              lastname: 'Hopper',
              address1: '',
              city: '',
              zipcode: '22202',
              country_iso: 'XX',
            },
          },
        },
        { token },
      );
      expect({ status: response.status, code: response.body.error.code }).toEqual({
        status: 422,
        code: 'validation_error',
      });
      const fields = Object.keys(response.body.error.details).map((path) => path.split('.').pop());
      for (const field of ['firstname', 'address1', 'city', 'country'])
        expect({ [field]: fields.includes(field) }).toEqual({ [field]: true });
      for (const messages of Object.values(response.body.error.details)) {
        expect(messages).toEqual(expect.arrayContaining([expect.any(String)]));
      }
      expect(await records.snapshot(id)).toEqual(before);
    });

    it('answers a bad email with 422 validation_error on order.email', async () => {
      const { token } = await cartWithTees();
      const response = await patch({ order: { email: 'not-an-email' } }, { token });
      expect({ status: response.status, code: response.body.error.code }).toEqual({
        status: 422,
        code: 'validation_error',
      });
      expect(Object.keys(response.body.error.details)).toEqual(['order.email']);
    });

    it('refuses to complete a cart without payment: 422 cart_cannot_transition', async () => {
      const { id, token } = await cartWithTees();
      expect((await patch(addressed, { token })).status).toBe(200);
      const events = await records.completedEvents(shop);

      const response = await patch({}, { token, path: `${CHECKOUT}/complete` });

      expect({ status: response.status, code: response.body.error.code }).toEqual({
        status: 422,
        code: 'cart_cannot_transition',
      });
      expect(await records.checkout(id)).toMatchObject({ state: 'payment', completed_at: null });
      expect(await records.completedEvents(shop)).toBe(events);
    });

    it('refuses to complete an empty cart: 422 cart_empty', async () => {
      const created = await succeeded(v2.cart.create());
      const token = created.data.attributes.token as string;
      const response = await patch({}, { token, path: `${CHECKOUT}/complete` });
      expect({ status: response.status, code: response.body.error.code }).toEqual({
        status: 422,
        code: 'cart_empty',
      });
    });

    it('answers a body that is not JSON with 400 invalid_request', async () => {
      const { token } = await cartWithTees();
      const response = await t.http.request('PATCH', CHECKOUT, {
        headers: {
          'X-Store-API-Key': shop.publishable_key,
          'Content-Type': JSON_API_MEDIA_TYPE,
          'X-Store-Order-Token': token,
        },
        raw: '{"order": ',
      });
      expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json\b/);
      expect(errorEnvelopeProblems(response.body)).toEqual([]);
      expect({ status: response.status, code: response.body.error.code }).toEqual({
        status: 400,
        code: 'invalid_request',
      });
    });
  });
});
