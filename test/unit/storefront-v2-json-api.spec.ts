import { StoreError } from '../../src/common/errors/store-error.js';
import { renderDocument } from '../../src/modules/storefront-v2/json-api/json-api-document.js';
import {
  EMPTY_QUERY,
  jsonApiQueryOf,
} from '../../src/modules/storefront-v2/json-api/json-api-query.js';
import { listPageOf, renderList } from '../../src/modules/storefront-v2/json-api/list-document.js';
import type { ResourceNode } from '../../src/modules/storefront-v2/json-api/resource.js';

function refusal(run: () => unknown): StoreError {
  try {
    run();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('accepted');
}

const product: ResourceNode = { type: 'product', id: 'prod_1', attributes: { name: 'Tee' } };
const variant: ResourceNode = {
  type: 'variant',
  id: 'variant_1',
  attributes: { sku: 'TEE-1' },
  relationships: { product: () => product },
};
const lines: ResourceNode[] = ['li_1', 'li_2'].map((id) => ({
  type: 'line_item',
  id,
  attributes: { quantity: 1 },
  relationships: { variant },
}));
const cart: ResourceNode = {
  type: 'cart',
  id: 'cart_1',
  attributes: { number: 'R1', total: '10.00' },
  relationships: { line_items: lines, variants: [variant], user: null },
};

describe('jsonApiQueryOf', () => {
  it('reads include paths and sparse fieldsets, flat or nested', () => {
    const query = jsonApiQueryOf(
      {
        include: 'line_items.variant,variants',
        'fields[cart]': 'number',
        fields: { variant: 'sku' },
      },
      'cart',
    );
    expect(query.include).toEqual([['line_items', 'variant'], ['variants']]);
    expect([...query.fields.get('cart')!]).toEqual(['number']);
    expect([...query.fields.get('variant')!]).toEqual(['sku']);
  });

  it.each([['nope'], ['line_items.nope'], ['line_items.variant.product.nope']])(
    'refuses the include path %s with 400 parameter_invalid',
    (include) => {
      const error = refusal(() => jsonApiQueryOf({ include }, 'cart'));
      expect(error.code).toBe('parameter_invalid');
      expect(error.status).toBe(400);
      expect(error.details).toMatchObject({ parameter: 'include', value: include });
    },
  );

  it('refuses a fieldset of an unknown type', () => {
    expect(refusal(() => jsonApiQueryOf({ 'fields[nope]': 'a' }, 'cart')).code).toBe(
      'parameter_invalid',
    );
  });
});

describe('renderDocument', () => {
  it('renders identifiers for relationships and includes each reached resource once', () => {
    const document = renderDocument(
      cart,
      jsonApiQueryOf({ include: 'line_items.variant.product,variants' }, 'cart'),
    );
    expect(document.data).toMatchObject({
      type: 'cart',
      id: 'cart_1',
      relationships: {
        line_items: {
          data: [
            { type: 'line_item', id: 'li_1' },
            { type: 'line_item', id: 'li_2' },
          ],
        },
        user: { data: null },
      },
    });
    expect(document.included!.map(({ type, id }) => `${type}:${id}`)).toEqual([
      'line_item:li_1',
      'variant:variant_1',
      'product:prod_1',
      'line_item:li_2',
    ]);
  });

  it('leaves out included without include, and trims to the fieldsets', () => {
    const document = renderDocument(cart, jsonApiQueryOf({ 'fields[cart]': 'total' }, 'cart'));
    expect(document).not.toHaveProperty('included');
    expect(document.data).toEqual({
      type: 'cart',
      id: 'cart_1',
      attributes: { total: '10.00' },
      relationships: {},
    });
  });

  it('never includes a primary resource again', () => {
    const document = renderDocument([variant, { ...variant, id: 'variant_2' }], {
      ...EMPTY_QUERY,
      include: [['product']],
    });
    expect(document.included!.map(({ id }) => id)).toEqual(['prod_1']);
  });
});

describe('lists', () => {
  it('gives the page, the totals and the links, keeping the other parameters', () => {
    const page = listPageOf({ page: '2', per_page: '1' });
    const document = renderList(
      [product],
      EMPTY_QUERY,
      page,
      3,
      '/api/v2/storefront/products?sort=name&page=2',
    );
    expect(document.meta).toEqual({
      page: 2,
      per_page: 1,
      count: 1,
      total_count: 3,
      total_pages: 3,
    });
    expect(document.links).toEqual({
      self: '/api/v2/storefront/products?sort=name&page=2&per_page=1',
      first: '/api/v2/storefront/products?sort=name&page=1&per_page=1',
      prev: '/api/v2/storefront/products?sort=name&page=1&per_page=1',
      next: '/api/v2/storefront/products?sort=name&page=3&per_page=1',
      last: '/api/v2/storefront/products?sort=name&page=3&per_page=1',
    });
  });

  it.each([['0'], ['-1'], ['x'], ['1.5']])('refuses page %s', (value) => {
    expect(refusal(() => listPageOf({ page: value })).code).toBe('parameter_invalid');
  });

  it('caps per_page at 100', () => {
    expect(listPageOf({ per_page: '1000' }).perPage).toBe(100);
  });
});
