import { AdminCaller, uniqueEmail } from '../helpers/customers-fixtures.js';
import type { SunkMail } from '../helpers/smtp-sink.js';
import { refused, succeeded } from '../helpers/storefront-v2-client.js';
import {
  newPassword,
  v2AccountShopForThisFile,
} from '../helpers/storefront-v2-account-fixtures.js';
import { untilPasses } from '../helpers/until-passes.js';

const CONFIRMATION_TOKEN = /acf_[A-Za-z0-9_-]{43}/;
const RESET_TOKEN = /prt_[A-Za-z0-9_-]{43}/;

// A store that asks new customers to confirm their e-mail address: the account waits unconfirmed,
// without sign-in, until the e-mailed one-time token confirms it (v2 `account.confirm` or v3).
describe('Account confirmation', () => {
  const ctx = v2AccountShopForThisFile();
  let admin: AdminCaller;
  let storeKey: string;

  beforeAll(() => {
    admin = new AdminCaller(ctx.t, ctx.shop);
    storeKey = ctx.ids.store(ctx.shop);
  });

  const requireConfirmation = async (required: boolean) => {
    const answer = await admin.call('PATCH', '/store', {
      json: { account_confirmation_required: required },
    });
    expect([answer.status, answer.body.account_confirmation_required]).toEqual([200, required]);
  };

  const mailTo = (email: string): SunkMail[] =>
    ctx.sink.messages.filter((mail) => mail.to.includes(email));
  const confirmationMails = (email: string) =>
    mailTo(email).filter((mail) => CONFIRMATION_TOKEN.test(mail.text));
  const tokenIn = (mail: SunkMail, shape = CONFIRMATION_TOKEN) => shape.exec(mail.text)![0];

  /** The one confirmation mail the address gets, and its token. */
  const confirmationToken = async (email: string) => {
    await untilPasses(() => expect(confirmationMails(email)).toHaveLength(1));
    const [mail] = confirmationMails(email);
    return { mail, token: tokenIn(mail) };
  };

  const stored = async (email: string) => {
    const [row] = await ctx.t.dataSource.query(
      `SELECT id::text, confirmed_at, created_at FROM customers WHERE store_id = $1 AND email = $2`,
      [storeKey, email],
    );
    return row as { id: string; confirmed_at: Date | null; created_at: Date };
  };

  const confirmedEvents = async (customerKey: string) => {
    const rows: { payload: Record<string, any> }[] = await ctx.t.dataSource.query(
      `SELECT payload FROM events WHERE store_id = $1 AND name = 'customer.confirmed'
         AND payload->>'id' = $2 ORDER BY position`,
      [storeKey, customerKey],
    );
    return rows.map((row) => row.payload);
  };

  /** An account opened through the v2 client. */
  const opened = async () => {
    const email = uniqueEmail('confirm');
    const password = newPassword();
    const account = await succeeded(
      ctx.v2.account.create({ user: { email, password, password_confirmation: password } }),
    );
    return { email, password, account };
  };

  const v3Login = (email: string, password: string) =>
    ctx.t.http.post(
      '/api/v3/store/auth/login',
      { email, password },
      { 'x-store-api-key': ctx.shop.publishable_key },
    );

  describe('the store setting', () => {
    it('is off by default, shown and changed through the Admin store settings', async () => {
      const shown = await admin.call('GET', '/store');
      expect([shown.status, shown.body.account_confirmation_required]).toEqual([200, false]);
      await requireConfirmation(true);
      const [row] = await ctx.t.dataSource.query(
        'SELECT account_confirmation_required FROM stores WHERE id = $1',
        [storeKey],
      );
      expect(row.account_confirmation_required).toBe(true);
      // Sending other settings leaves it as it is.
      const renamed = await admin.call('PATCH', '/store', { json: { name: 'Demo Store' } });
      expect(renamed.body.account_confirmation_required).toBe(true);
      await requireConfirmation(false);
    });

    it.each([['yes'], [null], [1]])('refuses %p: 422 on the field', async (value) => {
      const answer = await admin.call('PATCH', '/store', {
        json: { account_confirmation_required: value },
      });
      expect([answer.status, answer.body.error.code]).toEqual([422, 'validation_error']);
      expect(Object.keys(answer.body.error.details)).toEqual(['account_confirmation_required']);
    });
  });

  describe('when the store asks for it', () => {
    beforeAll(() => requireConfirmation(true));
    afterAll(() => requireConfirmation(false));

    it('v2: mails a one-time token that confirms the account; sign-in is refused until then', async () => {
      const { email, password, account } = await opened();
      expect(account.data).toMatchObject({ type: 'user', attributes: { email } });
      const row = await stored(email);
      expect(row.confirmed_at).toBeNull();

      const before = await refused(ctx.v2.authentication.getToken({ username: email, password }));
      expect(before).toEqual({
        status: 403,
        body: {
          error: {
            code: 'access_denied',
            message: expect.stringContaining('not confirmed'),
            details: { reason: 'account_not_confirmed' },
          },
        },
      });
      const v3Before = await v3Login(email, password);
      expect([v3Before.status, v3Before.body.error.code]).toEqual([403, 'access_denied']);
      // A wrong password still says only that.
      const wrong = await refused(
        ctx.v2.authentication.getToken({ username: email, password: 'not the password' }),
      );
      expect([wrong.status, wrong.body.error.code]).toEqual([401, 'authentication_failed']);

      const { mail, token } = await confirmationToken(email);
      expect(mail.subject).toBe('Confirm your e-mail address at Demo Store');
      expect(mail.text).toContain('use this confirmation token:');
      const [kept] = await ctx.t.dataSource.query(
        `SELECT token_digest, expires_at - now() > interval '71 hours' AS lasts
         FROM customer_account_confirmations WHERE customer_id = $1`,
        [row.id],
      );
      expect(kept.token_digest).not.toContain(token.slice(4));
      expect(kept.lasts).toBe(true);

      const confirmed = await succeeded(ctx.v2.account.confirm({ confirmation_token: token }));
      expect(confirmed).toEqual({ data: { state: 'confirmed' } });
      const after = await stored(email);
      expect(Date.now() - after.confirmed_at!.getTime()).toBeLessThan(60_000);
      const [event] = await confirmedEvents(account.data.id);
      expect(event).toMatchObject({
        id: account.data.id,
        email,
        confirmed_at: after.confirmed_at!.toISOString(),
      });

      const signedIn = await succeeded(
        ctx.v2.authentication.getToken({ username: email, password }),
      );
      expect(signedIn.access_token).toEqual(expect.any(String));
      expect((await v3Login(email, password)).status).toBe(200);

      const again = await refused(ctx.v2.account.confirm({ confirmation_token: token }));
      expect([again.status, again.body.error.code]).toEqual([422, 'validation_error']);
      expect(Object.keys(again.body.error.details)).toEqual(['token']);
      expect(await confirmedEvents(account.data.id)).toHaveLength(1);
    });

    it.each([
      ['a malformed token', 'not-a-token'],
      ['an unknown token', `acf_${'x'.repeat(43)}`],
      ['a password reset token', `prt_${'x'.repeat(43)}`],
    ])('refuses %s: 422 validation_error on token', async (_kind, token) => {
      const answer = await refused(ctx.v2.account.confirm({ confirmation_token: token }));
      expect(answer).toEqual({
        status: 422,
        body: {
          error: {
            code: 'validation_error',
            message: 'The account confirmation token is invalid or expired',
            details: { token: [expect.any(String)] },
          },
        },
      });
    });

    it('refuses an expired token, and leaves the account unconfirmed', async () => {
      const { email } = await opened();
      const { token } = await confirmationToken(email);
      const { id } = await stored(email);
      await ctx.t.dataSource.query(
        `UPDATE customer_account_confirmations SET expires_at = now() - interval '1 second'
         WHERE customer_id = $1`,
        [id],
      );
      const answer = await refused(ctx.v2.account.confirm({ confirmation_token: token }));
      expect([answer.status, answer.body.error.code]).toEqual([422, 'validation_error']);
      expect((await stored(email)).confirmed_at).toBeNull();
    });

    it('v3: registers without tokens, mails another link on request and confirms with it', async () => {
      const email = uniqueEmail('confirm-v3');
      const password = newPassword();
      const key = { 'x-store-api-key': ctx.shop.publishable_key };
      const registered = await ctx.t.http.post(
        '/api/v3/store/customers',
        { email, password, password_confirmation: password },
        key,
      );
      expect(registered.status).toBe(201);
      expect(registered.body).toMatchObject({
        token: null,
        refresh_token: null,
        user: { email, confirmed_at: null },
      });
      const first = await confirmationToken(email);

      const [site] = await ctx.t.dataSource.query('SELECT url FROM stores WHERE id = $1', [
        storeKey,
      ]);
      const redirect_url = `${new URL(site.url).origin}/account/confirm?from=mail`;
      const stranger = uniqueEmail('stranger');
      for (const address of [stranger, email]) {
        const asked = await ctx.t.http.post(
          '/api/v3/store/account_confirmations',
          { email: address, redirect_url },
          key,
        );
        expect(asked.status).toBe(202);
        expect(asked.body).toEqual({
          message:
            'If an unconfirmed account exists for this email, a confirmation link has been sent to it',
        });
      }
      const elsewhere = await ctx.t.http.post(
        '/api/v3/store/account_confirmations',
        { email, redirect_url: 'https://attacker.example.com/steal' },
        key,
      );
      expect([elsewhere.status, Object.keys(elsewhere.body.error.details)]).toEqual([
        422,
        ['redirect_url'],
      ]);
      await untilPasses(() => expect(confirmationMails(email)).toHaveLength(2));
      const link = confirmationMails(email)[1];
      expect(link.text).toContain(`${redirect_url}&token=acf_`);
      const token = tokenIn(link);

      // The newer mail replaced the first token.
      const replaced = await ctx.t.http.request(
        'PATCH',
        `/api/v3/store/account_confirmations/${first.token}`,
        { headers: key },
      );
      expect([replaced.status, replaced.body.error.code]).toEqual([422, 'validation_error']);
      const confirmed = await ctx.t.http.request(
        'PATCH',
        `/api/v3/store/account_confirmations/${token}`,
        { headers: key },
      );
      expect([confirmed.status, confirmed.body]).toEqual([200, { state: 'confirmed' }]);
      const session = await v3Login(email, password);
      expect(session.status).toBe(200);
      expect(session.body.user.confirmed_at).toEqual(expect.any(String));

      // A confirmed customer is sent no more confirmation mail; nor is a stranger.
      await ctx.t.http.post('/api/v3/store/account_confirmations', { email }, key);
      await ctx.v2.account.forgotPassword({ user: { email } });
      await untilPasses(() => expect(mailTo(email).length).toBe(3));
      expect(confirmationMails(email)).toHaveLength(2);
      expect(mailTo(stranger)).toEqual([]);
    });

    it('a password reset, whose token also came by e-mail, confirms the account', async () => {
      const { email, account } = await opened();
      await confirmationToken(email);
      await ctx.v2.account.forgotPassword({ user: { email } });
      await untilPasses(() =>
        expect(mailTo(email).filter((m) => RESET_TOKEN.test(m.text))).toHaveLength(1),
      );
      const reset = mailTo(email).find((mail) => RESET_TOKEN.test(mail.text))!;
      const next = newPassword();
      await succeeded(
        ctx.v2.account.resetPassword({
          reset_password_token: tokenIn(reset, RESET_TOKEN),
          user: { password: next, password_confirmation: next },
        }),
      );
      expect((await stored(email)).confirmed_at).not.toBeNull();
      expect(await confirmedEvents(account.data.id)).toHaveLength(1);
      await succeeded(ctx.v2.authentication.getToken({ username: email, password: next }));
    });
  });

  describe('when the store does not ask for it', () => {
    it('confirms new customers at once and mails nothing', async () => {
      const { email, password } = await opened();
      const row = await stored(email);
      expect(row.confirmed_at).toEqual(row.created_at);
      await succeeded(ctx.v2.authentication.getToken({ username: email, password }));

      const v3Email = uniqueEmail('confirm-off');
      const registered = await ctx.t.http.post(
        '/api/v3/store/customers',
        { email: v3Email, password, password_confirmation: password },
        { 'x-store-api-key': ctx.shop.publishable_key },
      );
      expect(registered.status).toBe(201);
      expect(registered.body.token).toEqual(expect.any(String));
      expect(registered.body.user.confirmed_at).toEqual(expect.any(String));

      // No confirmation mail was queued: by the time a later reset mail is in, none came.
      await ctx.v2.account.forgotPassword({ user: { email } });
      await untilPasses(() => expect(mailTo(email)).toHaveLength(1));
      expect(confirmationMails(email)).toEqual([]);
      expect(mailTo(v3Email)).toEqual([]);
    });

    it('lets a customer who never confirmed sign in once the store stops asking', async () => {
      await requireConfirmation(true);
      const { email, password } = await opened();
      await confirmationToken(email);
      await requireConfirmation(false);
      await succeeded(ctx.v2.authentication.getToken({ username: email, password }));
      expect((await stored(email)).confirmed_at).toBeNull();
    });
  });
});
