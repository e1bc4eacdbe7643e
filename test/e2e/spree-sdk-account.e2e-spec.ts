import { randomBytes } from 'node:crypto';
import { type Client } from '@spree/sdk';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CheckoutRecords } from '../helpers/checkout-fixtures.js';
import { Ids, refreshTokensOf, uniqueEmail } from '../helpers/customers-fixtures.js';
import { SmtpSink, type SunkMail } from '../helpers/smtp-sink.js';
import { createSpreeSdkClient, schemaRecorder } from '../helpers/spree-sdk-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';
import { rejection } from '../helpers/spree-sdk-fixtures.js';

const RELAXED_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
  RATE_LIMIT_REFRESH_PER_MINUTE: '100000',
  RATE_LIMIT_LOGOUT_PER_MINUTE: '100000',
  RATE_LIMIT_REGISTRATION_PER_MINUTE: '100000',
  RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '100000',
};

const US_HOME = {
  first_name: 'Grace',
  last_name: 'Hopper',
  address1: '1 Navy Way',
  city: 'Arlington',
  postal_code: '22202',
  state_abbr: 'VA',
  country_iso: 'US',
};

const GB_OFFICE = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines',
  address1: '12 St James Square',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country_iso: 'GB',
};

const newPassword = () => `pw-${randomBytes(9).toString('base64url')}`;

