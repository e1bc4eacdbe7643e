import { Injectable } from '@nestjs/common';
import { StoreError } from '../../../common/errors/store-error.js';
import { AccessTokensService } from '../../auth/index.js';
import { CustomerSessionsService, EMAIL_PROVIDER, isEmailProvider } from '../../customers/index.js';
import type { StoreContext } from '../../stores/index.js';
import {
  type OAuthTokenBody,
  PASSWORD_GRANT,
  REFRESH_TOKEN_GRANT,
} from './dto/oauth-token.body.js';
import { type OAuthTokenResponse, oauthTokenResponse } from './oauth-token-response.js';

const REFRESH_TOKEN_PREFIX = 'rt_';

/**
 * The v2 client's OAuth grants over the v3 customer sessions: a grant signs in (or refreshes) the
 * same way `POST /api/v3/store/auth/login` (or `refresh`) does, so the tokens work in both APIs.
 */
@Injectable()
export class OAuthGrantsService {
  constructor(
    private readonly sessions: CustomerSessionsService,
    private readonly accessTokens: AccessTokensService,
  ) {}

  async grant(store: StoreContext, body: OAuthTokenBody): Promise<OAuthTokenResponse> {
    if (!isEmailProvider(body.provider)) {
      throw new StoreError('invalid_provider', `Unknown sign-in provider; use "${EMAIL_PROVIDER}"`);
    }
    const currency = store.defaultCurrency;
    if (body.grant_type === PASSWORD_GRANT) {
      const credentials = { email: body.username!, password: body.password! };
      return oauthTokenResponse(await this.sessions.login(store, credentials, currency));
    }
    if (body.grant_type === REFRESH_TOKEN_GRANT) {
      return oauthTokenResponse(await this.sessions.refresh(store, body.refresh_token!, currency));
    }
    throw new StoreError('parameter_invalid', 'Unsupported grant_type', {
      grant_type: [`must be "${PASSWORD_GRANT}" or "${REFRESH_TOKEN_GRANT}"`],
    });
  }

  /**
   * A refresh token ends its sign-in chain (as v3 logout does). Access tokens are not kept by the
   * service: one of this store's customers is accepted and lives out its hour.
   */
  async revoke(store: StoreContext, token: string): Promise<void> {
    if (token.startsWith(REFRESH_TOKEN_PREFIX)) return this.sessions.logout(store, token);
    const claims = this.accessTokens.verify(token, 'customer');
    if (claims.storeId !== store.storeId)
      throw new StoreError('invalid_token', 'The access token is invalid');
  }
}
