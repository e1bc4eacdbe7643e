import { TOKEN_LIFETIME_S } from '../../auth/index.js';
import type { CustomerSession } from '../../customers/index.js';

/** An OAuth 2 token response (RFC 6749 §5.1, with Doorkeeper's `created_at`). */
export interface OAuthTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  created_at: number;
}

/** A customer sign-in as the v2 client's token answer: the same tokens the v3 Store API gives. */
export function oauthTokenResponse(session: CustomerSession): OAuthTokenResponse {
  return {
    access_token: session.token,
    token_type: 'Bearer',
    expires_in: TOKEN_LIFETIME_S.customerAccess,
    refresh_token: session.refresh_token,
    created_at: Math.floor(Date.now() / 1000),
  };
}
