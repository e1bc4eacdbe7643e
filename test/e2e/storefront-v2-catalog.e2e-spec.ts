import { request as httpRequest } from 'node:http';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import {
  JSON_API_MEDIA_TYPE,
  refused,
  succeeded,
  v2ShopForThisFile,
} from '../helpers/storefront-v2-client.js';

// The v2 read models, through the official v2 client and plain HTTP: the catalog the v3 Store
// API shows, as JSON:API documents. Every v2 response the client sees is checked for the JSON:API
// media type and document shape (or the error envelope) after each test.
describe('Storefront v2: catalog', () => {
  const ctx = v2ShopForThisFile();

  const JSON_API_TYPE = new RegExp(`^${JSON_API_MEDIA_TYPE.replace(/[.+]/g, '\\$&')}`);

  type Resource = {
    id: string;
    type: string;
    attributes: Record<string, any>;
    relationships?: Record<string, { data: any }>;
  };
  interface Answer {
    status: number;
    contentType: string | undefined;
    body: any;
  }

  /** A raw GET with the headers given (`host` among them, when given): no client in between. */
  function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    const url = new URL(ctx.t.baseUrl);
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            contentType: response.headers['content-type'],
            body: JSON.parse(text),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** A raw GET for the file's store, named by its publishable key. */
  const getWithKey = (path: string) => get(path, { 'x-store-api-key': ctx.shop.publishable_key });

  const storeKey = () => ctx.records.key(ID_PREFIX.store, ctx.shop.store_id);

  /** The names of products a list answered, in its order. */
  const namesOf = (resources: Resource[]) => resources.map((product) => product.attributes.name);

  /** The products the file's store shows, straight from the database. */
  async function visibleProductCount(storeId: string): Promise<number> {
    const [{ count }] = await ctx.t.dataSource.query(
      `SELECT count(*)::int AS count FROM products WHERE store_id = $1 AND status = 'active'
       AND deleted_at IS NULL AND (available_on IS NULL OR available_on <= now())
       AND (discontinue_on IS NULL OR discontinue_on > now())`,
      [storeId],
    );
    return count;
  }

  /** Every product of the file's store, all on one page. */
  async function allProducts(params: Record<string, unknown> = {}): Promise<Resource[]> {
    const page = await succeeded(ctx.v2.products.list({ per_page: 100, ...params } as never));
    return page.data as unknown as Resource[];
  }

  async function categoryId(permalink: string): Promise<string> {
    const shown = await succeeded(ctx.v2.taxons.show({ id: permalink }));
    return shown.data.id;
  }

  describe('GET /products', () => {
    it('pages the products on sale with meta and links, each with its default variant and price', async () => {
      const total = await visibleProductCount(storeKey());
      const first = await getWithKey(
        '/api/v2/storefront/products?per_page=5&include=default_variant',
      );
      expect(first.status).toBe(200);
      expect(first.contentType).toMatch(JSON_API_TYPE);
      expect(first.body.meta).toEqual({
        page: 1,
        per_page: 5,
        count: 5,
        total_count: total,
        total_pages: Math.ceil(total / 5),
      });
      const last = Math.ceil(total / 5);
      expect(first.body.links).toEqual({
        self: '/api/v2/storefront/products?per_page=5&include=default_variant&page=1',
        first: '/api/v2/storefront/products?per_page=5&include=default_variant&page=1',
        prev: null,
        next: '/api/v2/storefront/products?per_page=5&include=default_variant&page=2',
        last: `/api/v2/storefront/products?per_page=5&include=default_variant&page=${last}`,
      });
      const [product] = first.body.data as Resource[];
      expect(product.type).toBe('product');
      expect(product.id).toMatch(/^prod_/);
      expect(product.attributes).toMatchObject({
        name: expect.any(String),
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        currency: 'USD',
        price: expect.stringMatching(/^\d+\.\d{2}$/),
        display_price: expect.stringMatching(/^\$\d+\.\d{2}$/),
        compare_at_price: null,
        display_compare_at_price: null,
        purchasable: true,
        in_stock: true,
        sku: expect.any(String),
        updated_at: expect.any(String),
      });
      const defaultVariant = product.relationships!.default_variant.data;
      expect(defaultVariant).toEqual({ type: 'variant', id: expect.stringMatching(/^variant_/) });
      expect(product.relationships!.primary_variant.data).toEqual(defaultVariant);
      expect(product.relationships!.images.data).toEqual([]);
      const included = first.body.included as Resource[];
      const variant = included.find((resource) => resource.id === defaultVariant.id)!;
      expect(variant.attributes).toMatchObject({
        sku: product.attributes.sku,
        price: product.attributes.price,
        display_price: product.attributes.display_price,
        currency: 'USD',
        is_master: false,
      });

      const lastPage = await getWithKey(`/api/v2/storefront/products?per_page=5&page=${last}`);
      expect(lastPage.body.meta).toMatchObject({ page: last, count: total - 5 * (last - 1) });
      expect(lastPage.body.links).toMatchObject({
        prev: `/api/v2/storefront/products?per_page=5&page=${last - 1}`,
        next: null,
      });
      const beyond = await getWithKey(`/api/v2/storefront/products?per_page=5&page=${last + 1}`);
      expect(beyond.status).toBe(200);
      expect(beyond.body.data).toEqual([]);
    });

    it('includes variants with their option values and option types, and the taxons', async () => {
      const page = await succeeded(
        ctx.v2.products.list({
          filter: { name: 'Classic Cotton' },
          include: 'variants.option_values.option_type,option_types.option_values,taxons',
        }),
      );
      const [tee] = page.data as unknown as Resource[];
      const included = page.included as unknown as Resource[];
      const ofType = (type: string) => included.filter((resource) => resource.type === type);
      const variants = ofType('variant');
      expect(variants.map((variant) => variant.attributes.options_text)).toEqual([
        'Size: S',
        'Size: M',
        'Size: L',
        'Size: XL',
      ]);
      expect(tee.relationships!.variants.data).toEqual(
        variants.map(({ type, id }) => ({ type, id })),
      );
      expect(variants[0].attributes).toMatchObject({
        weight: 180,
        height: null,
        width: null,
        depth: null,
        is_master: false,
        purchasable: true,
        in_stock: true,
        backorderable: false,
        options: [{ name: 'size', value: 's', presentation: 'S' }],
        price: '19.99',
        display_price: '$19.99',
      });
      const values = ofType('option_value');
      expect(values.map((value) => value.attributes.name)).toEqual(['s', 'm', 'l', 'xl']);
      expect(values[0].attributes).toMatchObject({ presentation: 'S', position: 1 });
      const [size] = ofType('option_type');
      expect(size.attributes).toMatchObject({ name: 'size', presentation: 'Size' });
      expect(values[0].relationships!.option_type.data).toEqual({
        type: 'option_type',
        id: size.id,
      });
      expect(size.relationships!.option_values.data).toEqual(
        values.map(({ type, id }) => ({ type, id })),
      );
      expect(tee.relationships!.option_types.data).toEqual([{ type: 'option_type', id: size.id }]);
      const [shirts] = ofType('taxon');
      expect(shirts.attributes).toMatchObject({
        name: 'Shirts',
        permalink: 'categories/apparel/shirts',
      });
      expect(tee.relationships!.taxons.data).toEqual([{ type: 'taxon', id: shirts.id }]);
    });

    it('renders only the fields asked for with fields[...]', async () => {
      const answer = await getWithKey(
        '/api/v2/storefront/products?per_page=2&include=default_variant&fields[product]=name,price,default_variant&fields[variant]=sku',
      );
      expect(answer.status).toBe(200);
      for (const product of answer.body.data as Resource[]) {
        expect(Object.keys(product.attributes).sort()).toEqual(['name', 'price']);
        expect(Object.keys(product.relationships!)).toEqual(['default_variant']);
      }
      for (const variant of answer.body.included as Resource[]) {
        expect(Object.keys(variant.attributes)).toEqual(['sku']);
        expect(variant.relationships).toEqual({});
      }
    });

    it('filters by name, price range, taxons, option values, SKUs and ids', async () => {
      expect(namesOf(await allProducts({ filter: { name: 'mug' } }))).toEqual([
        'Ceramic Coffee Mug',
      ]);

      const midRange = await allProducts({ filter: { price: '20,30' }, sort: 'price' });
      expect(namesOf(midRange)).toEqual([
        'Baseball Cap',
        'Merino Beanie',
        'Scented Candle',
        'Tea Sampler',
        'Insulated Water Bottle',
      ]);
      const upTo10 = await allProducts({ filter: { price: ',10' } });
      expect(namesOf(upTo10)).toEqual(['Notebook A5']);
      const from100 = await allProducts({ filter: { price: '100,' } });
      expect(namesOf(from100)).toEqual(['Rain Jacket']);

      // A category includes what lies below it; several categories are any of them.
      const outerwear = await allProducts({
        filter: { taxons: await categoryId('categories/apparel/outerwear') },
        sort: 'name',
      });
      expect(namesOf(outerwear)).toEqual(['Denim Jacket', 'Heavyweight Hoodie', 'Rain Jacket']);
      const apparel = await allProducts({
        filter: { taxons: await categoryId('categories/apparel') },
      });
      expect(apparel).toHaveLength(13);
      const drinksOrDigital = await allProducts({
        filter: {
          taxons: [
            await categoryId('categories/food-drink'),
            await categoryId('categories/digital'),
          ].join(','),
        },
        sort: 'name',
      });
      expect(namesOf(drinksOrDigital)).toEqual(['Espresso Beans 1kg', 'Gift Card', 'Tea Sampler']);

      // Option values by option type name and value name (any case): any value of one type, and
      // every type named.
      const black = await allProducts({ filter: { options: { color: 'black' } } });
      expect(black).toHaveLength(8);
      const small = await allProducts({ filter: { options: { SIZE: 'S,xl' } } });
      expect(small).toHaveLength(7);
      expect(await allProducts({ filter: { options: { color: 'black', size: 's' } } })).toEqual([]);
      expect(await allProducts({ filter: { options: { color: 'purple' } } })).toEqual([]);
      expect(await allProducts({ filter: { options: { flavour: 'mint' } } })).toEqual([]);

      const [mug, pen] = await Promise.all(
        ['Ceramic Coffee Mug', 'Fountain Pen'].map(
          async (name) => (await allProducts({ filter: { name } }))[0],
        ),
      );
      const bySku = await allProducts({ filter: { skus: `${mug.attributes.sku},NO-SUCH-SKU` } });
      expect(bySku.map((product) => product.id)).toEqual([mug.id]);
      const byIds = await allProducts({
        filter: { ids: [mug.id, pen.id, 'prod_nonsense', ctx.records.unknownId('prod')].join(',') },
        sort: 'name',
      });
      expect(byIds.map((product) => product.id)).toEqual([mug.id, pen.id]);
      expect(await allProducts({ filter: { ids: 'not-an-id' } })).toEqual([]);

      // Filters combine, and the totals are those of the filtered list.
      const page = await succeeded(
        ctx.v2.products.list({
          filter: { options: { color: 'black' }, price: '30,' },
          sort: '-price',
          per_page: 2,
        } as never),
      );
      expect(namesOf(page.data as unknown as Resource[])).toEqual(['Backpack 20L', 'Yoga Mat']);
      expect(page.meta).toMatchObject({ total_count: 4, total_pages: 2 });
    });

    it('filters to products in stock, which a product without units is not', async () => {
      const [mug] = await allProducts({ filter: { name: 'Ceramic Coffee Mug' } });
      const mugKey = ctx.records.key(ID_PREFIX.product, mug.id);
      const setUnits = (units: number) =>
        ctx.t.dataSource.query(
          `UPDATE stock_items SET count_on_hand = $2
         WHERE variant_id IN (SELECT id FROM variants WHERE product_id = $1)`,
          [mugKey, units],
        );
      const [{ units }] = await ctx.t.dataSource.query(
        `SELECT max(count_on_hand) AS units FROM stock_items
       WHERE variant_id IN (SELECT id FROM variants WHERE product_id = $1)`,
        [mugKey],
      );
      await setUnits(0);
      try {
        const inStock = await allProducts({ filter: { in_stock: true } });
        expect(inStock).toHaveLength((await visibleProductCount(storeKey())) - 1);
        expect(inStock.map((product) => product.id)).not.toContain(mug.id);
        const shown = await succeeded(ctx.v2.products.show({ id: mug.id }));
        expect(shown.data.attributes).toMatchObject({ in_stock: false, purchasable: false });
      } finally {
        await setUnits(units);
      }
    });

    it('sorts by name, price, creation, update and availability, either way', async () => {
      const byName = namesOf(await allProducts({ sort: 'name' }));
      expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)));
      expect(namesOf(await allProducts({ sort: '-name' }))).toEqual([...byName].reverse());

      const prices = (await allProducts({ sort: 'price' })).map((p) => Number(p.attributes.price));
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const downward = (await allProducts({ sort: '-price' })).map((p) =>
        Number(p.attributes.price),
      );
      expect(downward).toEqual([...prices].sort((a, b) => b - a));

      // The demo's products were created a minute apart, in catalog order.
      const oldestFirst = namesOf(await allProducts({ sort: 'created_at' }));
      expect(oldestFirst.slice(0, 2)).toEqual(['Classic Cotton T-Shirt', 'Heavyweight Hoodie']);
      expect(namesOf(await allProducts({ sort: '-created_at' }))).toEqual(
        [...oldestFirst].reverse(),
      );
      expect(namesOf(await allProducts())).toEqual([...oldestFirst].reverse());

      const [notebook] = await allProducts({ filter: { name: 'Notebook' } });
      await ctx.t.dataSource.query(
        `UPDATE products SET updated_at = now() + interval '1 minute',
         available_on = now() - interval '1 minute' WHERE id = $1`,
        [ctx.records.key(ID_PREFIX.product, notebook.id)],
      );
      expect((await allProducts({ sort: '-updated_at' }))[0].id).toBe(notebook.id);
      expect((await allProducts({ sort: 'updated_at' })).at(-1)!.id).toBe(notebook.id);
      const available = await allProducts({ sort: 'available_on' });
      expect(available).toHaveLength(byName.length);
      expect((await allProducts({ sort: '-available_on' })).map((p) => p.id)).toContain(
        notebook.id,
      );
    });

    it('refuses a bad sort, page, per_page, include, fieldset, filter or currency with 400 parameter_invalid', async () => {
      for (const query of [
        'sort=colour',
        'page=0',
        'page=-1',
        'per_page=abc',
        'include=warehouses',
        'include=variants.stock',
        'fields[warehouse]=name',
        'filter[taxons]=apparel',
        'filter[price]=cheap,',
        'currency=GBP',
        `filter[skus]=${Array.from({ length: 101 }, (_, n) => `SKU-${n}`).join(',')}`,
      ]) {
        const answer = await getWithKey(`/api/v2/storefront/products?${query}`);
        expect({ query, status: answer.status }).toEqual({ query, status: 400 });
        expect(answer.contentType).toMatch(JSON_API_TYPE);
        expect(answer.body.error).toMatchObject({
          code: 'parameter_invalid',
          message: expect.any(String),
        });
      }
      const viaClient = await refused(ctx.v2.products.list({ sort: 'colour' } as never));
      expect(viaClient.status).toBe(400);
      expect(viaClient.body.error.details).toEqual({ sort: [expect.any(String)] });
    });
  });

  describe('GET /products/:id_or_slug', () => {
    it('shows a product by prod_… id or slug, with its taxons and variants', async () => {
      const [hoodie] = await allProducts({ filter: { name: 'Heavyweight Hoodie' } });
      const byId = await succeeded(
        ctx.v2.products.show({ id: hoodie.id, include: 'taxons,variants' }),
      );
      const bySlug = await succeeded(ctx.v2.products.show({ id: 'heavyweight-hoodie' }));
      expect(bySlug.data.id).toBe(hoodie.id);
      expect(byId.data.attributes).toMatchObject({
        name: 'Heavyweight Hoodie',
        slug: 'heavyweight-hoodie',
        description: 'Brushed fleece hoodie with a kangaroo pocket.',
        price: '54.00',
        display_price: '$54.00',
        tags: ['bestseller'],
      });
      const included = byId.included as unknown as Resource[];
      expect(included.filter((resource) => resource.type === 'variant')).toHaveLength(4);
      const [outerwear] = included.filter((resource) => resource.type === 'taxon');
      expect(outerwear.attributes).toMatchObject({ name: 'Outerwear', is_leaf: true });
    });

    it('shows prices in the currency asked for', async () => {
      const answer = await getWithKey(
        '/api/v2/storefront/products/heavyweight-hoodie?currency=eur',
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data.attributes).toMatchObject({
        currency: 'EUR',
        price: expect.stringMatching(/^\d+\.\d{2}$/),
      });
      expect(answer.body.data.attributes.display_price).toContain('€');
    });

    it('answers 404 record_not_found for an unknown id or slug, or another store’s product', async () => {
      const other = await ctx.t.seedStore();
      const otherMug = await get('/api/v2/storefront/products/ceramic-coffee-mug', {
        'x-store-api-key': other.publishable_key,
      });
      expect(otherMug.status).toBe(200);
      for (const id of [
        ctx.records.unknownId(ID_PREFIX.product),
        'no-such-product',
        otherMug.body.data.id,
      ]) {
        const answer = await getWithKey(`/api/v2/storefront/products/${id}`);
        expect(answer.status).toBe(404);
        expect(answer.contentType).toMatch(JSON_API_TYPE);
        expect(answer.body.error.code).toBe('record_not_found');
      }
      const viaClient = await refused(ctx.v2.products.show({ id: 'no-such-product' }));
      expect(viaClient.status).toBe(404);
    });

    it('does not show a product that is not on sale yet or a draft', async () => {
      const [lamp] = await allProducts({ filter: { name: 'Desk Lamp' } });
      const lampKey = ctx.records.key(ID_PREFIX.product, lamp.id);
      const total = await visibleProductCount(storeKey());
      await ctx.t.dataSource.query(
        `UPDATE products SET available_on = now() + interval '1 day' WHERE id = $1`,
        [lampKey],
      );
      const [candle] = await allProducts({ filter: { name: 'Scented Candle' } });
      const candleKey = ctx.records.key(ID_PREFIX.product, candle.id);
      await ctx.t.dataSource.query(`UPDATE products SET status = 'draft' WHERE id = $1`, [
        candleKey,
      ]);
      try {
        for (const id of [lamp.id, candle.id, 'scented-candle']) {
          expect((await getWithKey(`/api/v2/storefront/products/${id}`)).status).toBe(404);
        }
        const page = await getWithKey('/api/v2/storefront/products?per_page=100');
        expect(page.body.meta.total_count).toBe(total - 2);
        const ids = page.body.data.map((product: Resource) => product.id);
        expect(ids).not.toContain(lamp.id);
        expect(ids).not.toContain(candle.id);
      } finally {
        await ctx.t.dataSource.query('UPDATE products SET available_on = NULL WHERE id = $1', [
          lampKey,
        ]);
        await ctx.t.dataSource.query(`UPDATE products SET status = 'active' WHERE id = $1`, [
          candleKey,
        ]);
      }
    });
  });

  describe('GET /taxons', () => {
    it('lists the categories by depth and position, with pages, meta and links', async () => {
      const all = await succeeded(ctx.v2.taxons.list({ per_page: 4 } as never));
      expect(all.meta).toMatchObject({
        page: 1,
        per_page: 4,
        count: 4,
        total_count: 9,
        total_pages: 3,
      });
      const [root, ...children] = all.data as unknown as Resource[];
      expect(root.attributes).toMatchObject({
        name: 'Categories',
        pretty_name: 'Categories',
        permalink: 'categories',
        depth: 0,
        is_root: true,
        is_leaf: false,
      });
      expect(root.relationships!.parent.data).toBeNull();
      expect(root.relationships!.taxonomy.data).toEqual({ type: 'taxonomy', id: 'categories' });
      expect(root.relationships!.children.data).toHaveLength(5);
      expect(children.map((taxon) => taxon.attributes.pretty_name)).toEqual([
        'Categories -> Apparel',
        'Categories -> Home & Desk',
        'Categories -> Outdoor',
      ]);
      for (const child of children) {
        expect(child.relationships!.parent.data).toEqual({ type: 'taxon', id: root.id });
      }
    });

    it('filters to roots, by name, by parent id or parent permalink', async () => {
      const roots = await succeeded(ctx.v2.taxons.list({ filter: { roots: true } } as never));
      expect(roots.data.map((taxon) => taxon.attributes.permalink)).toEqual(['categories']);
      const named = await succeeded(ctx.v2.taxons.list({ filter: { name: 'wear' } } as never));
      expect(named.data.map((taxon) => taxon.attributes.name)).toEqual(['Outerwear']);
      const apparel = await categoryId('categories/apparel');
      const byParent = await succeeded(
        ctx.v2.taxons.list({ filter: { parent_id: apparel } } as never),
      );
      const underApparel = byParent.data.map((taxon) => taxon.attributes.name);
      expect(underApparel).toEqual(['Shirts', 'Outerwear', 'Accessories']);
      const byPermalink = await succeeded(
        ctx.v2.taxons.list({ filter: { parent_permalink: 'categories/apparel' } } as never),
      );
      expect(byPermalink.data.map((taxon) => taxon.attributes.name)).toEqual(underApparel);
      const unknownParent = await succeeded(
        ctx.v2.taxons.list({ filter: { parent_permalink: 'categories/garden' } } as never),
      );
      expect(unknownParent.data).toEqual([]);
      expect(unknownParent.meta).toMatchObject({ total_count: 0, total_pages: 0 });
      const badParent = await getWithKey('/api/v2/storefront/taxons?filter[parent_id]=apparel');
      expect(badParent.status).toBe(400);
      expect(badParent.body.error.code).toBe('parameter_invalid');
    });
  });

  describe('GET /taxons/:id_or_permalink', () => {
    it('shows a category by a permalink with slashes, with its lineage, taxonomy and children', async () => {
      const answer = await getWithKey(
        '/api/v2/storefront/taxons/categories/apparel/shirts?include=parent.parent,taxonomy.root,children',
      );
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(JSON_API_TYPE);
      const shirts = answer.body.data as Resource;
      expect(shirts.attributes).toMatchObject({
        name: 'Shirts',
        pretty_name: 'Categories -> Apparel -> Shirts',
        permalink: 'categories/apparel/shirts',
        depth: 2,
        is_root: false,
        is_leaf: true,
        seo_title: 'Shirts',
      });
      expect(shirts.relationships!.children.data).toEqual([]);
      const included = answer.body.included as Resource[];
      const apparel = included.find((resource) => resource.attributes.name === 'Apparel')!;
      const root = included.find((resource) => resource.attributes.name === 'Categories')!;
      expect(shirts.relationships!.parent.data).toEqual({ type: 'taxon', id: apparel.id });
      expect(apparel.relationships!.parent.data).toEqual({ type: 'taxon', id: root.id });
      expect(shirts.relationships!.taxonomy.data).toEqual({ type: 'taxonomy', id: 'categories' });
      const taxonomy = included.find((resource) => resource.type === 'taxonomy')!;
      expect(taxonomy).toMatchObject({
        attributes: { name: 'Categories' },
        relationships: { root: { data: { type: 'taxon', id: root.id } } },
      });

      // The same category by its id, and by the permalink as the client encodes it.
      const byId = await succeeded(ctx.v2.taxons.show({ id: shirts.id }));
      expect(byId.data.attributes.permalink).toBe('categories/apparel/shirts');
      const encoded = await succeeded(
        ctx.v2.taxons.show({ id: 'categories/apparel', include: 'children' }),
      );
      expect(
        (encoded.included as unknown as Resource[]).map((taxon) => taxon.attributes.name),
      ).toEqual(['Shirts', 'Outerwear', 'Accessories']);
    });

    it('answers 404 record_not_found for an unknown id or permalink, and 400 for a bad include', async () => {
      for (const path of [
        'categories/garden',
        ctx.records.unknownId(ID_PREFIX.category),
        'Not A Permalink',
      ]) {
        const answer = await getWithKey(`/api/v2/storefront/taxons/${encodeURIComponent(path)}`);
        expect(answer.status).toBe(404);
        expect(answer.contentType).toMatch(JSON_API_TYPE);
        expect(answer.body.error.code).toBe('record_not_found');
      }
      const badInclude = await getWithKey('/api/v2/storefront/taxons/categories?include=owner');
      expect(badInclude.status).toBe(400);
      expect(badInclude.body.error.code).toBe('parameter_invalid');
    });
  });

  describe('countries', () => {
    it('lists every country, the store’s default one flagged', async () => {
      const all = await succeeded(ctx.v2.countries.list());
      expect(all.data.length).toBeGreaterThan(200);
      expect((all as unknown as { meta: unknown }).meta).toEqual({ count: all.data.length });
      const defaults = all.data.filter((country) => country.attributes.default);
      expect(defaults.map((country) => country.id)).toEqual(['US']);
      const names = all.data.map((country) => country.attributes.name);
      expect(names).toContain('Germany');
    });

    it("gives the store's default country: the first of its default market", async () => {
      const us = await succeeded(ctx.v2.countries.default({ include: 'states' } as never));
      expect(us.data).toMatchObject({
        id: 'US',
        type: 'country',
        attributes: {
          iso: 'US',
          iso3: 'USA',
          iso_name: 'UNITED STATES',
          name: 'United States',
          default: true,
          states_required: expect.any(Boolean),
          zipcode_required: expect.any(Boolean),
        },
      });
    });

    it('gives the first country by name as the default of a store that sells nowhere', async () => {
      const bare = await ctx.t.seedStore();
      await ctx.t.dataSource.query('DELETE FROM zones WHERE store_id = $1', [
        ctx.records.key(ID_PREFIX.store, bare.store_id),
      ]);
      const [{ iso }] = await ctx.t.dataSource.query(
        'SELECT iso FROM countries ORDER BY name LIMIT 1',
      );
      const answer = await get('/api/v2/storefront/countries/default', {
        'x-store-api-key': bare.publishable_key,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.attributes).toMatchObject({ iso, default: true });
    });

    it('shows a country by ISO alpha-2 or alpha-3 code in any case, with its states', async () => {
      const de = await succeeded(ctx.v2.countries.show({ iso: 'de', include: 'states' }));
      expect(de.data.attributes).toMatchObject({
        iso: 'DE',
        iso3: 'DEU',
        name: 'Germany',
        default: false,
      });
      expect(de.data.relationships.states.data).toEqual([]);
      expect(de.included).toEqual([]);
      for (const iso of ['DEU', 'deu']) {
        const answer = await getWithKey(
          `/api/v2/storefront/countries/${iso}?fields[country]=iso,iso3`,
        );
        expect(answer.body.data).toEqual({
          id: 'DE',
          type: 'country',
          attributes: { iso: 'DE', iso3: 'DEU' },
          relationships: {},
        });
      }
      const us = await getWithKey('/api/v2/storefront/countries/usa');
      expect(us.body.data.attributes.default).toBe(true);
    });

    it('answers 404 for an unknown code and 400 for a bad include', async () => {
      for (const iso of ['XX', 'XXX', 'U', 'united-states']) {
        const answer = await getWithKey(`/api/v2/storefront/countries/${iso}`);
        expect(answer.status).toBe(404);
        expect(answer.contentType).toMatch(JSON_API_TYPE);
        expect(answer.body.error.code).toBe('record_not_found');
      }
      expect((await refused(ctx.v2.countries.show({ iso: 'XX' }))).status).toBe(404);
      const badInclude = await getWithKey('/api/v2/storefront/countries?include=zones');
      expect(badInclude.status).toBe(400);
      expect(badInclude.body.error.code).toBe('parameter_invalid');
    });
  });

  describe('which store', () => {
    it("serves the store whose URL holds the request's host, without any key", async () => {
      const [{ url }] = await ctx.t.dataSource.query('SELECT url FROM stores WHERE id = $1', [
        storeKey(),
      ]);
      const host = new URL(url).host;
      expect(host).toMatch(/\.example\.com$/);
      const answer = await get('/api/v2/storefront/products?per_page=3', { host });
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(JSON_API_TYPE);
      const viaKey = await getWithKey('/api/v2/storefront/products?per_page=3');
      expect(answer.body.data.map((product: Resource) => product.id)).toEqual(
        viaKey.body.data.map((product: Resource) => product.id),
      );
      expect(answer.body.meta).toEqual(viaKey.body.meta);
      const taxon = await get('/api/v2/storefront/taxons/categories/apparel', { host });
      expect(taxon.body.data.id).toBe(await categoryId('categories/apparel'));
    });

    it('serves a store listing the host among its domains', async () => {
      const other = await ctx.t.seedStore();
      const otherKey = ctx.records.key(ID_PREFIX.store, other.store_id);
      const domain = `shop-${Date.now().toString(36)}.example.org`;
      const claimed = await ctx.t.http.request('PATCH', '/api/v3/admin/store', {
        json: { domains: [domain] },
        headers: { 'x-store-api-key': other.secret_key },
      });
      expect(claimed.status).toBe(200);
      const byDomain = await get('/api/v2/storefront/products/ceramic-coffee-mug', {
        host: `${domain}:8080`,
      });
      expect(byDomain.status).toBe(200);
      const [{ id }] = await ctx.t.dataSource.query(
        `SELECT id::text AS id FROM products WHERE store_id = $1 AND slug = 'ceramic-coffee-mug'`,
        [otherKey],
      );
      expect(ctx.records.key(ID_PREFIX.product, byDomain.body.data.id)).toBe(id);
    });

    it('serves a host no store claims from the default store, or answers 404 without one', async () => {
      // Only the operator flags the default store, and no spec changes it in this database
      // (test/e2e/store-identity.e2e-spec.ts covers setting and clearing it on one of its own).
      const [fallback] = await ctx.t.dataSource.query(
        'SELECT id::text AS id FROM stores WHERE is_default',
      );
      const host = `nowhere-${Date.now().toString(36)}.invalid`;
      if (!fallback) {
        const answer = await get('/api/v2/storefront/products?per_page=1', { host });
        expect(answer.status).toBe(404);
        expect(answer.contentType).toMatch(JSON_API_TYPE);
        expect(answer.body.error.code).toBe('record_not_found');
        return;
      }
      // Specs running beside this one may add products to the default store, so its count is
      // read before and after the request.
      const before = await visibleProductCount(fallback.id);
      const answer = await get('/api/v2/storefront/products?per_page=1', { host });
      const after = await visibleProductCount(fallback.id);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toMatch(JSON_API_TYPE);
      const total: number = answer.body.meta.total_count;
      expect(total).toBeGreaterThanOrEqual(Math.min(before, after));
      expect(total).toBeLessThanOrEqual(Math.max(before, after));
      if (answer.body.data.length > 0) {
        const [{ store_id }] = await ctx.t.dataSource.query(
          'SELECT store_id::text AS store_id FROM products WHERE id = $1',
          [ctx.records.key(ID_PREFIX.product, answer.body.data[0].id)],
        );
        expect(store_id).toBe(fallback.id);
      }
    });
  });
});
