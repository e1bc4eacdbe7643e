import 'reflect-metadata';
import { type AppConfig, ConfigError, loadConfig } from '../../src/config/app-config.js';
import { ipBudget, keyBudget } from '../../src/platform/http/rate-limit/rate-limit-budgets.js';

describe('rate-limit budgets', () => {
  it('default to the documented requests per minute', () => {
    const config = loadConfig({});
    expect({
      login: ipBudget(config, 'login', '198.51.100.7'),
      refresh: ipBudget(config, 'refresh', '198.51.100.7').limit,
      logout: ipBudget(config, 'logout', '198.51.100.7').limit,
      registration: ipBudget(config, 'registration', '198.51.100.7').limit,
      publishable: keyBudget(config, { apiKeyId: '12', keyType: 'publishable' }),
      secret: keyBudget(config, { apiKeyId: '13', keyType: 'secret' }).limit,
    }).toEqual({
      login: { bucket: 'ip:login:198.51.100.7', limit: 5 },
      refresh: 10,
      logout: 10,
      registration: 3,
      publishable: { bucket: 'key:12', limit: 300 },
      secret: 600,
    });
  });

  it.each([
    ['RATE_LIMIT_LOGIN_PER_MINUTE', (config: AppConfig) => ipBudget(config, 'login', '::1')],
    ['RATE_LIMIT_REFRESH_PER_MINUTE', (config: AppConfig) => ipBudget(config, 'refresh', '::1')],
    ['RATE_LIMIT_LOGOUT_PER_MINUTE', (config: AppConfig) => ipBudget(config, 'logout', '::1')],
    [
      'RATE_LIMIT_REGISTRATION_PER_MINUTE',
      (config: AppConfig) => ipBudget(config, 'registration', '::1'),
    ],
    [
      'RATE_LIMIT_PASSWORD_RESET_PER_MINUTE',
      (config: AppConfig) => ipBudget(config, 'password_reset', '::1'),
    ],
    [
      'RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE',
      (config: AppConfig) => keyBudget(config, { apiKeyId: '1', keyType: 'publishable' }),
    ],
    [
      'RATE_LIMIT_SECRET_KEY_PER_MINUTE',
      (config: AppConfig) => keyBudget(config, { apiKeyId: '1', keyType: 'secret' }),
    ],
  ])('%s sets its budget', (name, budgetOf) => {
    expect(budgetOf(loadConfig({ [name]: ' 42 ' })).limit).toBe(42);
  });

  it.each([
    ['0', 'must not be less than 1'],
    ['-1', 'must be an integer number'],
    ['2.5', 'must be an integer number'],
    ['many', 'must be an integer number'],
    ['1000001', 'must not be greater than 1000000'],
  ])('refuses a budget of %p: %s', (value, reason) => {
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_MINUTE: value })).toThrow(
      new ConfigError(
        `Invalid configuration: RATE_LIMIT_LOGIN_PER_MINUTE ${reason} (got ${JSON.stringify(value)})`,
      ),
    );
  });
});
