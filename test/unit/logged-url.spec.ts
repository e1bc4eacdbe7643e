import { loggedUrl } from '../../src/platform/logging/logged-url.js';

describe('loggedUrl', () => {
  it.each([
    [
      'a download token in the path',
      '/api/v3/store/digitals/Zm9vYmFyLXNlY3JldA',
      '/api/v3/store/digitals/:token',
      '/api/v3/store/digitals/[redacted]',
    ],
    [
      'a v2 download token',
      '/api/v2/storefront/digitals/abc.def-ghi?x=1',
      '/api/v2/storefront/digitals/:token',
      '/api/v2/storefront/digitals/[redacted]?x=1',
    ],
    [
      'a password reset token',
      '/api/v3/store/password_resets/prt_abcdefghijk',
      '/api/v3/store/password_resets/:token',
      '/api/v3/store/password_resets/[redacted]',
    ],
    [
      'credential-named query parameters',
      '/x?order_token=abc123&api_key=k&page=2&password=p&signature=s',
      '/x',
      '/x?order_token=[redacted]&api_key=[redacted]&page=2&password=[redacted]&signature=[redacted]',
    ],
    [
      'prefixed keys and tokens anywhere, even on an unknown route',
      '/nowhere/sk_abcdefghijklmnop?q=pk_ABCDEFGHIJ&r=rt_0123456789',
      undefined,
      '/nowhere/sk_[redacted]?q=pk_[redacted]&r=rt_[redacted]',
    ],
    [
      'personal-data query parameters, plain, Ransack-style and JSON:API-style',
      '/a?email=x&q[email_cont]=y&filter[email]=z&q[first_name_cont]=n&phone=1&q%5Blastname_start%5D=m&page=2',
      '/a',
      '/a?email=[redacted]&q[email_cont]=[redacted]&filter[email]=[redacted]&q[first_name_cont]=[redacted]&phone=[redacted]&q%5Blastname_start%5D=[redacted]&page=2',
    ],
    [
      'a parameter name spelt with percent-escapes',
      '/a?%65mail=someone&page=1',
      '/a',
      '/a?%65mail=[redacted]&page=1',
    ],
    [
      'e-mail addresses anywhere, also percent-encoded',
      '/a/ada.l+ove@example.co.uk?note=someone%40example.com&x=b%2Bc%40mail.example.org',
      '/a/:id',
      '/a/[redacted]?note=[redacted]&x=[redacted]',
    ],
  ])('redacts %s', (_, url, template, expected) => {
    expect(loggedUrl(url, template)).toBe(expected);
  });

  it('keeps what is not an e-mail address', () => {
    expect(loggedUrl('/a?version=pkg@1.2.3&at=@home&name=shirt', '/a')).toBe(
      '/a?version=pkg@1.2.3&at=@home&name=shirt',
    );
  });

  it('keeps what identifies the request', () => {
    expect(
      loggedUrl(
        '/api/v3/store/products/prod_123?filter[name]=shirt&page=2',
        '/api/v3/store/products/:id_or_slug',
      ),
    ).toBe('/api/v3/store/products/prod_123?filter[name]=shirt&page=2');
  });
});
