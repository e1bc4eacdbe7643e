import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ID_PREFIX } from '../../common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../common/ids/public-id.js';
import { AccessTokensService } from '../auth/index.js';
import { PasswordHasher } from '../auth/index.js';
import { SessionsService } from '../auth/index.js';
import type { StaffUser } from '../auth/index.js';
import { type SerializedStaffUser, StaffUserSerializer } from './staff-user.serializer.js';
import { StaffUsers } from './staff-users.repository.js';

export const STAFF_LOGIN_PROVIDERS = ['email'] as const;

export interface StaffCredentials {
  email: string;
  password: string;
  provider?: string;
}

export interface StaffSession {
  token: string;
  refresh_token: string;
  user: SerializedStaffUser;
}

/** Whether the user may have sessions: it has a password and is not deactivated. */
export const canSignIn = (user: StaffUser) => user.passwordDigest !== null && !user.deactivatedAt;

const authenticationFailed = () =>
  new StoreError('authentication_failed', 'The e-mail address or password is incorrect');
const invalidRefreshToken = () =>
  new StoreError('invalid_refresh_token', 'The refresh token is invalid or expired');

/**
 * Staff sign-in: a short-lived admin JWT carrying the role's scopes, plus a rotating refresh
 * token. Nothing secret is ever logged: users appear by public id only.
 */
@Injectable()
export class StaffSessionsService {
  private readonly logger = new Logger(StaffSessionsService.name);
  constructor(
    private readonly users: StaffUsers,
    private readonly passwords: PasswordHasher,
    private readonly accessTokens: AccessTokensService,
    private readonly sessions: SessionsService,
    private readonly serializer: StaffUserSerializer,
    private readonly ids: PublicIdCodec,
  ) {}

  async login(storeId: string, credentials: StaffCredentials): Promise<StaffSession> {
    const provider = credentials.provider ?? 'email';
    if (!(STAFF_LOGIN_PROVIDERS as readonly string[]).includes(provider)) {
      throw new StoreError(
        'invalid_provider',
        `The sign-in provider is not supported; use one of: ${STAFF_LOGIN_PROVIDERS.join(', ')}`,
      );
    }
    const found = await this.users.byEmail(storeId, credentials.email);
    // An invited user without a password, or a deactivated one, fails like an unknown e-mail.
    const user = found && canSignIn(found) ? found : null;
    // An unknown e-mail costs the same scrypt run as a wrong password (see PasswordHasher).
    const verified = await this.passwords.verify(credentials.password, user?.passwordDigest);
    if (!user || !verified) {
      this.logger.warn(`Failed staff sign-in to ${this.ids.encode(ID_PREFIX.store, storeId)}`);
      throw authenticationFailed();
    }
    const session = await this.start(user);
    this.logger.log(`Staff user ${this.ids.encode(ID_PREFIX.staffUser, user.id)} signed in`);
    return session;
  }

  /**
   * Rotates the refresh token and issues an access token with the role's scopes as they are now.
   * A token presented to another store's key, or of a user who no longer exists, ends its chain.
   */
  async refresh(storeId: string, refreshToken: string): Promise<StaffSession> {
    const next = await this.sessions.rotate(refreshToken, 'staff');
    const user = next.storeId === storeId ? await this.users.byId(storeId, next.subjectId) : null;
    if (!user || !canSignIn(user)) {
      await this.sessions.end(next.refreshToken, 'staff');
      throw invalidRefreshToken();
    }
    return this.sessionOf(user, next.refreshToken);
  }

  /** Ends the sign-in chain the refresh token belongs to. */
  async logout(refreshToken: string): Promise<void> {
    const owner = await this.sessions.end(refreshToken, 'staff');
    this.logger.log(
      `Staff user ${this.ids.encode(ID_PREFIX.staffUser, owner.subjectId)} signed out`,
    );
  }

  /** The signed-in staff user; a token of a user who no longer exists is no longer valid. */
  async currentUser(storeId: string, staffUserId: string): Promise<SerializedStaffUser> {
    const user = await this.users.byId(storeId, staffUserId);
    if (!user || !canSignIn(user))
      throw new StoreError('invalid_token', 'The staff user of this token can no longer sign in');
    return this.serializer.serialize(user);
  }

  /** A signed-in session for `user` (its invitation just accepted, say), in `manager`'s transaction. */
  async start(user: StaffUser, manager?: EntityManager): Promise<StaffSession> {
    const refreshToken = await this.sessions.start(
      { subject: 'staff', storeId: user.storeId, subjectId: user.id },
      manager,
    );
    return this.sessionOf(user, refreshToken);
  }

  private sessionOf(user: StaffUser, refreshToken: string): StaffSession {
    const { token } = this.accessTokens.issue({
      subject: 'staff',
      storeId: user.storeId,
      subjectId: user.id,
      scopes: user.role!.scopes,
    });
    return { token, refresh_token: refreshToken, user: this.serializer.serialize(user) };
  }
}
