import { StoreError } from '../../src/common/errors/store-error.js';
import { readListFilters } from '../../src/common/query/list-filters.js';
import { namesIn, pickFields } from '../../src/modules/catalog/query/name-list.js';

const SPEC = {
  search: 'text',
  price_gte: 'decimal',
  in_stock: 'boolean',
  depth_eq: 'integer',
  with_tags: 'list',
} as const;
const PARAMETERS = ['page', 'limit'];

function refusal(query: Record<string, string | string[]>): StoreError {
  try {
    readListFilters(query, SPEC, PARAMETERS);
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('the filters were accepted');
}

describe('readListFilters', () => {
  it('reads each kind of filter the way the client writes it', () => {
    expect(
      readListFilters(
        {
          page: '2',
          'q[search]': ' tee ',
          'q[price_gte]': '19.99',
          'q[in_stock]': 'true',
          'q[depth_eq]': '2',
          'q[with_tags][]': ['wool', 'gift,wool'],
        },
        SPEC,
        PARAMETERS,
      ),
    ).toEqual({
      search: 'tee',
      price_gte: '19.99',
      in_stock: true,
      depth_eq: 2,
      with_tags: ['wool', 'gift'],
    });
  });

  it('accepts a list written once, without brackets, and flags written as 0/1', () => {
    expect(readListFilters({ 'q[with_tags]': 'a', 'q[in_stock]': '0' }, SPEC, PARAMETERS)).toEqual({
      with_tags: ['a'],
      in_stock: false,
    });
  });

  it('treats blank values as no filter', () => {
    expect(
      readListFilters({ 'q[search]': '  ', 'q[with_tags][]': [' ', ''] }, SPEC, PARAMETERS),
    ).toEqual({});
  });

  it('names every unknown filter, bare q and unknown parameter', () => {
    const error = refusal({ 'q[colour]': 'red', q: '[object Object]', sort_by: 'x' });
    expect(error.code).toBe('parameter_invalid');
    expect(Object.keys(error.details!)).toEqual(['q[colour]', 'q', 'sort_by']);
    expect(error.details!['q[colour]']).toEqual([expect.stringContaining('search, price_gte')]);
  });

  it.each([
    ['q[price_gte]', '1e3'],
    ['q[price_gte]', '-5'],
    ['q[price_gte]', '1.23456'],
    ['q[in_stock]', 'yes'],
    ['q[in_stock]', 'toString'],
    ['q[depth_eq]', '1.5'],
    ['q[search]', 'x'.repeat(201)],
  ])('refuses %s=%s', (key, value) => {
    expect(Object.keys(refusal({ [key]: value }).details!)).toEqual([key]);
  });

  it('reads timestamps as ISO 8601 dates or times and names a malformed one', () => {
    const spec = { since: 'timestamp', until: 'timestamp' } as const;
    expect(
      readListFilters(
        { 'q[since]': '2026-01-31', 'q[until]': '2026-02-01T10:30:00+02:00' },
        spec,
        [],
      ),
    ).toEqual({
      since: new Date('2026-01-31T00:00:00Z'),
      until: new Date('2026-02-01T08:30:00Z'),
    });
    for (const bad of ['yesterday', '2026-13-45', '1700000000']) {
      expect(() => readListFilters({ 'q[since]': bad }, spec, [])).toThrow(
        expect.objectContaining({
          code: 'parameter_invalid',
          details: { 'q[since]': [expect.any(String)] },
        }),
      );
    }
  });

  it('refuses a single-valued filter given twice', () => {
    expect(refusal({ 'q[search]': ['a', 'b'] }).details).toEqual({
      'q[search]': ['q[search] must be given once'],
    });
  });

  it('does not take members of Object.prototype for filters', () => {
    expect(Object.keys(refusal({ 'q[constructor]': 'x' }).details!)).toEqual(['q[constructor]']);
  });
});

describe('namesIn and pickFields', () => {
  it('splits, trims and de-duplicates names', () => {
    expect(namesIn(' name, price ,,name')).toEqual(['name', 'price']);
    expect(namesIn(undefined)).toEqual([]);
  });

  it('keeps id, the named members and the kept relations; everything without names', () => {
    const view = { id: 'prod_1', name: 'Tee', slug: 'tee', price: '1.00', variants: [] };
    expect(pickFields(view, ['name'], ['variants'])).toEqual({
      id: 'prod_1',
      name: 'Tee',
      variants: [],
    });
    expect(pickFields(view, [])).toBe(view);
    expect(pickFields(view, ['absent'])).toEqual({ id: 'prod_1' });
  });
});
