import { refreshTokensOf, uniqueEmail } from '../helpers/customers-fixtures.js';
import { rejection } from '../helpers/spree-sdk-fixtures.js';
import { refused, succeeded } from '../helpers/storefront-v2-client.js';
import {
  newPassword,
  v2AccountShopForThisFile,
} from '../helpers/storefront-v2-account-fixtures.js';

// Sign-in through the v2 client's OAuth calls (authentication.getToken/refreshToken/revokeToken):
// the same customer sessions as the v3 Store API, so either API's tokens work in the other.
describe('Storefront v2: OAuth sign-in', () => {
  const ctx = v2AccountShopForThisFile();

  /** A customer registered through the v3 client: its session, e-mail and password. */
  async function registered() {
    const email = uniqueEmail('oauth');
    const password = newPassword();
    const session = await ctx.v3.customers.create({
      email,
      password,
      password_confirmation: password,
    });
    return { ...session, email, password };
  }

  const oauth = (body: Record<string, unknown>) =>
    ctx.t.http.post('/spree_oauth/token', body, { 'x-store-api-key': ctx.shop.publishable_key });

  it('signs in by the password grant and answers an OAuth token the v3 API takes', async () => {
    const { user, email, password } = await registered();
    const before = Math.floor(Date.now() / 1000);
    const token = await succeeded(
      ctx.v2.authentication.getToken({ username: email.toUpperCase(), password }),
    );
    expect(token).toEqual({
      access_token: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^rt_[\w-]{43}$/),
      created_at: expect.any(Number),
    });
    expect(token.created_at).toBeGreaterThanOrEqual(before);

    // The access token is the v3 Bearer, and opens the v2 account.
    expect(await ctx.v3.customer.get({ token: token.access_token })).toMatchObject({
      id: user.id,
      email,
    });
    const account = await succeeded(
      ctx.v2.account.accountInfo({ bearer_token: token.access_token }),
    );
    expect([account.data.id, account.data.attributes.email]).toEqual([user.id, email]);

    // The refresh token is a stored sign-in chain of this customer, trading in the v3 API too.
    const chains = await refreshTokensOf(ctx.t, ctx.ids.customer(user.id));
    expect(new Set(chains.map((row) => row.family_id)).size).toBe(2);
    const v3Next = await ctx.v3.auth.refresh({ refresh_token: token.refresh_token });
    expect(v3Next.user.id).toBe(user.id);
  });

  it('takes a v3 token on v2 and a v3 refresh token by the refresh grant, rotating it', async () => {
    const { user, token, refresh_token } = await registered();
    const account = await succeeded(ctx.v2.account.accountInfo({ bearer_token: token }));
    expect(account.data.id).toBe(user.id);

    const next = await succeeded(ctx.v2.authentication.refreshToken({ refresh_token }));
    expect(next).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(next.refresh_token).not.toBe(refresh_token);
    expect(await ctx.v3.customer.get({ token: next.access_token })).toMatchObject({ id: user.id });

    // The traded token is used up: shown again it is refused, and its whole chain ends.
    const replay = await refused(ctx.v2.authentication.refreshToken({ refresh_token }));
    expect([replay.status, replay.body.error.code]).toEqual([401, 'invalid_refresh_token']);
    const rows = await refreshTokensOf(ctx.t, ctx.ids.customer(user.id));
    expect(rows.every((row) => row.revoked_at !== null)).toBe(true);
  });

  it('revokes a refresh token: its sign-in ends; an access token is accepted as is', async () => {
    const { user, email, password } = await registered();
    const token = await succeeded(ctx.v2.authentication.getToken({ username: email, password }));
    expect(
      await succeeded(ctx.v2.authentication.revokeToken({ token: token.refresh_token })),
    ).toEqual({});
    const rows = await refreshTokensOf(ctx.t, ctx.ids.customer(user.id));
    expect(rows.filter((row) => row.revoked_at === null)).toHaveLength(1); // the v3 registration's
    const after = await refused(
      ctx.v2.authentication.refreshToken({ refresh_token: token.refresh_token }),
    );
    expect([after.status, after.body.error.code]).toEqual([401, 'invalid_refresh_token']);

    expect(
      await succeeded(ctx.v2.authentication.revokeToken({ token: token.access_token })),
    ).toEqual({});
    const account = await succeeded(
      ctx.v2.account.accountInfo({ bearer_token: token.access_token }),
    );
    expect(account.data.id).toBe(user.id);

    const garbage = await refused(ctx.v2.authentication.revokeToken({ token: 'not-a-token' }));
    expect([garbage.status, garbage.body.error.code]).toEqual([401, 'invalid_token']);
  });

  it('refuses a wrong password or an unknown e-mail alike: 401 authentication_failed', async () => {
    const { user, email } = await registered();
    const before = await refreshTokensOf(ctx.t, ctx.ids.customer(user.id));
    for (const credentials of [
      { username: email, password: 'not the password' },
      { username: uniqueEmail('nobody'), password: 'not the password' },
    ]) {
      const answer = await refused(ctx.v2.authentication.getToken(credentials));
      expect(answer).toEqual({
        status: 401,
        body: {
          error: { code: 'authentication_failed', message: 'The email or password is not correct' },
        },
      });
    }
    expect(await refreshTokensOf(ctx.t, ctx.ids.customer(user.id))).toEqual(before);
    // A forged v2 bearer is refused by the v3 API as by v2.
    expect((await rejection(ctx.v3.customer.get({ token: 'ey.forged.token' }))).code).toBe(
      'invalid_token',
    );
  });

  it('answers a grant naming an unknown provider 400 invalid_provider, and issues nothing', async () => {
    const { user, email, password } = await registered();
    const before = await refreshTokensOf(ctx.t, ctx.ids.customer(user.id));
    for (const grant_type of ['password', 'refresh_token']) {
      const answer = await oauth({ grant_type, username: email, password, provider: 'facebook' });
      expect([answer.status, answer.body.error.code]).toEqual([400, 'invalid_provider']);
    }
    const email_provider = await oauth({
      grant_type: 'password',
      username: email,
      password,
      provider: 'email',
    });
    expect(email_provider.status).toBe(200);
    expect(await refreshTokensOf(ctx.t, ctx.ids.customer(user.id))).toHaveLength(before.length + 1);
  });

  it('refuses an unsupported grant 400 parameter_invalid and a missing field 422', async () => {
    const unsupported = await oauth({ grant_type: 'client_credentials' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toMatchObject({
      code: 'parameter_invalid',
      details: { grant_type: [expect.any(String)] },
    });
    const missing = await oauth({ grant_type: 'password', username: uniqueEmail() });
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe('validation_error');
    expect(Object.keys(missing.body.error.details)).toEqual(['password']);
  });
});
