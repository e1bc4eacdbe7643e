import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  Ids,
  type RegisteredCustomer,
  startCustomersTestApp,
  StoreCaller,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

const V2_ADDRESS = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: 'Analytical Engines',
  address1: '12 St James Square',
  address2: 'Flat 3',
  city: 'London',
  zipcode: 'SW1Y 4JH',
  phone: '+44 20 7946 0000',
  state_name: 'Westminster',
  country_iso: 'GB',
};

const ADDRESS_KEYS = [
  'address1',
  'address2',
  'city',
  'company',
  'country_iso',
  'country_name',
  'created_at',
  'first_name',
  'firstname',
  'full_name',
  'id',
  'is_default_billing',
  'is_default_shipping',
  'last_name',
  'lastname',
  'phone',
  'postal_code',
  'quick_checkout',
  'state_abbr',
  'state_name',
  'state_text',
  'updated_at',
  'zipcode',
];

describe.each([['/account/addresses'], ['/customers/me/addresses']])(
  'Store API: address book at %s',
  (base) => {
    let t: TestApp;
    let shop: DemoCredentials;
    let store: StoreCaller;
    let ids: Ids;
    let customer: RegisteredCustomer;

    beforeAll(async () => {
      t = await startCustomersTestApp();
      shop = await t.seedStore();
      store = new StoreCaller(t, shop);
      ids = new Ids(t);
      customer = await store.register();
    });
    afterAll(() => t.close());

    const as = (who: RegisteredCustomer) => ({
      get: (path = '') => store.call('GET', `${base}${path}`, { token: who.token }),
      post: (json: unknown) => store.call('POST', base, { token: who.token, json }),
      patch: (id: string, json: unknown) =>
        store.call('PATCH', `${base}/${id}`, { token: who.token, json }),
      delete: (id: string) => store.call('DELETE', `${base}/${id}`, { token: who.token }),
    });
    const storedAddress = async (publicId: string) => {
      const rows = await t.dataSource.query(
        `SELECT store_id::text, customer_id::text, firstname, lastname, company, address1, address2,
                city, zipcode, phone, state_name, country_iso
         FROM addresses WHERE id = $1`,
        [ids.address(publicId)],
      );
      return rows[0];
    };

    describe('POST', () => {
      it('saves an address given in the contract’s v2 names: 201 with its v3 shape', async () => {
        const response = await as(customer).post(V2_ADDRESS);
        expect(response.status).toBe(201);
        expect(Object.keys(response.body).sort()).toEqual(ADDRESS_KEYS);
        expect(response.body).toMatchObject({
          ...V2_ADDRESS,
          id: expect.stringMatching(/^addr_[A-Za-z0-9]{10,}$/),
        });
        expect(await storedAddress(response.body.id)).toEqual({
          ...V2_ADDRESS,
          store_id: ids.store(shop),
          customer_id: ids.customer(customer.id),
        });
      });

      it('accepts the v3 names and stores them under the v2 ones', async () => {
        const response = await as(customer).post({
          first_name: 'Grace',
          last_name: 'Hopper',
          address1: '1 Navy Way',
          city: 'Arlington',
          postal_code: '22202',
          state_abbr: 'VA',
          country_iso: 'us',
        });
        expect(response.status).toBe(201);
        expect(response.body).toMatchObject({
          firstname: 'Grace',
          lastname: 'Hopper',
          zipcode: '22202',
          state_name: 'VA',
          country_iso: 'US',
          company: null,
          address2: null,
          phone: null,
        });
        expect(await storedAddress(response.body.id)).toMatchObject({
          firstname: 'Grace',
          lastname: 'Hopper',
          zipcode: '22202',
          state_name: 'VA',
          country_iso: 'US',
        });
      });

      it('names every missing required field under the contract’s names: 422 validation_error', async () => {
        const details = expectError(await as(customer).post({}), 422, 'validation_error');
        expect(details).toEqual({
          firstname: ['firstname is required'],
          address1: ['address1 is required'],
          city: ['city is required'],
          country: ['country is required'],
        });
      });

      it('reports a blank v3 field under its v2 name', async () => {
        const details = expectError(
          await as(customer).post({ ...V2_ADDRESS, firstname: undefined, first_name: '  ' }),
          422,
          'validation_error',
        );
        expect(details).toEqual({ firstname: ['firstname is required'] });
      });

      it('reports a wrongly typed v3 field under its v2 name', async () => {
        const details = expectError(
          await as(customer).post({ ...V2_ADDRESS, firstname: undefined, first_name: 5 }),
          422,
          'validation_error',
        );
        expect(details).toEqual({
          firstname: expect.arrayContaining(['firstname must be a string']),
        });
      });

      it.each([['XX'], ['GBR'], ['1']])(
        'refuses the unknown country %p under details.country',
        async (country) => {
          const details = expectError(
            await as(customer).post({ ...V2_ADDRESS, country_iso: country }),
            422,
            'validation_error',
          );
          expect(Object.keys(details!)).toEqual(['country']);
          expect(details!.country).toEqual([expect.stringContaining(country.toUpperCase())]);
        },
      );

      it('saves nothing when it refuses', async () => {
        const fresh = await store.register();
        await as(fresh).post({ ...V2_ADDRESS, city: '' });
        const [{ count }] = await t.dataSource.query(
          'SELECT count(*)::int AS count FROM addresses WHERE customer_id = $1',
          [ids.customer(fresh.id)],
        );
        expect(count).toBe(0);
      });
    });

    describe('GET list', () => {
      it('lists only this customer’s addresses, newest first, paginated', async () => {
        const owner = await store.register();
        const created = [];
        for (const city of ['Paris', 'Lyon', 'Nice']) {
          created.push((await as(owner).post({ ...V2_ADDRESS, city, country_iso: 'FR' })).body);
        }
        await as(await store.register()).post(V2_ADDRESS);

        const page1 = await as(owner).get('?limit=2');
        expect(page1.status).toBe(200);
        expect(page1.body.meta).toEqual({
          page: 1,
          limit: 2,
          count: 3,
          pages: 2,
          from: 1,
          to: 2,
          in: 2,
          previous: null,
          next: 2,
        });
        expect(page1.body.data.map((address: { city: string }) => address.city)).toEqual([
          'Nice',
          'Lyon',
        ]);
        const page2 = await as(owner).get('?limit=2&page=2');
        expect(page2.body.data).toEqual([created[0]]);
      });

      it('refuses a bad page size: 400 parameter_invalid', async () => {
        const details = expectError(await as(customer).get('?limit=0'), 400, 'parameter_invalid');
        expect(Object.keys(details!)).toEqual(['limit']);
      });
    });

    describe('one address', () => {
      it('GET answers it', async () => {
        const created = (await as(customer).post(V2_ADDRESS)).body;
        const response = await as(customer).get(`/${created.id}`);
        expect(response.status).toBe(200);
        expect(response.body).toEqual(created);
      });

      it('PATCH changes only the fields sent, in either naming', async () => {
        const created = (await as(customer).post(V2_ADDRESS)).body;
        const response = await as(customer).patch(created.id, {
          city: 'Cambridge',
          postal_code: 'CB2 1TN',
          company: null,
        });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          ...created,
          city: 'Cambridge',
          zipcode: 'CB2 1TN',
          postal_code: 'CB2 1TN',
          company: null,
          updated_at: expect.any(String),
        });
        expect(await storedAddress(created.id)).toMatchObject({
          ...V2_ADDRESS,
          city: 'Cambridge',
          zipcode: 'CB2 1TN',
          company: null,
        });
      });

      it('PATCH refuses to blank a required field or set an unknown country', async () => {
        const created = (await as(customer).post(V2_ADDRESS)).body;
        const details = expectError(
          await as(customer).patch(created.id, {
            firstname: '',
            address1: null,
            country_iso: 'ZZ',
          }),
          422,
          'validation_error',
        );
        expect(Object.keys(details!).sort()).toEqual(['address1', 'country', 'firstname']);
        expect(await storedAddress(created.id)).toMatchObject(V2_ADDRESS);
      });

      it('DELETE removes it: 204, then 404', async () => {
        const created = (await as(customer).post(V2_ADDRESS)).body;
        const response = await as(customer).delete(created.id);
        expect(response.status).toBe(204);
        expect(await storedAddress(created.id)).toBeUndefined();
        expectError(await as(customer).get(`/${created.id}`), 404, 'record_not_found');
        expectError(await as(customer).delete(created.id), 404, 'record_not_found');
      });

      it('answers 404 record_not_found for another customer’s address, and leaves it be', async () => {
        const created = (await as(customer).post(V2_ADDRESS)).body;
        const intruder = await store.register();
        expectError(await as(intruder).get(`/${created.id}`), 404, 'record_not_found');
        expectError(
          await as(intruder).patch(created.id, { city: 'Elsewhere' }),
          404,
          'record_not_found',
        );
        expectError(await as(intruder).delete(created.id), 404, 'record_not_found');
        expect(await storedAddress(created.id)).toMatchObject(V2_ADDRESS);
      });

      it.each([['addr_doesnotexist'], ['12'], [`addr_${'k'.repeat(40)}`]])(
        'answers 404 record_not_found for the id %p',
        async (id) => {
          expectError(await as(customer).get(`/${id}`), 404, 'record_not_found');
        },
      );

      it('answers 404 record_not_found for a well-formed id of another type', async () => {
        const address = (await as(customer).post(V2_ADDRESS)).body;
        const customerId = customer.id;
        expect(ids.customer(customerId)).toBeDefined();
        expectError(await as(customer).get(`/${customerId}`), 404, 'record_not_found');
        expectError(
          await as(customer).get(`/${address.id.replace(/^addr_/, 'cus_')}`),
          404,
          'record_not_found',
        );
      });
    });

    it.each([
      ['GET', ''],
      ['POST', ''],
      ['GET', '/addr_k3G7QAe51F'],
      ['PATCH', '/addr_k3G7QAe51F'],
      ['DELETE', '/addr_k3G7QAe51F'],
    ])('%s %s without a customer token: 401 authentication_required', async (method, path) => {
      const json = method === 'GET' || method === 'DELETE' ? undefined : V2_ADDRESS;
      expectError(
        await store.call(method, `${base}${path}`, { json }),
        401,
        'authentication_required',
      );
    });
  },
);
