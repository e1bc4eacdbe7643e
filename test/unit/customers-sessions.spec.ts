import { jest } from '@jest/globals';
import { StoreError } from '../../src/common/errors/store-error.js';
import type { AccessTokensService } from '../../src/modules/auth/access-tokens.service.js';
import { PasswordHasher } from '../../src/modules/auth/password-hasher.js';
import { AppConfig } from '../../src/config/index.js';
import type { SessionsService } from '../../src/modules/auth/sessions.service.js';
import type { Customer } from '../../src/modules/customers/customer.entity.js';
import type { CustomerAccountViews } from '../../src/modules/customers/customer-account-view.js';
import type { CustomerConfirmation } from '../../src/modules/customers/customer-confirmation.js';
import type { CustomerRecords } from '../../src/modules/customers/customer-records.js';
import { CustomerSessionsService } from '../../src/modules/customers/customer-sessions.service.js';
import type { CustomerSerializer } from '../../src/modules/customers/customer.serializer.js';
import { StoreAccountConfirmationsController } from '../../src/modules/customers/store-account-confirmations.controller.js';
import { StoreAuthController } from '../../src/modules/customers/store-auth.controller.js';
import { StoreCustomersController } from '../../src/modules/customers/store-customers.controller.js';
import { StorePasswordResetsController } from '../../src/modules/customers/store-password-resets.controller.js';
import { IP_RATE_LIMIT } from '../../src/platform/http/rate-limit/rate-limit.decorator.js';

const store = {
  storeId: '1',
  defaultCurrency: 'USD',
  supportedCurrencies: ['USD'],
  defaultLocale: 'en',
  supportedLocales: ['en'],
};

async function failure(promise: Promise<unknown>): Promise<StoreError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error('expected a StoreError');
}

describe('CustomerSessionsService.login', () => {
  const passwordHasher = new PasswordHasher(new AppConfig());
  let customer: Customer | null;
  let sessions: CustomerSessionsService;

  beforeEach(() => {
    customer = null;
    const records = { byEmail: () => Promise.resolve(customer) } as unknown as CustomerRecords;
    const tokens = {
      issue: () => ({ token: 'jwt', expiresIn: 3600 }),
    } as unknown as AccessTokensService;
    const chains = { start: () => Promise.resolve('rt_x') } as unknown as SessionsService;
    const serializer = {
      publicId: (c: Customer) => `cus_${c.id}`,
      serialize: (c: Customer) => ({ id: `cus_${c.id}` }),
    } as unknown as CustomerSerializer;
    const accounts = {
      render: (c: Customer) => Promise.resolve({ id: `cus_${c.id}` }),
    } as unknown as CustomerAccountViews;
    const confirmation = {
      assertMaySignIn: () => Promise.resolve(),
    } as unknown as CustomerConfirmation;
    sessions = new CustomerSessionsService(
      records,
      passwordHasher,
      tokens,
      chains,
      serializer,
      accounts,
      confirmation,
    );
  });
  afterEach(() => jest.restoreAllMocks());

  it('still runs the password check when the email is unknown (a throwaway digest)', async () => {
    const verify = jest.spyOn(passwordHasher, 'verify');
    const error = await failure(
      sessions.login(store, { email: 'nobody@example.com', password: 'secret-1' }),
    );
    expect(error.code).toBe('authentication_failed');
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]).toEqual(['secret-1', undefined]);
  });

  it('says the same for a wrong password as for an unknown email', async () => {
    const unknown = await failure(
      sessions.login(store, { email: 'nobody@example.com', password: 'x' }),
    );
    customer = {
      id: '7',
      storeId: '1',
      passwordDigest: await passwordHasher.hash('right password'),
    } as Customer;
    const wrong = await failure(
      sessions.login(store, { email: 'known@example.com', password: 'wrong password' }),
    );
    expect([wrong.code, wrong.message]).toEqual([unknown.code, unknown.message]);
    const signedIn = await sessions.login(store, {
      email: 'known@example.com',
      password: 'right password',
    });
    expect(signedIn).toEqual({ token: 'jwt', refresh_token: 'rt_x', user: { id: 'cus_7' } });
  });

  it('checks the provider before anything else: 400 invalid_provider', async () => {
    const verify = jest.spyOn(passwordHasher, 'verify');
    const error = await failure(
      sessions.login(store, { email: 'a@example.com', password: 'x', provider: 'google' }),
    );
    expect([error.code, error.status]).toEqual(['invalid_provider', 400]);
    expect(verify).not.toHaveBeenCalled();
  });
});

describe('per-IP rate limits on the session routes', () => {
  it.each([
    [StoreAuthController.prototype.login, 'login'],
    [StoreAuthController.prototype.refresh, 'refresh'],
    [StoreAuthController.prototype.logout, 'logout'],
    [StoreCustomersController.prototype.register, 'registration'],
    [StorePasswordResetsController.prototype.request, 'password_reset'],
    [StoreAccountConfirmationsController.prototype.request, 'registration'],
  ])('%p counts against the %s budget', (handler, action) => {
    expect(Reflect.getMetadata(IP_RATE_LIMIT, handler)).toBe(action);
  });
});
