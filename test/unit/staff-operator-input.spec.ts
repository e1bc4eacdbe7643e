import {
  OperatorInputError,
  parseApiKeyCommand,
  parseScopeList,
  parseStaffCommand,
} from '../../src/modules/staff/operator/operator-input.js';

/** The one-line message an operator would see, or the parsed value. */
function outcome<T>(parse: () => T): T | string {
  try {
    return parse();
  } catch (error) {
    expect(error).toBeInstanceOf(OperatorInputError);
    const { message } = error as Error;
    expect(message).not.toContain('\n');
    return message;
  }
}

describe('operator input', () => {
  describe('parseScopeList', () => {
    it('splits, trims and de-duplicates', () => {
      expect(parseScopeList(' read_orders, write_orders,read_orders ')).toEqual([
        'read_orders',
        'write_orders',
      ]);
      expect(parseScopeList('write_all')).toEqual(['write_all']);
    });

    it('names every unknown scope and lists the valid resources', () => {
      const message = outcome(() => parseScopeList('read_orders,read_ordrs,admin'));
      expect(message).toMatch(
        /^Unknown scopes: read_ordrs, admin \(scopes are read_<x> or write_<x>/,
      );
      expect(message).toContain('store_credits');
      expect(message).toContain('api_keys, all)');
      expect(outcome(() => parseScopeList(' , '))).toBe('--scopes lists no scope');
    });
  });

  describe('parseApiKeyCommand', () => {
    const store = 'store_abcdefghij';

    it('parses a secret key with scopes and a default name', () => {
      expect(
        parseApiKeyCommand({ store, type: 'secret', scopes: 'read_orders,write_orders' }),
      ).toEqual({
        storePublicId: store,
        keyType: 'secret',
        scopes: ['read_orders', 'write_orders'],
        name: 'Secret key (CLI)',
      });
      expect(parseApiKeyCommand({ store, type: 'publishable', name: ' Shop ' })).toEqual({
        storePublicId: store,
        keyType: 'publishable',
        scopes: [],
        name: 'Shop',
      });
    });

    it.each([
      [{ type: 'secret', scopes: 'read_orders' }, '--store is required'],
      [{ store, scopes: 'read_orders' }, '--type is required'],
      [{ store, type: 'admin' }, '--type must be one of: publishable, secret'],
      [
        { store, type: 'secret' },
        'A secret key needs --scopes, e.g. --scopes read_orders,write_orders',
      ],
      [
        { store, type: 'publishable', scopes: 'read_orders' },
        'A publishable key has no scopes: leave out --scopes',
      ],
      [
        { store, type: 'secret', scopes: 'read_orders', name: 'n'.repeat(101) },
        '--name must be at most 100 characters',
      ],
    ])('refuses %j', (options, message) => {
      expect(outcome(() => parseApiKeyCommand(options))).toBe(message);
    });
  });

  describe('parseStaffCommand', () => {
    const store = 'store_abcdefghij';

    it('lower-cases the e-mail and keeps scopes and password optional', () => {
      expect(parseStaffCommand({ store, email: ' Ops@Example.COM ', role: 'admin' })).toEqual({
        storePublicId: store,
        email: 'ops@example.com',
        roleName: 'admin',
        scopes: undefined,
        password: undefined,
      });
      expect(
        parseStaffCommand({
          store,
          email: 'a@b.co',
          role: 'support',
          scopes: 'read_orders',
          password: 'twelve-chars',
        }),
      ).toMatchObject({ roleName: 'support', scopes: ['read_orders'], password: 'twelve-chars' });
    });

    it.each([
      [{ email: 'a@b.co', role: 'admin' }, '--store is required'],
      [{ store, role: 'admin' }, '--email is required'],
      [
        { store, email: 'not-an-email', role: 'admin' },
        '--email is not an e-mail address: not-an-email',
      ],
      [{ store, email: 'a@b.co' }, '--role is required'],
      [
        { store, email: 'a@b.co', role: 'Super Admin' },
        '--role must be 1-50 lower-case letters, digits, "_" or "-", starting with a letter',
      ],
      [
        { store, email: 'a@b.co', role: 'admin', password: 'short' },
        '--password must be 12 to 1024 characters (leave it out to generate one)',
      ],
      [
        { store, email: 'a@b.co', role: 'support', scopes: 'read_everything' },
        expect.stringMatching(/^Unknown scope: read_everything/),
      ],
    ])('refuses %j', (options, message) => {
      expect(outcome(() => parseStaffCommand(options))).toEqual(message);
    });
  });
});
