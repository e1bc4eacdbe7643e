import { type Client } from '@spree/sdk';
import { CountrySchema, CurrencySchema, LocaleSchema, MarketSchema } from '@spree/sdk/zod';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { EU_COUNTRIES } from '../../src/seed/demo-catalog.js';
import {
  contractHeaderName,
  createSpreeSdkClient,
  listOf,
  renameSpreeHeaders,
  schemaRecorder,
} from '../helpers/spree-sdk-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { rejection } from '../helpers/spree-sdk-fixtures.js';

describe('Store API reference data through @spree/sdk', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let otherShop: DemoCredentials;
  let client: Client;
  let otherClient: Client;
  let recorder: ReturnType<typeof schemaRecorder>;

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    otherShop = await t.seedStore();
    recorder = schemaRecorder();
    client = createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
    });
    otherClient = createSpreeSdkClient(t.baseUrl, {
      publishableKey: otherShop.publishable_key,
      onResponse: recorder.onResponse,
    });
  });
  afterAll(() => t.close());

  afterEach(() => {
    // Every response the client received satisfies its @spree/sdk/zod schema.
    expect(recorder.problems).toEqual([]);
  });

  describe('the test client', () => {
    it('renames X-Spree-* request headers to the X-Store-* names, case-insensitively', () => {
      expect(contractHeaderName('X-Spree-Api-Key')).toBe('X-Store-API-Key');
      expect(contractHeaderName('x-spree-api-key')).toBe('X-Store-API-Key');
      expect(contractHeaderName('X-SPREE-TOKEN')).toBe('X-Store-Token');
      expect(contractHeaderName('x-spree-order-token')).toBe('X-Store-Order-Token');
      expect(contractHeaderName('x-spree-currency')).toBe('X-Store-Currency');
      expect(contractHeaderName('Content-Type')).toBe('Content-Type');
      expect(contractHeaderName('Authorization')).toBe('Authorization');
      expect(
        renameSpreeHeaders({ 'x-spree-api-key': 'pk_1', 'Idempotency-Key': 'k' }, [
          ['X-Spree-Token', 't'],
        ]),
      ).toEqual({ 'X-Store-API-Key': 'pk_1', 'idempotency-key': 'k', 'X-Store-Token': 't' });
    });

    it('is refused without a valid key, with the error body the client expects', async () => {
      const anonymous = createSpreeSdkClient(t.baseUrl, {
        publishableKey: 'pk_doesnotexist000000000000000000000000',
        onResponse: recorder.onResponse,
      });
      const error = await rejection(anonymous.countries.list());
      expect(error.status).toBe(401);
      expect(error.code).toBe('invalid_token');
    });
  });

  describe('countries', () => {
    it('lists every country, each with the market that sells there', async () => {
      const countries = await client.countries.list();
      listOf(CountrySchema).parse(countries);
      expect(countries.data.length).toBeGreaterThanOrEqual(240);
      const us = countries.data.find((country) => country.iso === 'US')!;
      expect(us).toMatchObject({
        iso: 'US',
        iso3: 'USA',
        name: 'United States',
        states_required: true,
        zipcode_required: true,
      });
      expect(us.market).toMatchObject({ name: 'US', currency: 'USD', default: true });
      expect(countries.data.find((country) => country.iso === 'DE')!.market).toMatchObject({
        name: 'EU',
        currency: 'EUR',
        tax_inclusive: true,
      });
      expect(countries.data.find((country) => country.iso === 'JP')!.market).toBeNull();
      const names = countries.data.map((country) => country.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('reads one country by ISO code, in either case, with its states', async () => {
      const us = await client.countries.get('US', { expand: ['states'] });
      CountrySchema.parse(us);
      expect(us).toMatchObject({ iso: 'US', iso3: 'USA', name: 'United States' });
      // The reference data holds no subdivisions: the list is present and empty.
      expect(us.states).toEqual([]);
      expect((await client.countries.get('de')).iso).toBe('DE');
    });

    it('answers an unknown or malformed ISO code with 404 record_not_found', async () => {
      for (const iso of ['XX', 'USA', '1']) {
        const error = await rejection(client.countries.get(iso));
        expect(error.status).toBe(404);
        expect(error.code).toBe('record_not_found');
      }
    });
  });

  describe('currencies and locales', () => {
    it("lists the store's supported currencies, its default first", async () => {
      const currencies = await client.currencies.list();
      listOf(CurrencySchema).parse(currencies);
      expect(currencies.data).toEqual([
        { iso_code: 'USD', name: 'US Dollar', symbol: '$' },
        { iso_code: 'EUR', name: 'Euro', symbol: '€' },
      ]);
    });

    it("lists the store's locale", async () => {
      const locales = await client.locales.list();
      listOf(LocaleSchema).parse(locales);
      expect(locales.data).toEqual([{ code: 'en', name: 'English', default: true, rtl: false }]);
    });
  });

  describe('markets', () => {
    it('lists a market per selling region, with its currency and countries', async () => {
      const markets = await client.markets.list();
      listOf(MarketSchema).parse(markets);
      expect(markets.data).toHaveLength(2);
      const [us, eu] = markets.data;
      expect(us).toEqual({
        id: expect.stringMatching(/^zone_/),
        name: 'US',
        currency: 'USD',
        default_locale: 'en',
        tax_inclusive: false,
        default: true,
        country_isos: ['US'],
        supported_locales: ['en'],
      });
      expect(eu).toMatchObject({
        name: 'EU',
        currency: 'EUR',
        tax_inclusive: true,
        default: false,
      });
      expect([...eu.country_isos].sort()).toEqual([...EU_COUNTRIES].sort());
    });

    it('reads one market with its countries, and the countries of a market', async () => {
      const { data } = await client.markets.list();
      const eu = data.find((market) => market.name === 'EU')!;
      const market = await client.markets.get(eu.id);
      MarketSchema.parse(market);
      expect(market).toMatchObject({ id: eu.id, currency: 'EUR' });
      expect(market.countries!.map((country) => country.iso).sort()).toEqual(
        [...EU_COUNTRIES].sort(),
      );
      const countries = await client.markets.countries.list(eu.id);
      listOf(CountrySchema).parse(countries);
      expect(countries.data).toHaveLength(EU_COUNTRIES.length);
      const germany = await client.markets.countries.get(eu.id, 'DE', { expand: ['states'] });
      expect(germany).toMatchObject({ iso: 'DE', iso3: 'DEU', states: [] });
      expect(germany.market).toMatchObject({ id: eu.id });
      expect((await rejection(client.markets.countries.get(eu.id, 'US'))).status).toBe(404);
    });

    it('resolves the market of a country', async () => {
      expect(await client.markets.resolve('FR')).toMatchObject({ name: 'EU', currency: 'EUR' });
      expect(await client.markets.resolve('us')).toMatchObject({ name: 'US', currency: 'USD' });
      const error = await rejection(client.markets.resolve('JP'));
      expect([error.status, error.code]).toEqual([404, 'record_not_found']);
    });

    it("keeps each store's markets to itself: another store's market is 404", async () => {
      const [theirs] = (await otherClient.markets.list()).data;
      const ours = (await client.markets.list()).data;
      expect(ours.map((market) => market.id)).not.toContain(theirs.id);
      for (const id of [theirs.id, 'zone_doesnotexist', 'mkt_k5nR8xLq']) {
        const error = await rejection(client.markets.get(id));
        expect([error.status, error.code]).toEqual([404, 'record_not_found']);
      }
      expect((await rejection(client.markets.countries.list(theirs.id))).status).toBe(404);
    });
  });
});

describe('Store API products through @spree/sdk (schema survey)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists products; the zod problems of the response are reported, not asserted', async () => {
    const shop = await t.seedStore();
    const recorder = schemaRecorder();
    const client = createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
    });
    const products = await client.products.list();
    expect(products.data.length).toBeGreaterThan(0);
    // One line per field and problem, whatever the row (`data.*`).
    const summary = new Set(
      recorder.problems.flatMap((problem) =>
        problem.issues.map(
          (issue) =>
            `${problem.method} ${problem.path} ${issue.path
              .map((part) => (typeof part === 'number' ? '*' : String(part)))
              .join('.')}: ${issue.message}`,
        ),
      ),
    );
    if (process.env.SDK_SCHEMA_REPORT) process.stdout.write(`${[...summary].join('\n')}\n`);
  });
});
