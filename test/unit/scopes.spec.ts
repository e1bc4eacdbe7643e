import { ALL_SCOPES, excessScopes, grants, isScope } from '../../src/modules/auth/scopes.js';

describe('scopes', () => {
  it('lists read_ and write_ for every resource plus read_all and write_all', () => {
    expect(ALL_SCOPES).toHaveLength(26);
    expect(ALL_SCOPES).toEqual(
      expect.arrayContaining(['read_orders', 'write_store_credits', 'read_all', 'write_all']),
    );
  });

  it.each([
    [['write_orders'], 'read_orders', true],
    [['write_orders'], 'write_orders', true],
    [['read_orders'], 'write_orders', false],
    [['read_orders'], 'read_products', false],
    [['read_all'], 'read_webhooks', true],
    [['read_all'], 'write_webhooks', false],
    [['write_all'], 'write_api_keys', true],
    [['write_all'], 'read_store_credits', true],
    [['write_store_credits'], 'read_store_credits', true],
    [['write_store_credits'], 'read_stock', false],
    [[], 'read_orders', false],
  ] as const)('%j grants %s: %s', (held, required, expected) => {
    expect(grants(held, required)).toBe(expected);
  });

  it('names the requested scopes a holder lacks', () => {
    expect(
      excessScopes(
        ['write_orders', 'read_products'],
        ['read_orders', 'write_products', 'read_products'],
      ),
    ).toEqual(['write_products']);
    expect(excessScopes(['write_all'], ['write_webhooks', 'read_all'])).toEqual([]);
    expect(excessScopes(['read_all'], ['read_all', 'write_all'])).toEqual(['write_all']);
  });

  it.each([
    ['read_orders', true],
    ['write_all', true],
    ['admin', false],
    ['read_', false],
    ['write_everything', false],
    [42, false],
  ])('isScope(%j) is %s', (value, expected) => {
    expect(isScope(value)).toBe(expected);
  });
});
