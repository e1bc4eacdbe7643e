import { loadConfig } from '../../src/config/app-config.js';
import {
  isLoopbackOrigin,
  normalizedOrigin,
} from '../../src/modules/allowed-origins/origin-values.js';

describe('CORS configuration', () => {
  it('allows loopback origins by default outside production only', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).allowLoopbackOrigins).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).allowLoopbackOrigins).toBe(true);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      ENCRYPTION_KEY: 'a'.repeat(64),
    };
    expect(loadConfig(production).allowLoopbackOrigins).toBe(false);
    expect(
      loadConfig({ ...production, CORS_ALLOW_LOOPBACK_ORIGINS: 'true' }).allowLoopbackOrigins,
    ).toBe(true);
    expect(loadConfig({ CORS_ALLOW_LOOPBACK_ORIGINS: 'false' }).allowLoopbackOrigins).toBe(false);
  });

  it('reads ADMIN_CORS_ORIGINS as browsers write origins, and refuses anything else in one line', () => {
    expect(loadConfig({}).adminCorsOrigins).toEqual([]);
    expect(
      loadConfig({ ADMIN_CORS_ORIGINS: ' HTTPS://Admin.Example.com:443, http://localhost:5174' })
        .adminCorsOrigins,
    ).toEqual(['https://admin.example.com', 'http://localhost:5174']);
    expect(() => loadConfig({ ADMIN_CORS_ORIGINS: 'https://admin.example.com/path' })).toThrow(
      /^Invalid configuration: ADMIN_CORS_ORIGINS must be comma-separated origins/,
    );
    expect(() => loadConfig({ ADMIN_CORS_ORIGINS: 'https://admin.example.com:99999' })).toThrow(
      /^Invalid configuration: ADMIN_CORS_ORIGINS must be comma-separated origins/,
    );
    expect(() => loadConfig({ CORS_ALLOW_LOOPBACK_ORIGINS: 'maybe' })).toThrow(
      /CORS_ALLOW_LOOPBACK_ORIGINS/,
    );
  });
});

describe('origin values', () => {
  it.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['HTTPS://Shop.Example.com:443/', 'https://shop.example.com'],
    ['http://shop.example.com:8080', 'http://shop.example.com:8080'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('%s is the origin %s', (value, origin) => {
    expect(normalizedOrigin(value)).toBe(origin);
  });

  it.each([
    'shop.example.com',
    'ftp://shop.example.com',
    'https://shop.example.com/shop',
    'https://shop.example.com?q=1',
    'https://shop.example.com#top',
    'https://user:pw@shop.example.com',
    'https://shop.example.com:99999',
    'https://',
    'null',
  ])('%s is not an origin', (value) => {
    expect(normalizedOrigin(value)).toBeUndefined();
  });

  it('tells loopback origins by their host, whatever the port', () => {
    expect(isLoopbackOrigin('http://localhost:5173')).toBe(true);
    expect(isLoopbackOrigin('https://127.0.0.1')).toBe(true);
    expect(isLoopbackOrigin('http://[::1]:8080')).toBe(true);
    expect(isLoopbackOrigin('http://localhost.example.com')).toBe(false);
    expect(isLoopbackOrigin('http://127.0.0.2:80')).toBe(false);
  });
});
