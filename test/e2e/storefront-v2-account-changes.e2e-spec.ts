import { demoVariants } from '../helpers/checkout-fixtures.js';
import { uniqueEmail } from '../helpers/customers-fixtures.js';
import type { SunkMail } from '../helpers/smtp-sink.js';
import { refused, succeeded } from '../helpers/storefront-v2-client.js';
import {
  newPassword,
  v2AccountShopForThisFile,
} from '../helpers/storefront-v2-account-fixtures.js';
import { untilPasses } from '../helpers/until-passes.js';

// Opening and changing an account, resetting its password and estimating shipping through the
// v2 client, over the same customers, reset tokens and mail as the v3 Store API.
describe('Storefront v2: account changes', () => {
  const ctx = v2AccountShopForThisFile();

  const stored = async (email: string) => {
    const [row] = await ctx.t.dataSource.query(
      `SELECT id::text, email, first_name, last_name, accepts_marketing, password_digest
       FROM customers WHERE store_id = $1 AND email = $2`,
      [ctx.ids.store(ctx.shop), email],
    );
    return row;
  };

  /** An account opened through v2, signed in by the OAuth grant. */
  async function opened(fields: Record<string, unknown> = {}) {
    const email = uniqueEmail('v2-account');
    const password = newPassword();
    const user = { email, password, password_confirmation: password, ...fields };
    const account = await succeeded(ctx.v2.account.create({ user }));
    const token = await succeeded(ctx.v2.authentication.getToken({ username: email, password }));
    return { account, email, password, token };
  }

  describe('account.create', () => {
    it('opens an account with the client’s fields and answers the user', async () => {
      const { account, email, token } = await opened({
        first_name: 'Grace',
        last_name: 'Hopper',
        accepts_email_marketing: true,
      });
      expect(account.data).toMatchObject({
        type: 'user',
        id: expect.stringMatching(/^cus_/),
        attributes: {
          email,
          first_name: 'Grace',
          last_name: 'Hopper',
          store_credits: '0.00',
          completed_orders: 0,
        },
      });
      const row = await stored(email);
      expect(row).toMatchObject({
        first_name: 'Grace',
        last_name: 'Hopper',
        accepts_marketing: true,
      });
      expect(row.password_digest).not.toContain(token.access_token);
      const info = await succeeded(
        ctx.v2.account.accountInfo({ bearer_token: token.access_token }),
      );
      expect(info.data.id).toBe(account.data.id);
    });

    it('refuses a taken e-mail and a mismatched confirmation with 422, storing nothing', async () => {
      const { email } = await opened();
      const password = newPassword();
      const taken = await refused(
        ctx.v2.account.create({ user: { email, password, password_confirmation: password } }),
      );
      expect([taken.status, taken.body.error.code]).toEqual([422, 'validation_error']);

      const other = uniqueEmail('mismatch');
      const mismatch = await refused(
        ctx.v2.account.create({
          user: { email: other, password, password_confirmation: `${password}-not` },
        }),
      );
      expect([mismatch.status, mismatch.body.error.code]).toEqual([422, 'validation_error']);
      expect(JSON.stringify(mismatch.body.error.details)).toContain('password_confirmation');
      expect(await stored(other)).toBeUndefined();
    });
  });

  describe('account.update', () => {
    it('changes names and marketing consent; email and password with the present password', async () => {
      const { account, email, password, token } = await opened();
      const bearer_token = token.access_token;
      const named = await succeeded(
        ctx.v2.account.update({
          bearer_token,
          user: { email, first_name: 'Ada', last_name: 'Lovelace', accepts_email_marketing: true },
        } as never),
      );
      expect(named.data.attributes).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
      expect(await stored(email)).toMatchObject({ first_name: 'Ada', accepts_marketing: true });

      const next = newPassword();
      const without = await refused(
        ctx.v2.account.update({
          bearer_token,
          user: { email, password: next, password_confirmation: next },
        }),
      );
      expect([without.status, without.body.error.code]).toEqual([422, 'current_password_invalid']);

      const newEmail = uniqueEmail('moved');
      const moved = await succeeded(
        ctx.v2.account.update({
          bearer_token,
          user: {
            email: newEmail,
            password: next,
            password_confirmation: next,
            current_password: password,
          },
        } as never),
      );
      expect([moved.data.id, moved.data.attributes.email]).toEqual([account.data.id, newEmail]);
      expect(await stored(email)).toBeUndefined();
      // A new password ends every sign-in; the new one signs in.
      const replay = await refused(
        ctx.v2.authentication.refreshToken({ refresh_token: token.refresh_token }),
      );
      expect([replay.status, replay.body.error.code]).toEqual([401, 'invalid_refresh_token']);
      const old = await refused(ctx.v2.authentication.getToken({ username: newEmail, password }));
      expect(old.status).toBe(401);
      await succeeded(ctx.v2.authentication.getToken({ username: newEmail, password: next }));
    });

    it('refuses a change without a customer token: 401 authentication_required', async () => {
      const answer = await ctx.t.http.request('PATCH', '/api/v2/storefront/account', {
        json: { user: { first_name: 'Nobody' } },
        headers: { 'x-store-api-key': ctx.shop.publishable_key },
      });
      expect([answer.status, answer.body.error.code]).toEqual([401, 'authentication_required']);
    });
  });

  describe('passwords', () => {
    const mailTo = (email: string): SunkMail[] =>
      ctx.sink.messages.filter((mail) => mail.to.includes(email));
    const tokenIn = (mail: SunkMail) => /prt_[A-Za-z0-9_-]+/.exec(mail.text)?.[0];

    it('mails a one-time token to a customer only, and sets the new password with it', async () => {
      const { email, password, account, token } = await opened();
      const stranger = uniqueEmail('stranger');
      for (const address of [stranger, email.toUpperCase()]) {
        const answer = await ctx.v2.account.forgotPassword({ user: { email: address } });
        expect(answer.isSuccess()).toBe(true);
      }
      await untilPasses(() => expect(mailTo(email)).toHaveLength(1));
      const [mail] = mailTo(email);
      expect(mail.subject).toBe('Reset your password at Demo Store');
      const reset_password_token = tokenIn(mail)!;
      expect(reset_password_token).toMatch(/^prt_[A-Za-z0-9_-]{43}$/);
      const [reset] = await ctx.t.dataSource.query(
        'SELECT token_digest FROM customer_password_resets WHERE customer_id = $1',
        [ctx.ids.customer(account.data.id)],
      );
      expect(reset.token_digest).not.toContain(reset_password_token.slice(4));

      const next = newPassword();
      const user = { password: next, password_confirmation: next };
      const done = await ctx.v2.account.resetPassword({ reset_password_token, user });
      expect(done.isSuccess()).toBe(true);
      const before = await refused(ctx.v2.authentication.getToken({ username: email, password }));
      expect([before.status, before.body.error.code]).toEqual([401, 'authentication_failed']);
      await succeeded(ctx.v2.authentication.getToken({ username: email, password: next }));
      // The sign-in from before the reset ended.
      const ended = await refused(
        ctx.v2.authentication.refreshToken({ refresh_token: token.refresh_token }),
      );
      expect([ended.status, ended.body.error.code]).toEqual([401, 'invalid_refresh_token']);

      const again = await refused(ctx.v2.account.resetPassword({ reset_password_token, user }));
      expect([again.status, again.body.error.code]).toEqual([422, 'validation_error']);
      expect(Object.keys(again.body.error.details)).toEqual(['token']);
      expect(mailTo(stranger)).toEqual([]);
    });

    it('refuses a reset with a mismatched confirmation: 422, the token kept', async () => {
      const answer = await refused(
        ctx.v2.account.resetPassword({
          reset_password_token: 'prt_unknown',
          user: { password: 'long enough 1', password_confirmation: 'long enough 2' },
        }),
      );
      expect([answer.status, answer.body.error.code]).toEqual([422, 'validation_error']);
      expect(JSON.stringify(answer.body.error.details)).toContain('password_confirmation');
    });
  });

  describe('cart.estimateShippingRates', () => {
    async function cartWithTwoTees(): Promise<{ order_token: string; number: string }> {
      const [tee] = await demoVariants(ctx.t, ctx.shop);
      const cart = await succeeded(ctx.v2.cart.create());
      const order_token = cart.data.attributes.token;
      await succeeded(ctx.v2.cart.addItem({ order_token, variant_id: tee.id, quantity: 2 }));
      return { order_token, number: cart.data.attributes.number };
    }

    it('prices every method serving the country for the cart, the cheapest selected', async () => {
      const { order_token, number } = await cartWithTwoTees();
      const us = await succeeded(
        ctx.v2.cart.estimateShippingRates({ order_token, country_iso: 'US' }),
      );
      const rates = us.data.map((rate) => ({ type: rate.type, ...rate.attributes }));
      expect(rates).toEqual([
        expect.objectContaining({
          type: 'shipping_rate',
          name: 'Standard',
          selected: true,
          cost: '5.00',
          display_cost: '$5.00',
          final_price: '5.00',
          tax_amount: '0.00',
          free: false,
          shipping_method_id: expect.stringMatching(/^dm_/),
        }),
        expect.objectContaining({ name: 'Express', selected: false, cost: '5.00' }),
      ]);
      expect(us.data[0].id).toBe(`estimate-US-${rates[0].shipping_method_id}`);

      // By alpha-3 code too; only the USD methods of the EU zone apply to a USD cart.
      const de = await succeeded(
        ctx.v2.cart.estimateShippingRates({ order_token, country_iso: 'DEU' }),
      );
      expect(de.data.map((rate) => [rate.attributes.name, rate.attributes.cost])).toEqual([
        ['International', '15.00'],
      ]);
      const japan = await succeeded(
        ctx.v2.cart.estimateShippingRates({ order_token, country_iso: 'JP' }),
      );
      expect(japan.data).toEqual([]);
      // Nothing of the cart changed: it has no address and no shipment.
      const [cart] = await ctx.t.dataSource.query(
        `SELECT o.ship_address_id,
                (SELECT count(*)::int FROM shipments s WHERE s.order_id = o.id) AS shipments
         FROM orders o WHERE o.store_id = $1 AND o.number = $2`,
        [ctx.ids.store(ctx.shop), number],
      );
      expect(cart).toEqual({ ship_address_id: null, shipments: 0 });
    });

    it('answers an unknown country 404, no country 400 and no cart 401', async () => {
      const { order_token } = await cartWithTwoTees();
      const unknown = await refused(
        ctx.v2.cart.estimateShippingRates({ order_token, country_iso: 'XX' }),
      );
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'record_not_found']);
      const none = await refused(ctx.v2.cart.estimateShippingRates({ order_token } as never));
      expect([none.status, none.body.error.code]).toEqual([400, 'parameter_missing']);
      const noCart = await refused(
        ctx.v2.cart.estimateShippingRates({ country_iso: 'US' } as never),
      );
      expect([noCart.status, noCart.body.error.code]).toEqual([401, 'authentication_required']);
    });
  });
});
