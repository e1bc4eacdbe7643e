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
    const expiresIn =
      claims.subject === 'staff' ? TOKEN_LIFETIME_S.staffAccess : TOKEN_LIFETIME_S.customerAccess;
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

  /** The claims of a valid token for `subject`; anything else is 401 `invalid_token`. */
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
    const subjectId = this.ids.decode(SUBJECT_PREFIX[subject], payload.sub);
    const storeId = this.ids.decode(ID_PREFIX.store, payload.store);
    if (!subjectId || !storeId)
      throw new StoreError('invalid_token', 'The access token is invalid');
    return { subject, storeId, subjectId, scopes: payload.scopes };
  }
}
