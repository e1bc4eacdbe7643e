import { type Client, type Product } from '@spree/sdk';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { DEMO_PRODUCTS } from '../../src/seed/demo-catalog.js';
import { createSpreeSdkClient, schemaRecorder } from '../helpers/spree-sdk-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { rejection } from '../helpers/spree-sdk-fixtures.js';

const names = (products: { name: string }[]) => products.map((product) => product.name);
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const demoNamesIn = (...permalinks: string[]) =>
  DEMO_PRODUCTS.filter((demo) =>
    demo.categories.some((placed) =>
      permalinks.some((permalink) => placed === permalink || placed.startsWith(`${permalink}/`)),
    ),
  )
    .map((demo) => demo.name)
    .sort(byName);

describe('Store API catalog through @spree/sdk', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let otherShop: DemoCredentials;
  let client: Client;
  let otherClient: Client;
  /** The same client without the schema check, for sparse fieldsets (partial by request). */
  let sparseClient: Client;
  let recorder: ReturnType<typeof schemaRecorder>;
  let storeId: string;

  /** The internal key of the seeded store's row with this public id's digits. */
  const productKey = async (slug: string): Promise<string> => {
    const [{ id }] = await t.dataSource.query(
      `SELECT id::text AS id FROM products WHERE store_id = $1 AND slug = $2`,
      [storeId, slug],
    );
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    otherShop = await t.seedStore();
    [{ id: storeId }] = await t.dataSource.query(
      `SELECT store_id::text AS id FROM api_keys WHERE token_prefix = $1`,
      [shop.publishable_key.slice(0, 11)],
    );
    recorder = schemaRecorder();
    client = createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
    });
    otherClient = createSpreeSdkClient(t.baseUrl, {
      publishableKey: otherShop.publishable_key,
      onResponse: recorder.onResponse,
    });
    sparseClient = createSpreeSdkClient(t.baseUrl, { publishableKey: shop.publishable_key });
  });
  afterAll(() => t.close());

  afterEach(() => {
    // Every response the client received satisfies its @spree/sdk/zod schema.
    expect(recorder.problems).toEqual([]);
  });

  describe('products.list pagination', () => {
    it('places page 1, a middle page, the last page and a page past the end', async () => {
      const first = await client.products.list({ limit: 10 });
      expect(first.meta).toEqual({
        page: 1,
        limit: 10,
        count: 24,
        pages: 3,
        from: 1,
        to: 10,
        in: 10,
        previous: null,
        next: 2,
      });
      const second = await client.products.list({ limit: 10, page: 2 });
      expect(second.meta).toMatchObject({
        page: 2,
        from: 11,
        to: 20,
        in: 10,
        previous: 1,
        next: 3,
      });
      const last = await client.products.list({ limit: 10, page: 3 });
      expect(last.meta).toMatchObject({
        page: 3,
        from: 21,
        to: 24,
        in: 4,
        previous: 2,
        next: null,
      });
      expect(last.data).toHaveLength(4);
      const past = await client.products.list({ limit: 10, page: 4 });
      expect(past.data).toEqual([]);
      expect(past.meta).toMatchObject({ from: 0, to: 0, in: 0, previous: 3, next: null });
      const seen = [...first.data, ...second.data, ...last.data].map((product) => product.id);
      expect(new Set(seen).size).toBe(24);
    });

    it('gives an empty list its meta', async () => {
      const empty = await client.products.list({ search: 'no such thing anywhere' });
      expect(empty).toEqual({
        data: [],
        meta: {
          page: 1,
          limit: 25,
          count: 0,
          pages: 0,
          from: 0,
          to: 0,
          in: 0,
          previous: null,
          next: null,
        },
      });
    });
  });

  describe('products.list filters', () => {
    it('searches names and SKUs, case-insensitively', async () => {
      const byNamePart = await client.products.list({ search: 'SHIRT' });
      expect(names(byNamePart.data).sort(byName)).toEqual([
        'Classic Cotton T-Shirt',
        'Linen Shirt',
      ]);
      const [{ sku }] = await t.dataSource.query(
        `SELECT v.sku FROM variants v WHERE v.product_id = $1 ORDER BY v.position LIMIT 1`,
        [await productKey('desk-lamp')],
      );
      const bySku = await client.products.list({ search: sku.toLowerCase() });
      expect(names(bySku.data)).toEqual(['Desk Lamp']);
      const nameOnly = await client.products.list({ name_cont: sku });
      expect(nameOnly.data).toEqual([]);
      const named = await client.products.list({ name_cont: 'jacket' });
      expect(names(named.data).sort(byName)).toEqual(['Denim Jacket', 'Rain Jacket']);
    });

    it('filters by a price range in the request currency', async () => {
      const cheap = await client.products.list({ price_lte: 15, limit: 100 });
      expect(names(cheap.data).sort(byName)).toEqual([
        'Ceramic Coffee Mug',
        'Notebook A5',
        'Running Socks (3 pack)',
      ]);
      const band = await client.products.list({ price_gte: 89.5, price_lte: 100, limit: 100 });
      expect(names(band.data).sort(byName)).toEqual(['Denim Jacket', 'Sunglasses']);
      // 89.50 USD is 82.34 EUR: the same band in euros no longer holds the jacket.
      const euros = await client.products.list(
        { price_gte: 89.5, price_lte: 100, limit: 100 },
        { currency: 'EUR' },
      );
      expect(names(euros.data)).toEqual(['Sunglasses']);
      expect(euros.data[0].price.currency).toBe('EUR');
    });

    it('filters by stock: in stock, out of stock', async () => {
      const mug = await productKey('ceramic-coffee-mug');
      await t.dataSource.query(
        `UPDATE stock_items SET count_on_hand = 0 WHERE variant_id IN (SELECT id FROM variants WHERE product_id = $1)`,
        [mug],
      );
      try {
        const out = await client.products.list({ out_of_stock: true });
        expect(names(out.data)).toEqual(['Ceramic Coffee Mug']);
        expect(out.data[0]).toMatchObject({ in_stock: false, purchasable: false });
        const inStock = await client.products.list({ in_stock: true, limit: 100 });
        expect(inStock.meta.count).toBe(23);
        expect(names(inStock.data)).not.toContain('Ceramic Coffee Mug');
        const unfiltered = await client.products.list({ in_stock: false, limit: 100 });
        expect(unfiltered.meta.count).toBe(24);
      } finally {
        await t.dataSource.query(
          `UPDATE stock_items SET count_on_hand = 50 WHERE variant_id IN (SELECT id FROM variants WHERE product_id = $1)`,
          [mug],
        );
      }
    });

    it('filters by option values: any value of one option type, every option type named', async () => {
      const beanie = await client.products.get('merino-beanie', { expand: ['option_values'] });
      const black = beanie.option_values!.find((value) => value.label === 'Black')!;
      const white = beanie.option_values!.find((value) => value.label === 'White')!;
      const hoodie = await client.products.get('heavyweight-hoodie', {
        expand: ['option_values'],
      });
      const large = hoodie.option_values!.find((value) => value.label === 'L')!;
      const colored = await client.products.list({
        with_option_value_ids: [black.id, white.id],
        limit: 100,
      });
      const withColors = DEMO_PRODUCTS.filter((demo) => demo.options?.name === 'color')
        .map((demo) => demo.name)
        .sort(byName);
      expect(names(colored.data).sort(byName)).toEqual(withColors);
      const sized = await client.products.list({ with_option_value_ids: [large.id], limit: 100 });
      expect(sized.meta.count).toBe(DEMO_PRODUCTS.filter((d) => d.options?.name === 'size').length);
      // No demo product comes in both a color and a size.
      const both = await client.products.list({ with_option_value_ids: [black.id, large.id] });
      expect(both.data).toEqual([]);
      const foreign = await otherClient.products.get('merino-beanie', {
        expand: ['option_values'],
      });
      const theirs = await client.products.list({
        with_option_value_ids: [foreign.option_values![0].id],
      });
      expect(theirs.data).toEqual([]);
    });

    it('filters by category, including the categories below it', async () => {
      const apparel = await client.categories.get('categories/apparel');
      const shirts = await client.categories.get('categories/apparel/shirts');
      const digital = await client.categories.get('categories/digital');
      const inApparel = await client.products.list({ in_category: apparel.id, limit: 100 });
      expect(names(inApparel.data).sort(byName)).toEqual(demoNamesIn('categories/apparel'));
      expect(names(inApparel.data)).toContain('Chino Trousers');
      expect(names(inApparel.data)).toContain('Linen Shirt');
      const either = await client.products.list({
        in_categories: [shirts.id, digital.id],
        limit: 100,
      });
      expect(names(either.data).sort(byName)).toEqual(
        demoNamesIn('categories/apparel/shirts', 'categories/digital'),
      );
      const elsewhere = await otherClient.categories.get('categories/apparel');
      const foreign = await client.products.list({ in_category: elsewhere.id });
      expect(foreign.data).toEqual([]);
    });

    it('filters by tags, any of them', async () => {
      const tagged = await client.products.list({ with_tags: ['wool', 'organic'], limit: 100 });
      const expected = DEMO_PRODUCTS.filter((demo) =>
        demo.tags?.some((tag) => ['wool', 'organic'].includes(tag)),
      )
        .map((demo) => demo.name)
        .sort(byName);
      expect(names(tagged.data).sort(byName)).toEqual(expected);
      for (const product of tagged.data) {
        expect(product.tags.some((tag) => ['wool', 'organic'].includes(tag))).toBe(true);
      }
    });

    it('combines filters', async () => {
      const apparel = await client.categories.get('categories/apparel');
      const combined = await client.products.list({
        in_category: apparel.id,
        price_lte: 25,
        with_tags: ['wool'],
      });
      expect(names(combined.data)).toEqual(['Merino Beanie']);
    });

    it.each([
      ['an unknown filter', { colour: 'red' }, 'q[colour]'],
      ['an unknown list filter', { sizes: ['M'] }, 'q[sizes][]'],
      ['a malformed amount', { price_gte: 'cheap' }, 'q[price_gte]'],
      ['a malformed flag', { in_stock: 'maybe' }, 'q[in_stock]'],
      ['an id of the wrong kind', { in_category: 'prod_AAAAAAAAAA' }, 'q[in_category]'],
      [
        'an option value id of the wrong kind',
        { with_option_value_ids: ['ctg_AAAAAAAAAA'] },
        'q[with_option_value_ids][]',
      ],
    ])('refuses %s with 400 parameter_invalid naming it', async (_, params, key) => {
      const error = await rejection(client.products.list(params as never));
      expect(error.status).toBe(400);
      expect(error.code).toBe('parameter_invalid');
      expect(Object.keys(error.details ?? {})).toEqual([key]);
    });
  });

  describe('products.list sorting', () => {
    const amounts = (products: Product[]) =>
      products.map((product) => Number(product.price.amount));

    it('sorts by price both ways', async () => {
      const up = await client.products.list({ sort: 'price', limit: 100 });
      expect(amounts(up.data)).toEqual([...amounts(up.data)].sort((a, b) => a - b));
      expect(up.data[0].name).toBe('Notebook A5');
      const down = await client.products.list({ sort: '-price', limit: 100 });
      expect(amounts(down.data)).toEqual([...amounts(down.data)].sort((a, b) => b - a));
      expect(down.data[0].name).toBe('Rain Jacket');
    });

    it('sorts by name, creation and availability', async () => {
      const byNameUp = await client.products.list({ sort: 'name', limit: 100 });
      expect(names(byNameUp.data)).toEqual(names(byNameUp.data).sort(byName));
      const byNameDown = await client.products.list({ sort: '-name', limit: 100 });
      expect(names(byNameDown.data)).toEqual(names(byNameUp.data).reverse());
      const oldest = await client.products.list({ sort: 'created_at', limit: 100 });
      expect(names(oldest.data)).toEqual(DEMO_PRODUCTS.map((demo) => demo.name));
      const newest = await client.products.list({ limit: 100 });
      expect(names(newest.data)).toEqual(DEMO_PRODUCTS.map((demo) => demo.name).reverse());
      const available = await client.products.list({ sort: 'available_on', limit: 100 });
      expect(names(available.data)).toEqual(names(oldest.data));
    });

    it.each(['best_selling', 'popularity', 'price,name'])(
      'refuses sort=%s with 400 parameter_invalid',
      async (sort) => {
        const error = await rejection(client.products.list({ sort }));
        expect(error.status).toBe(400);
        expect(error.code).toBe('parameter_invalid');
        expect(Object.keys(error.details ?? {})).toEqual(['sort']);
      },
    );
  });

  describe('products.get', () => {
    it('shows a product by slug and by id, with the client’s fields', async () => {
      const bySlug = await client.products.get('classic-cotton-t-shirt');
      const byId = await client.products.get(bySlug.id);
      expect(byId).toEqual(bySlug);
      expect(bySlug).toMatchObject({
        name: 'Classic Cotton T-Shirt',
        slug: 'classic-cotton-t-shirt',
        meta_title: null,
        meta_description: null,
        meta_keywords: null,
        available: true,
        purchasable: true,
        in_stock: true,
        preorder: false,
        preorder_ships_at: null,
        thumbnail_url: null,
        description_html: '<p>Soft everyday tee in organic cotton.</p>',
        tags: ['organic', 'bestseller'],
        variant_count: 4,
        original_price: null,
        price: {
          id: expect.stringMatching(/^price_/),
          amount: '19.99',
          amount_in_cents: 1999,
          compare_at_amount: null,
          compare_at_amount_in_cents: null,
          currency: 'USD',
          display_amount: '$19.99',
          display_compare_at_amount: null,
          price_list_id: null,
        },
      });
      expect(bySlug.variants).toBeUndefined();
      expect(bySlug).not.toHaveProperty('primary_media');
      expect(bySlug).not.toHaveProperty('media');
    });

    it('renders the description as escaped HTML paragraphs', async () => {
      const lamp = await productKey('desk-lamp');
      await t.dataSource.query(`UPDATE products SET description = $2 WHERE id = $1`, [
        lamp,
        'Bright <b>&</b> "warm".\nDimmable.\n\n<script>alert(1)</script>',
      ]);
      const product = await client.products.get('desk-lamp');
      expect(product.description_html).toBe(
        '<p>Bright &lt;b&gt;&amp;&lt;/b&gt; &quot;warm&quot;.<br>Dimmable.</p><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      );
    });

    it('shows a compare-at price as the original price, in exact minor units', async () => {
      const jacket = await productKey('rain-jacket');
      await t.dataSource.query(
        `UPDATE prices SET compare_at_amount = 149.0050 WHERE currency = 'USD'
         AND variant_id IN (SELECT id FROM variants WHERE product_id = $1)`,
        [jacket],
      );
      const product = await client.products.get('rain-jacket', { expand: ['default_variant'] });
      expect(product.price).toMatchObject({
        amount: '119.00',
        amount_in_cents: 11900,
        compare_at_amount: '149.01',
        compare_at_amount_in_cents: 14901,
        display_compare_at_amount: '$149.01',
      });
      expect(product.original_price).toEqual({
        id: product.price.id,
        amount: '149.01',
        amount_in_cents: 14901,
        compare_at_amount: null,
        compare_at_amount_in_cents: null,
        currency: 'USD',
        display_amount: '$149.01',
        display_compare_at_amount: null,
        price_list_id: null,
      });
      expect(product.default_variant!.original_price).toEqual(product.original_price);
    });

    it('expands variants, the default variant, option types and values, categories and media', async () => {
      const product = await client.products.get('heavyweight-hoodie', {
        expand: [
          'variants',
          'default_variant',
          'option_types',
          'option_values',
          'categories',
          'media',
          'primary_media',
        ],
      });
      expect(product.variants!.map((variant) => variant.options_text)).toEqual([
        'Size: S',
        'Size: M',
        'Size: L',
        'Size: XL',
      ]);
      expect(product.default_variant).toEqual(product.variants![0]);
      expect(product.default_variant_id).toBe(product.variants![0].id);
      const [small] = product.variants!;
      expect(small).toMatchObject({
        product_id: product.id,
        weight: 650,
        height: null,
        width: null,
        depth: null,
        media_count: 0,
        thumbnail_url: null,
        preorder: false,
        purchasable: true,
        in_stock: true,
        original_price: null,
        price: { amount: '54.00', amount_in_cents: 5400, currency: 'USD' },
      });
      expect(small.option_values).toEqual([
        {
          id: expect.stringMatching(/^optval_/),
          option_type_id: expect.stringMatching(/^opt_/),
          name: 's',
          label: 'S',
          position: 1,
          color_code: null,
          option_type_name: 'size',
          option_type_label: 'Size',
          image_url: null,
        },
      ]);
      expect(product.option_types).toEqual([
        {
          id: small.option_values[0].option_type_id,
          name: 'size',
          label: 'Size',
          position: 1,
          kind: 'buttons',
        },
      ]);
      expect(product.option_values!.map((value) => value.label)).toEqual(['S', 'M', 'L', 'XL']);
      expect(product.categories!.map((category) => category.permalink)).toEqual([
        'categories/apparel/outerwear',
      ]);
      expect(product.media).toEqual([]);
      expect(product).not.toHaveProperty('primary_media');
    });

    it('lists products with their categories in one page', async () => {
      const page = await client.products.list({ expand: ['categories'], limit: 100 });
      const tote = page.data.find((product) => product.slug === 'canvas-tote-bag')!;
      expect(tote.categories!.map((category) => category.permalink).sort(byName)).toEqual([
        'categories/apparel/accessories',
        'categories/outdoor',
      ]);
      expect(page.data.every((product) => product.categories!.length > 0)).toBe(true);
    });

    it('returns only the fields asked for, and id', async () => {
      const product = await sparseClient.products.get('linen-shirt', {
        fields: ['name', 'price'],
      });
      expect(Object.keys(product).sort(byName)).toEqual(['id', 'name', 'price']);
      expect(product.price.amount).toBe('59.00');
      const page = await sparseClient.products.list({
        fields: ['slug'],
        expand: ['variants'],
        limit: 2,
      });
      for (const listed of page.data) {
        expect(Object.keys(listed).sort(byName)).toEqual(['id', 'slug', 'variants']);
      }
      const error = await rejection(client.products.get('linen-shirt', { fields: ['password'] }));
      expect(error.status).toBe(400);
      expect(Object.keys(error.details ?? {})).toEqual(['fields']);
    });

    it('refuses an expand it does not offer and a product of another store', async () => {
      const unknown = await rejection(client.products.get('linen-shirt', { expand: ['reviews'] }));
      expect(unknown.status).toBe(400);
      expect(unknown.code).toBe('parameter_invalid');
      expect(Object.keys(unknown.details ?? {})).toEqual(['expand']);
      const mine = await client.products.get('linen-shirt');
      const theirs = await rejection(otherClient.products.get(mine.id));
      expect(theirs.status).toBe(404);
      expect(theirs.code).toBe('record_not_found');
    });
  });

  describe('products.filters', () => {
    it('offers the price range, availability, option values, categories and sorts, with counts', async () => {
      const filters = await client.products.filters();
      expect(filters.total_count).toBe(24);
      expect(filters.default_sort).toBe('-created_at');
      expect(filters.sort_options.map((option) => option.id)).toEqual(
        expect.arrayContaining(['price', '-price', 'name', '-name', '-created_at']),
      );
      const [price, availability, ...rest] = filters.filters;
      expect(price).toEqual({
        id: 'price',
        type: 'price_range',
        min: 9.9,
        max: 119,
        currency: 'USD',
      });
      expect(availability).toEqual({
        id: 'availability',
        type: 'availability',
        options: [
          { id: 'in_stock', count: 24 },
          { id: 'out_of_stock', count: 0 },
        ],
      });
      const options = rest.filter((filter) => filter.type === 'option');
      expect(options.map((filter) => filter.type === 'option' && filter.name)).toEqual([
        'size',
        'color',
      ]);
      const size = options[0] as Extract<(typeof rest)[number], { type: 'option' }>;
      expect(size).toMatchObject({
        label: 'Size',
        kind: 'buttons',
        id: expect.stringMatching(/^opt_/),
      });
      const sized = DEMO_PRODUCTS.filter((demo) => demo.options?.name === 'size').length;
      expect(size.options.map((option) => [option.label, option.count])).toEqual([
        ['S', sized],
        ['M', sized],
        ['L', sized],
        ['XL', sized],
      ]);
      const color = options[1] as typeof size;
      expect(color.options[0]).toMatchObject({
        name: 'black',
        color_code: '#000000',
        image_url: null,
      });
      const categories = rest.find((filter) => filter.type === 'category');
      const counts = Object.fromEntries(
        (categories as Extract<(typeof rest)[number], { type: 'category' }>).options.map(
          (option) => [option.permalink, option.count],
        ),
      );
      expect(counts['categories/apparel']).toBe(demoNamesIn('categories/apparel').length);
      expect(counts['categories/outdoor']).toBe(demoNamesIn('categories/outdoor').length);
      expect(counts).not.toHaveProperty('categories');
    });

    it('scopes them to a category and its descendants', async () => {
      const apparel = await client.categories.get('categories/apparel');
      const filters = await client.products.filters({ category_id: apparel.id });
      expect(filters.total_count).toBe(demoNamesIn('categories/apparel').length);
      const categories = filters.filters.find((filter) => filter.type === 'category') as {
        options: { permalink: string; count: number }[];
      };
      expect(categories.options.map((option) => option.permalink)).toEqual([
        'categories/apparel/shirts',
        'categories/apparel/outerwear',
        'categories/apparel/accessories',
      ]);
      expect(categories.options[0].count).toBe(2);
      const price = filters.filters.find((filter) => filter.type === 'price_range');
      expect(price).toMatchObject({ min: 15, max: 119 });
    });

    it('honours the filters of the list', async () => {
      // The client's type names only `category_id` and `q`; its request passes any key through.
      const filters = await client.products.filters({ 'q[price_lte]': '20' } as never, {
        currency: 'EUR',
      });
      expect(filters.total_count).toBe(
        (await client.products.list({ price_lte: 20, limit: 100 }, { currency: 'EUR' })).meta.count,
      );
      const price = filters.filters.find((filter) => filter.type === 'price_range');
      expect(price).toMatchObject({ currency: 'EUR', min: 9.11 });
    });

    it('refuses filters it does not know, a `q` object and a malformed category', async () => {
      const unknown = await rejection(client.products.filters({ 'q[colour]': 'red' } as never));
      expect(unknown.status).toBe(400);
      expect(Object.keys(unknown.details ?? {})).toEqual(['q[colour]']);
      // The client writes a `q` object as "[object Object]".
      const object = await rejection(client.products.filters({ q: { price_lte: 20 } }));
      expect(object.status).toBe(400);
      expect(Object.keys(object.details ?? {})).toEqual(['q']);
      const malformed = await rejection(client.products.filters({ category_id: 'apparel' }));
      expect(malformed.status).toBe(400);
      expect(Object.keys(malformed.details ?? {})).toEqual(['category_id']);
    });
  });

  describe('categories', () => {
    it('lists the tree, roots first, paginated', async () => {
      const page = await client.categories.list({ limit: 4 });
      expect(page.meta).toEqual({
        page: 1,
        limit: 4,
        count: 9,
        pages: 3,
        from: 1,
        to: 4,
        in: 4,
        previous: null,
        next: 2,
      });
      const [root, ...children] = page.data;
      expect(root).toMatchObject({
        name: 'Categories',
        permalink: 'categories',
        depth: 0,
        parent_id: null,
        is_root: true,
        is_child: false,
        is_leaf: false,
        children_count: 5,
        description: '',
        description_html: '',
        image_url: null,
        square_image_url: null,
        meta_title: null,
      });
      expect(children.map((category) => category.permalink)).toEqual([
        'categories/apparel',
        'categories/home-desk',
        'categories/outdoor',
      ]);
      const last = await client.categories.list({ limit: 4, page: 3 });
      expect(last.meta).toMatchObject({ from: 9, to: 9, in: 1, previous: 2, next: null });
      expect(last.data[0]).toMatchObject({
        permalink: 'categories/apparel/accessories',
        is_leaf: true,
      });
    });

    it('filters roots, children of a parent, a depth and a name', async () => {
      const roots = await client.categories.list({ parent_id_null: true });
      expect(roots.data.map((category) => category.name)).toEqual(['Categories']);
      const apparel = await client.categories.get('categories/apparel');
      const children = await client.categories.list({ parent_id_eq: apparel.id });
      expect(children.data.map((category) => category.name)).toEqual([
        'Shirts',
        'Outerwear',
        'Accessories',
      ]);
      const deep = await client.categories.list({ depth_eq: 2 });
      expect(deep.meta.count).toBe(3);
      const named = await client.categories.list({ name_cont: 'WEAR' });
      expect(named.data.map((category) => category.name)).toEqual(['Outerwear']);
      const sorted = await client.categories.list({ sort: '-name', limit: 3 });
      expect(sorted.data.map((category) => category.name)).toEqual([
        'Shirts',
        'Outerwear',
        'Outdoor',
      ]);
      const error = await rejection(client.categories.list({ taxonomy_id_eq: 1 }));
      expect(error.status).toBe(400);
      expect(Object.keys(error.details ?? {})).toEqual(['q[taxonomy_id_eq]']);
    });

    it('expands parent, children and ancestors on a list', async () => {
      const page = await client.categories.list({
        depth_eq: 2,
        expand: ['parent', 'children', 'ancestors'],
      });
      for (const category of page.data) {
        expect(category.parent).toMatchObject({
          permalink: 'categories/apparel',
          id: category.parent_id,
        });
        expect(category.children).toEqual([]);
        expect(category.ancestors!.map((ancestor) => ancestor.permalink)).toEqual([
          'categories',
          'categories/apparel',
        ]);
      }
    });

    it('shows a category by permalink (with slashes) and by id, with expands', async () => {
      const shirts = await client.categories.get('categories/apparel/shirts', {
        expand: ['parent', 'ancestors', 'children'],
      });
      expect(shirts).toMatchObject({
        name: 'Shirts',
        depth: 2,
        is_leaf: true,
        is_child: true,
        is_root: false,
        children: [],
      });
      expect(shirts.parent!.name).toBe('Apparel');
      expect(shirts.ancestors!.map((ancestor) => ancestor.name)).toEqual(['Categories', 'Apparel']);
      const byId = await client.categories.get(shirts.id);
      expect(byId.permalink).toBe('categories/apparel/shirts');
      expect(byId.parent).toBeUndefined();
      const root = await client.categories.get('categories', { expand: ['children'] });
      expect(root.children!.map((child) => child.name)).toEqual([
        'Apparel',
        'Home & Desk',
        'Outdoor',
        'Food & Drink',
        'Digital',
      ]);
      expect(root.ancestors).toBeUndefined();
    });

    it('answers 404 for an unknown permalink, a bad one and another store’s category', async () => {
      for (const missing of ['categories/apparel/hats', 'categories/../etc', 'ctg_AAAAAAAAAAAA']) {
        const error = await rejection(client.categories.get(missing));
        expect(error.status).toBe(404);
        expect(error.code).toBe('record_not_found');
      }
      const theirs = await otherClient.categories.get('categories/digital');
      const error = await rejection(client.categories.get(theirs.id));
      expect(error.status).toBe(404);
    });
  });
});
