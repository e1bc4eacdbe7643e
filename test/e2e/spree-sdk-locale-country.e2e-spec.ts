import { CartSchema, CountrySchema, LocaleSchema, ProductSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  createSpreeSdkClient,
  listOf,
  schemaRecorder,
  type SpreeSdkClientOptions,
} from '../helpers/spree-sdk-client.js';
import { rejection } from '../helpers/spree-sdk-fixtures.js';
import { keyHeader } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** The demo store sells in the US (USD, its default) and the EU (EUR); Japan is in no market. */
describe('X-Store-Locale and X-Store-Country through @spree/sdk', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let recorder: ReturnType<typeof schemaRecorder>;

  const client = (options: Omit<SpreeSdkClientOptions, 'publishableKey'> = {}) =>
    createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
      ...options,
    });
  const storeGet = (path: string, headers: Record<string, string>) =>
    t.http.get(`/api/v3/store${path}`, { ...keyHeader(shop.publishable_key), ...headers });
  const storedCart = async (cart: { number: string }) => {
    const [row] = await t.dataSource.query(
      'SELECT currency, locale FROM orders WHERE number = $1',
      [cart.number],
    );
    return row as { currency: string; locale: string | null };
  };

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    recorder = schemaRecorder();
    const settings = await t.http.request('PATCH', '/api/v3/admin/store', {
      json: { supported_locales: ['de', 'fr-CA', 'de'] },
      headers: keyHeader(shop.secret_key),
    });
    expect(settings.status).toBe(200);
  });
  afterAll(() => t.close());

  afterEach(() => {
    // Every response the client received satisfies its @spree/sdk/zod schema.
    expect(recorder.problems).toEqual([]);
  });

  describe('the store locales', () => {
    it('are the default locale and the supported ones, once each, in the Admin API', async () => {
      const store = await t.http.get('/api/v3/admin/store', keyHeader(shop.secret_key));
      expect(store.body).toMatchObject({
        default_locale: 'en',
        supported_locales: ['en', 'de', 'fr-CA'],
      });
      const storeKey = new PublicIdCodec(t.config.ID_ALPHABET).decode(
        ID_PREFIX.store,
        shop.store_id,
      );
      const [row] = await t.dataSource.query('SELECT supported_locales FROM stores WHERE id = $1', [
        storeKey,
      ]);
      expect(row.supported_locales).toEqual(['de', 'fr-CA']);
    });

    it('refuses a malformed locale with 422 validation_error and keeps the stored ones', async () => {
      const refused = await t.http.request('PATCH', '/api/v3/admin/store', {
        json: { supported_locales: ['de', 'not a locale'] },
        headers: keyHeader(shop.secret_key),
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('validation_error');
      expect(JSON.stringify(refused.body.error.details)).toContain('supported_locales');
      const store = await t.http.get('/api/v3/admin/store', keyHeader(shop.secret_key));
      expect(store.body.supported_locales).toEqual(['en', 'de', 'fr-CA']);
    });

    it('are listed by the Store API, default first, named in the request locale', async () => {
      const english = await client().locales.list();
      listOf(LocaleSchema).parse(english);
      expect(english.data.map((locale) => [locale.code, locale.default])).toEqual([
        ['en', true],
        ['de', false],
        ['fr-CA', false],
      ]);
      expect(english.data.map((locale) => locale.name).slice(0, 2)).toEqual(['English', 'German']);
      const german = await client({ locale: 'de' }).locales.list();
      expect(german.data.map((locale) => locale.name).slice(0, 2)).toEqual(['Englisch', 'Deutsch']);
    });
  });

  describe('X-Store-Locale', () => {
    it('names countries in the locale, sorted by those names, and says so in Content-Language', async () => {
      const german = client({ locale: 'de' });
      const germany = await german.countries.get('DE');
      CountrySchema.parse(germany);
      expect(germany.name).toBe('Deutschland');
      const list = await german.countries.list();
      const names = list.data.map((country) => country.name);
      expect(names).toContain('Vereinigte Staaten');
      expect(names).toEqual([...names].sort(new Intl.Collator('de').compare));

      const answer = await storeGet('/countries/DE', { 'X-Store-Locale': 'de' });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-language')).toBe('de');
    });

    it('matches the store locale by case and by language, else falls back to the default', async () => {
      for (const [sent, used, name] of [
        ['DE', 'de', 'Deutschland'],
        ['de-AT', 'de', 'Deutschland'],
        ['fr', 'fr-CA', 'Allemagne'],
        ['ja', 'en', 'Germany'],
      ]) {
        const answer = await storeGet('/countries/DE', { 'X-Store-Locale': sent });
        expect([
          sent,
          answer.status,
          answer.headers.get('content-language'),
          answer.body.name,
        ]).toEqual([sent, 200, used, name]);
      }
      const plain = await storeGet('/countries/DE', {});
      expect(plain.body.name).toBe('Germany');
      expect(plain.headers.get('content-language')).toBeNull();
    });

    it('is recorded on a new cart; a locale in the body wins', async () => {
      const cart = await client({ locale: 'de-AT' }).carts.create();
      CartSchema.parse(cart);
      expect(await storedCart(cart)).toEqual({ currency: 'USD', locale: 'de' });
      const chosen = await t.http.request('POST', '/api/v3/store/carts', {
        json: { locale: 'fr-CA' },
        headers: { ...keyHeader(shop.publishable_key), 'X-Store-Locale': 'de' },
      });
      expect(chosen.status).toBe(201);
      expect(await storedCart(chosen.body)).toMatchObject({ locale: 'fr-CA' });
      const none = await client().carts.create();
      expect(await storedCart(none)).toMatchObject({ locale: null });
    });
  });

  describe('X-Store-Country', () => {
    it('prices in the currency of the market serving the country', async () => {
      const eu = client({ country: 'DE' });
      const products = await eu.products.list({ limit: 5 });
      listOf(ProductSchema).parse(products);
      expect(products.data.length).toBeGreaterThan(0);
      for (const product of products.data) expect(product.price?.currency).toBe('EUR');
      const cart = await eu.carts.create();
      expect(cart.currency).toBe('EUR');
      expect(await storedCart(cart)).toEqual({ currency: 'EUR', locale: 'en' });
    });

    it('gives way to X-Store-Currency, and changes nothing for a country no market serves', async () => {
      const explicit = await client({ country: 'DE', currency: 'USD' }).carts.create();
      expect(explicit.currency).toBe('USD');
      const us = await client({ country: 'us' }).carts.create();
      expect(us.currency).toBe('USD');
      const japan = await client({ country: 'JP' }).carts.create();
      expect(japan.currency).toBe('USD');
    });

    it('refuses a value that is no country code with 400 parameter_invalid', async () => {
      for (const country of ['DEU', 'D1', '*']) {
        const error = await rejection(client({ country }).carts.create());
        expect([country, error.status, error.code]).toEqual([country, 400, 'parameter_invalid']);
      }
      const answer = await storeGet('/products', { 'X-Store-Country': 'Germany' });
      expect(answer.status).toBe(400);
      expect(answer.body.error.details).toEqual({
        'X-Store-Country': ['Germany is not a country code'],
      });
    });
  });
});
