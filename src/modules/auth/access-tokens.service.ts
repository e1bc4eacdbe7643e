import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import type { SessionSubject } from './refresh-token.entity.js';
import { JWT_AUDIENCE, JWT_ISSUER, TOKEN_LIFETIME_S } from './token-lifetimes.js';

export interface AccessClaims {
  subject: SessionSubject;
  storeId: string;
  subjectId: string;
  /** Staff only: the scopes of the user's role when the token was issued. */
  scopes?: string[];
}

interface JwtPayload {
  sub: string;
  store: string;
  scopes?: string[];
  iat?: unknown;
  exp?: unknown;
}

/** Leeway for clocks of instances that issue and verify tokens. */
const CLOCK_SKEW_S = 60;

const LIFETIME_S = {
  customer: TOKEN_LIFETIME_S.customerAccess,
  staff: TOKEN_LIFETIME_S.staffAccess,
} as const;

/**
 * Whether a verified token's times are ones this service would have issued: an expiry (the
 * library only checks one that is present), an issue time not in the future, and a lifetime no
 * longer than its subject's.
 */
function hasIssuedTimes(payload: JwtPayload, subject: SessionSubject, nowS: number): boolean {
  const { iat, exp } = payload;
  if (typeof exp !== 'number' || typeof iat !== 'number') return false;
  return iat <= nowS + CLOCK_SKEW_S && exp - iat <= LIFETIME_S[subject];
}

const SUBJECT_PREFIX = { customer: ID_PREFIX.customer, staff: ID_PREFIX.staffUser } as const;

/** Short-lived HS256 access tokens; ids inside are public ids, never database keys. */
@Injectable()
export class AccessTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly ids: PublicIdCodec,
  ) {}

  issue(claims: AccessClaims): { token: string; expiresIn: number } {
    const expiresIn = LIFETIME_S[claims.subject];
    const payload: JwtPayload = {
      sub: this.ids.encode(SUBJECT_PREFIX[claims.subject], claims.subjectId),
      store: this.ids.encode(ID_PREFIX.store, claims.storeId),
      ...(claims.scopes ? { scopes: claims.scopes } : {}),
    };
    const token = this.jwt.sign(payload, {
      algorithm: 'HS256',
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE[claims.subject],
      expiresIn,
    });
    return { token, expiresIn };
  }

  /**
   * The claims of a valid token for `subject`; anything else is 401 `invalid_token`, including a
   * well-signed token without an expiry or with a longer life than the service gives.
   */
  verify(token: string, subject: SessionSubject): AccessClaims {
    let payload: JwtPayload;
    try {
      payload = this.jwt.verify<JwtPayload & object>(token, {
        algorithms: ['HS256'],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE[subject],
      });
    } catch {
      throw new StoreError('invalid_token', 'The access token is invalid or expired');
    }
    if (!hasIssuedTimes(payload, subject, Math.floor(Date.now() / 1000)))
      throw new StoreError('invalid_token', 'The access token is invalid or expired');
    const subjectId = this.ids.decode(SUBJECT_PREFIX[subject], payload.sub);
    const storeId = this.ids.decode(ID_PREFIX.store, payload.store);
    if (!subjectId || !storeId)
      throw new StoreError('invalid_token', 'The access token is invalid');
    return { subject, storeId, subjectId, scopes: payload.scopes };
  }
}