describe('Customer account through @spree/sdk', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let shop: DemoCredentials;
  let client: Client;
  let recorder: ReturnType<typeof schemaRecorder>;
  let ids: Ids;
  /** The demo store's site and sender address. */
  let site: { url: string; mailFrom: string };

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await startTestApp({ env: { ...RELAXED_RATE_LIMITS, SMTP_URL: sink.url } });
    shop = await t.seedStore();
    recorder = schemaRecorder();
    client = createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
    });
    ids = new Ids(t);
    [site] = await t.dataSource.query(
      'SELECT url, mail_from_address AS "mailFrom" FROM stores WHERE id = $1',
      [ids.store(shop)],
    );
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  afterEach(() => {
    // Every response the client received satisfies its @spree/sdk/zod schema.
    expect(recorder.problems).toEqual([]);
  });

  const stored = async (customerId: string) => {
    const [row] = await t.dataSource.query(
      `SELECT email, first_name, last_name, phone, accepts_marketing, metadata,
              bill_address_id::text AS bill_address_id, ship_address_id::text AS ship_address_id
       FROM customers WHERE id = $1`,
      [ids.customer(customerId)],
    );
    return row;
  };

  const register = async (fields: Record<string, unknown> = {}) => {
    const password = newPassword();
    const session = await client.customers.create({
      email: uniqueEmail(),
      password,
      password_confirmation: password,
      ...fields,
    });
    return { ...session, password };
  };

  describe('register, sign in, refresh, sign out', () => {
    it('registers with the client’s fields and answers AuthTokens with the whole customer', async () => {
      const email = uniqueEmail('Reg');
      const password = newPassword();
      const session = await client.customers.create({
        email,
        password,
        password_confirmation: password,
        first_name: 'Grace',
        last_name: 'Hopper',
        phone: '+1 555 0100',
        accepts_email_marketing: true,
        metadata: { source: 'newsletter-popup', visits: 3 },
      });
      expect(session).toEqual({
        token: expect.any(String),
        refresh_token: expect.stringMatching(/^rt_/),
        user: expect.objectContaining({
          id: expect.stringMatching(/^cus_/),
          email: email.toLowerCase(),
          first_name: 'Grace',
          last_name: 'Hopper',
          full_name: 'Grace Hopper',
          phone: '+1 555 0100',
          accepts_email_marketing: true,
          accepts_marketing: true,
          available_store_credit_total: '0.00',
          display_available_store_credit_total: '$0.00',
          addresses: [],
          default_billing_address: null,
          default_shipping_address: null,
          // Registering with accepts_email_marketing subscribes the customer's own address.
          newsletter_subscriber: expect.objectContaining({
            email: email.toLowerCase(),
            verified: true,
          }),
          customer_groups: [],
        }),
      });
      expect(session.user).not.toHaveProperty('metadata');
      expect(await stored(session.user.id)).toMatchObject({
        email: email.toLowerCase(),
        phone: '+1 555 0100',
        accepts_marketing: true,
        metadata: { source: 'newsletter-popup', visits: 3 },
      });
    });

    it('refuses a password_confirmation that differs: 422 on password_confirmation, nothing stored', async () => {
      const email = uniqueEmail();
      const error = await rejection(
        client.customers.create({
          email,
          password: 'long enough 1',
          password_confirmation: 'long enough 2',
        }),
      );
      expect([error.status, error.code]).toEqual([422, 'validation_error']);
      expect(error.details).toEqual({
        password_confirmation: ['password_confirmation must match password'],
      });
      const rows = await t.dataSource.query('SELECT 1 FROM customers WHERE email = $1', [email]);
      expect(rows).toEqual([]);
    });

    it('refuses metadata that is not an object, and marketing flags that disagree', async () => {
      const password = newPassword();
      const error = await rejection(
        client.customers.create({
          email: uniqueEmail(),
          password,
          password_confirmation: password,
          metadata: 'not an object' as never,
        }),
      );
      expect([error.status, error.code, Object.keys(error.details ?? {})]).toEqual([
        422,
        'validation_error',
        ['metadata'],
      ]);
      const both = await t.http.request('POST', '/api/v3/store/customers', {
        headers: { 'x-store-api-key': shop.publishable_key },
        json: {
          email: uniqueEmail(),
          password,
          accepts_marketing: false,
          accepts_email_marketing: true,
        },
      });
      expect(both.status).toBe(422);
      expect(both.body.error.details).toEqual({
        accepts_email_marketing: [
          'accepts_email_marketing must equal accepts_marketing when both are sent',
        ],
      });
    });

    it('signs in, refreshes (the used token dies) and signs out (the chain dies)', async () => {
      const { user, password } = await register({ first_name: 'Lin' });
      const login = await client.auth.login({ email: user.email, password });
      expect(login.user).toMatchObject({ id: user.id, email: user.email, first_name: 'Lin' });

      const refreshed = await client.auth.refresh({ refresh_token: login.refresh_token });
      expect(refreshed.user.id).toBe(user.id);
      expect(refreshed.refresh_token).not.toBe(login.refresh_token);
      const reused = await rejection(client.auth.refresh({ refresh_token: login.refresh_token }));
      expect([reused.status, reused.code]).toEqual([401, 'invalid_refresh_token']);

      const second = await client.auth.login({ email: user.email, password });
      await expect(
        client.auth.logout({ refresh_token: second.refresh_token }),
      ).resolves.toBeUndefined();
      const afterLogout = await rejection(
        client.auth.refresh({ refresh_token: second.refresh_token }),
      );
      expect([afterLogout.status, afterLogout.code]).toEqual([401, 'invalid_refresh_token']);

      const wrong = await rejection(client.auth.login({ email: user.email, password: 'nope' }));
      expect([wrong.status, wrong.code]).toEqual([401, 'authentication_failed']);
    });
  });

  describe('profile', () => {
    it('GET /customers/me answers the customer; PATCH stores what the client sends', async () => {
      const { token, user } = await register({ first_name: 'Old', phone: '123' });
      expect(await client.customer.get({ token })).toEqual(user);

      const updated = await client.customer.update(
        {
          first_name: 'New',
          last_name: 'Name',
          phone: '456',
          accepts_email_marketing: true,
          metadata: { theme: 'dark' },
        },
        { token },
      );
      expect(updated).toMatchObject({
        first_name: 'New',
        last_name: 'Name',
        full_name: 'New Name',
        phone: '456',
        accepts_email_marketing: true,
        accepts_marketing: true,
      });
      expect(await stored(user.id)).toMatchObject({
        first_name: 'New',
        last_name: 'Name',
        phone: '456',
        accepts_marketing: true,
        metadata: { theme: 'dark' },
      });

      await client.customer.update({ accepts_email_marketing: false }, { token });
      expect(await stored(user.id)).toMatchObject({ accepts_marketing: false });
    });

    it('changes the password with current_password: other sessions end, the new one signs in', async () => {
      const { token, user, password, refresh_token } = await register();
      const next = newPassword();

      const mismatch = await rejection(
        client.customer.update(
          { password: next, password_confirmation: `${next}x`, current_password: password },
          { token },
        ),
      );
      expect([mismatch.status, mismatch.code, mismatch.details]).toEqual([
        422,
        'validation_error',
        { password_confirmation: ['password_confirmation must match password'] },
      ]);
      const wrongCurrent = await rejection(
        client.customer.update(
          { password: next, password_confirmation: next, current_password: 'not it at all' },
          { token },
        ),
      );
      expect([wrongCurrent.status, wrongCurrent.code]).toEqual([422, 'current_password_invalid']);
      // Neither attempt changed anything: the old password still signs in.
      await client.auth.login({ email: user.email, password });

      await client.customer.update(
        { password: next, password_confirmation: next, current_password: password },
        { token },
      );
      const revoked = await refreshTokensOf(t, ids.customer(user.id));
      expect(revoked.every((row) => row.revoked_at !== null)).toBe(true);
      const dead = await rejection(client.auth.refresh({ refresh_token }));
      expect(dead.code).toBe('invalid_refresh_token');
      const old = await rejection(client.auth.login({ email: user.email, password }));
      expect(old.code).toBe('authentication_failed');
      expect((await client.auth.login({ email: user.email, password: next })).user.id).toBe(
        user.id,
      );
    });

    it('refuses a profile call without a customer token: 401 authentication_required', async () => {
      const error = await rejection(client.customer.get());
      expect([error.status, error.code]).toEqual([401, 'authentication_required']);
    });
  });

  describe('password reset', () => {
    const mailTo = (email: string): SunkMail[] =>
      sink.messages.filter((mail) => mail.to.includes(email));
    const tokenIn = (mail: SunkMail) => /prt_[A-Za-z0-9_-]+/.exec(mail.text)?.[0];

    it('always answers 202 alike; mails a one-time link to a customer only', async () => {
      const { user, password, refresh_token } = await register({ first_name: 'Reset' });
      const stranger = uniqueEmail('stranger');
      const redirect_url = `${site.url}/account/reset?from=mail`;

      const forStranger = await client.passwordResets.create({ email: stranger, redirect_url });
      const forCustomer = await client.passwordResets.create({
        email: user.email.toUpperCase(),
        redirect_url,
      });
      expect(forCustomer).toEqual(forStranger);
      expect(forCustomer).toEqual({ message: expect.stringMatching(/password reset/) });

      await untilPasses(() => expect(mailTo(user.email)).toHaveLength(1));
      const [mail] = mailTo(user.email);
      expect(mail.from).toBe(site.mailFrom);
      expect(mail.subject).toBe('Reset your password at Demo Store');
      expect(mail.text).toContain(`${redirect_url}&token=prt_`);
      const token = tokenIn(mail)!;
      expect(token).toMatch(/^prt_[A-Za-z0-9_-]{43}$/);
      // Only a keyed hash of the token is kept.
      const [row] = await t.dataSource.query(
        `SELECT token_digest, expires_at - now() AS ttl FROM customer_password_resets
         WHERE customer_id = $1`,
        [ids.customer(user.id)],
      );
      expect(row.token_digest).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_digest).not.toContain(token.slice(4));
      expect(row.ttl.hours ?? 0).toBe(0);
      expect(row.ttl.minutes).toBeGreaterThanOrEqual(58);

      const next = newPassword();
      const session = await client.passwordResets.update(token, {
        password: next,
        password_confirmation: next,
      });
      expect(session.user).toMatchObject({ id: user.id, email: user.email });
      expect(await client.customer.get({ token: session.token })).toMatchObject({ id: user.id });
      // Sessions from before the reset are over; the new one lives.
      expect((await rejection(client.auth.refresh({ refresh_token }))).code).toBe(
        'invalid_refresh_token',
      );
      await client.auth.refresh({ refresh_token: session.refresh_token });
      expect((await rejection(client.auth.login({ email: user.email, password }))).code).toBe(
        'authentication_failed',
      );
      await client.auth.login({ email: user.email, password: next });

      // The token worked once.
      const again = await rejection(
        client.passwordResets.update(token, { password: next, password_confirmation: next }),
      );
      expect([again.status, again.code, Object.keys(again.details ?? {})]).toEqual([
        422,
        'validation_error',
        ['token'],
      ]);
      // The stranger got nothing, and no token was made for anyone else.
      expect(mailTo(stranger)).toEqual([]);
      const pending = await t.dataSource.query(
        'SELECT 1 FROM customer_password_resets WHERE customer_id = $1',
        [ids.customer(user.id)],
      );
      expect(pending).toEqual([]);
    });

    it('a newer request replaces the older token; an expired token is refused', async () => {
      const { user } = await register();
      await client.passwordResets.create({ email: user.email });
      await untilPasses(() => expect(mailTo(user.email)).toHaveLength(1));
      await client.passwordResets.create({ email: user.email });
      await untilPasses(() => expect(mailTo(user.email)).toHaveLength(2));
      const [first, second] = mailTo(user.email).map(tokenIn);
      // Without a redirect_url the mail carries the token itself.
      expect(first).toMatch(/^prt_/);
      expect(second).not.toBe(first);

      const next = newPassword();
      const superseded = await rejection(
        client.passwordResets.update(first!, { password: next, password_confirmation: next }),
      );
      expect([superseded.status, superseded.code]).toEqual([422, 'validation_error']);

      await t.dataSource.query(
        `UPDATE customer_password_resets SET expires_at = now() - interval '1 second'
         WHERE customer_id = $1`,
        [ids.customer(user.id)],
      );
      const expired = await rejection(
        client.passwordResets.update(second!, { password: next, password_confirmation: next }),
      );
      expect([expired.status, expired.code, Object.keys(expired.details ?? {})]).toEqual([
        422,
        'validation_error',
        ['token'],
      ]);
    });

    it('checks the new password and its confirmation before using the token up', async () => {
      const { user } = await register();
      await client.passwordResets.create({ email: user.email });
      await untilPasses(() => expect(mailTo(user.email)).toHaveLength(1));
      const token = tokenIn(mailTo(user.email)[0])!;

      const mismatch = await rejection(
        client.passwordResets.update(token, {
          password: 'long enough 1',
          password_confirmation: 'long enough 2',
        }),
      );
      expect([mismatch.status, mismatch.details]).toEqual([
        422,
        { password_confirmation: ['password_confirmation must match password'] },
      ]);
      const short = await rejection(
        client.passwordResets.update(token, { password: 'short', password_confirmation: 'short' }),
      );
      expect([short.status, Object.keys(short.details ?? {})]).toEqual([422, ['password']]);

      const next = newPassword();
      const session = await client.passwordResets.update(token, {
        password: next,
        password_confirmation: next,
      });
      expect(session.user.id).toBe(user.id);
    });

    it('refuses a redirect_url off the store’s site, and a malformed email', async () => {
      const offSite = await rejection(
        client.passwordResets.create({
          email: uniqueEmail(),
          redirect_url: 'https://attacker.example.net/steal',
        }),
      );
      expect([offSite.status, offSite.code, offSite.details]).toEqual([
        422,
        'validation_error',
        {
          redirect_url: [`redirect_url must be a page of the store's site (${site.url})`],
        },
      ]);
      const malformed = await rejection(client.passwordResets.create({ email: 'not-an-email' }));
      expect([malformed.status, Object.keys(malformed.details ?? {})]).toEqual([422, ['email']]);
    });
  });

  describe('address book', () => {
    it('saves addresses in the client’s shape and keeps the default billing and shipping ones', async () => {
      const { token, user } = await register();
      const home = await client.customer.addresses.create(
        { ...US_HOME, is_default_billing: true, is_default_shipping: true },
        { token },
      );
      expect(home).toMatchObject({
        id: expect.stringMatching(/^addr_/),
        first_name: 'Grace',
        last_name: 'Hopper',
        full_name: 'Grace Hopper',
        postal_code: '22202',
        country_iso: 'US',
        country_name: 'United States',
        state_name: 'VA',
        state_text: 'VA',
        quick_checkout: false,
        is_default_billing: true,
        is_default_shipping: true,
      });
      const office = await client.customer.addresses.create(
        { ...GB_OFFICE, is_default_billing: true },
        { token },
      );
      expect(office).toMatchObject({
        company: 'Analytical Engines',
        country_name: 'United Kingdom',
        is_default_billing: true,
        is_default_shipping: false,
      });
      expect(await stored(user.id)).toMatchObject({
        bill_address_id: ids.address(office.id),
        ship_address_id: ids.address(home.id),
      });

      const me = await client.customer.get({ token });
      expect(me.addresses.map((address) => address.id)).toEqual([office.id, home.id]);
      expect(me.default_billing_address).toEqual(office);
      expect(me.default_shipping_address).toMatchObject({
        id: home.id,
        is_default_billing: false,
        is_default_shipping: true,
      });

      const page = await client.customer.addresses.list({ page: 1, limit: 1 }, { token });
      expect(page.data.map((address) => address.id)).toEqual([office.id]);
      expect(page.meta).toMatchObject({ page: 1, limit: 1, count: 2, pages: 2 });

      // false stops it being the default; the other default stays.
      const changed = await client.customer.addresses.update(
        home.id,
        { city: 'Alexandria', is_default_shipping: false },
        { token },
      );
      expect(changed).toMatchObject({ city: 'Alexandria', is_default_shipping: false });
      expect(await stored(user.id)).toMatchObject({
        bill_address_id: ids.address(office.id),
        ship_address_id: null,
      });
      expect(await client.customer.addresses.get(office.id, { token })).toEqual(office);

      await expect(client.customer.addresses.delete(office.id, { token })).resolves.toBeUndefined();
      const after = await client.customer.get({ token });
      expect(after.default_billing_address).toBeNull();
      expect(after.addresses.map((address) => address.id)).toEqual([home.id]);
    });

    it('refuses quick_checkout addresses and incomplete ones: 422, nothing saved', async () => {
      const { token, user } = await register();
      const quick = await rejection(
        client.customer.addresses.create({ ...US_HOME, quick_checkout: true }, { token }),
      );
      expect([quick.status, quick.code, Object.keys(quick.details ?? {})]).toEqual([
        422,
        'validation_error',
        ['quick_checkout'],
      ]);
      const twoStates = await rejection(
        client.customer.addresses.create(
          { ...US_HOME, state_abbr: 'VA', state_name: 'Virginia' },
          { token },
        ),
      );
      expect([twoStates.status, twoStates.details]).toEqual([
        422,
        { state_abbr: ['state_abbr and state_name name different states; send one of them'] },
      ]);
      const incomplete = await rejection(
        client.customer.addresses.create({ ...US_HOME, address1: '' }, { token }),
      );
      expect([incomplete.status, Object.keys(incomplete.details ?? {})]).toEqual([
        422,
        ['address1'],
      ]);
      const rows = await t.dataSource.query('SELECT 1 FROM addresses WHERE customer_id = $1', [
        ids.customer(user.id),
      ]);
      expect(rows).toEqual([]);
    });

    it('replays a retried create with the same Idempotency-Key, saving it once', async () => {
      const { token, user } = await register();
      const idempotencyKey = `address-${randomBytes(6).toString('hex')}`;
      const first = await client.customer.addresses.create(
        { ...GB_OFFICE, is_default_shipping: true },
        { token, idempotencyKey },
      );
      const retried = await client.customer.addresses.create(
        { ...GB_OFFICE, is_default_shipping: true },
        { token, idempotencyKey },
      );
      expect(retried).toEqual(first);
      const replays = recorder.seen.filter(
        (exchange) => exchange.path === '/customers/me/addresses',
      );
      expect(replays.at(-1)?.status).toBe(201);
      const rows = await t.dataSource.query('SELECT 1 FROM addresses WHERE customer_id = $1', [
        ids.customer(user.id),
      ]);
      expect(rows).toHaveLength(1);
    });

    it('finds no address of another customer: 404 record_not_found', async () => {
      const owner = await register();
      const other = await register();
      const address = await client.customer.addresses.create(US_HOME, { token: owner.token });
      const error = await rejection(
        client.customer.addresses.get(address.id, { token: other.token }),
      );
      expect([error.status, error.code]).toEqual([404, 'record_not_found']);
    });
  });

  describe('store credits', () => {
    it('lists and shows the customer’s credits in this store and the request currency', async () => {
      const records = new CheckoutRecords(t);
      const { token, user } = await register();
      const other = await register();
      const older = await records.giveStoreCredit(shop, user.id, {
        currency: 'USD',
        amount: '25.00',
        daysAgo: 3,
      });
      const newer = await records.giveStoreCredit(shop, user.id, {
        currency: 'USD',
        amount: '10.50',
        daysAgo: 1,
      });
      const euros = await records.giveStoreCredit(shop, user.id, {
        currency: 'EUR',
        amount: '7.00',
        daysAgo: 2,
      });
      const othersCredit = await records.giveStoreCredit(shop, other.user.id, {
        currency: 'USD',
        amount: '99.00',
        daysAgo: 1,
      });
      await t.dataSource.query('UPDATE store_credits SET amount_used = 5 WHERE id = $1', [older]);

      const dollars = await client.customer.storeCredits.list({}, { token });
      expect(dollars.data).toEqual([
        expect.objectContaining({
          amount: '10.50',
          amount_used: '0.00',
          amount_remaining: '10.50',
          display_amount_remaining: '$10.50',
          currency: 'USD',
        }),
        expect.objectContaining({
          amount: '25.00',
          display_amount: '$25.00',
          amount_used: '5.00',
          display_amount_used: '$5.00',
          amount_remaining: '20.00',
          currency: 'USD',
        }),
      ]);
      expect(dollars.data[0]).not.toHaveProperty('memo');
      expect(dollars.meta).toMatchObject({ page: 1, count: 2, pages: 1 });
      const [newerId, olderId] = dollars.data.map((credit) => credit.id);
      expect(await client.customer.storeCredits.get(olderId, { token })).toEqual(dollars.data[1]);
      expect(newerId).toMatch(/^credit_/);
      expect([older, newer]).toHaveLength(2);

      const inEuros = await client.customer.storeCredits.list({}, { token, currency: 'EUR' });
      expect(inEuros.data).toEqual([
        expect.objectContaining({ amount: '7.00', currency: 'EUR', amount_remaining: '7.00' }),
      ]);
      expect(euros).toBeDefined();
      // A credit in another currency than the request's is not found in this one.
      const wrongCurrency = await rejection(
        client.customer.storeCredits.get(inEuros.data[0].id, { token }),
      );
      expect([wrongCurrency.status, wrongCurrency.code]).toEqual([404, 'record_not_found']);

      // The account view sums what is left in the request's currency.
      expect(await client.customer.get({ token })).toMatchObject({
        available_store_credit_total: '30.50',
        display_available_store_credit_total: '$30.50',
      });
      expect(await client.customer.get({ token, currency: 'EUR' })).toMatchObject({
        available_store_credit_total: '7.00',
        display_available_store_credit_total: '€7.00',
      });

      // Another customer's credit is not found.
      const theirs = (await client.customer.storeCredits.list({}, { token: other.token })).data;
      expect(theirs).toHaveLength(1);
      expect(othersCredit).toBeDefined();
      const notMine = await rejection(client.customer.storeCredits.get(theirs[0].id, { token }));
      expect([notMine.status, notMine.code]).toEqual([404, 'record_not_found']);
    });

    it('refuses a currency the store does not sell in: 400 parameter_invalid', async () => {
      const { token } = await register();
      const error = await rejection(
        client.customer.storeCredits.list({}, { token, currency: 'JPY' }),
      );
      expect([error.status, error.code]).toEqual([400, 'parameter_invalid']);
    });
  });
});

describe('Password reset rate limit through @spree/sdk', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let recorder: ReturnType<typeof schemaRecorder>;

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    recorder = schemaRecorder();
  });
  afterAll(() => t.close());
  afterEach(() => expect(recorder.problems).toEqual([]));

  it('admits 3 requests a minute per client IP; the 4th is 429 with Retry-After', async () => {
    // No retries: the client would otherwise wait out Retry-After and try again.
    const client = createSpreeSdkClient(t.baseUrl, {
      publishableKey: shop.publishable_key,
      onResponse: recorder.onResponse,
      retry: false,
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await expect(client.passwordResets.create({ email: uniqueEmail() })).resolves.toEqual({
        message: expect.any(String),
      });
    }
    const error = await rejection(client.passwordResets.create({ email: uniqueEmail() }));
    expect([error.status, error.code]).toEqual([429, 'rate_limit_exceeded']);
    const limited = recorder.seen.at(-1)!;
    expect(limited.status).toBe(429);
    const raw = await t.http.request('POST', '/api/v3/store/password_resets', {
      headers: { 'x-store-api-key': shop.publishable_key },
      json: { email: uniqueEmail() },
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(raw.headers.get('x-ratelimit-limit')).toBe('3');
  });
});
