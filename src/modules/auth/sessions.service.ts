import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { AppConfig } from '../../config/index.js';
import { RefreshToken, type SessionSubject } from './refresh-token.entity.js';
import { TOKEN_LIFETIME_S } from './token-lifetimes.js';
import { TokenSubjects } from './token-subjects.js';
import { deriveKey } from '../../common/crypto/derive-key.js';

export interface SessionOwner {
  subject: SessionSubject;
  storeId: string;
  subjectId: string;
}

const invalid = () =>
  new StoreError('invalid_refresh_token', 'The refresh token is invalid or expired');

/**
 * Refresh tokens: opaque, stored as keyed hashes, rotated on every use. Presenting a token that
 * was already rotated means it leaked: the whole family (that sign-in's chain) is revoked.
 */
@Injectable()
export class SessionsService {
  private readonly digestKey: Buffer;

  constructor(
    config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subjects: TokenSubjects,
  ) {
    this.digestKey = deriveKey(config.ENCRYPTION_KEY!, 'refresh-token-digest');
  }

  /** Starts a new sign-in chain and returns its first refresh token. */
  start(owner: SessionOwner, manager: EntityManager = this.dataSource.manager): Promise<string> {
    return this.issue(manager, owner, randomUUID());
  }

  /** Uses `token` up and returns the owner with the next token of its chain. */
  async rotate(
    token: string,
    subject: SessionSubject,
  ): Promise<SessionOwner & { refreshToken: string }> {
    const next = await this.dataSource.transaction(async (manager) => {
      const current = await this.find(manager, token, subject);
      const used = await manager
        .createQueryBuilder()
        .update(RefreshToken)
        .set({ usedAt: () => 'now()' })
        .where('id = :id AND used_at IS NULL', { id: current.id })
        .execute();
      if (used.affected !== 1) {
        // Seen before: a rotated token was replayed, so it leaked. End the whole chain (committed).
        await this.revokeFamily(manager, current.familyId);
        return null;
      }
      const owner = { subject, storeId: current.storeId, subjectId: current.subjectId };
      return { ...owner, refreshToken: await this.issue(manager, owner, current.familyId) };
    });
    if (!next) throw invalid();
    return next;
  }

  /** Logout: revokes the chain `token` belongs to. */
  async end(token: string, subject: SessionSubject): Promise<SessionOwner> {
    const current = await this.find(this.dataSource.manager, token, subject);
    await this.revokeFamily(this.dataSource.manager, current.familyId);
    return { subject, storeId: current.storeId, subjectId: current.subjectId };
  }

  /**
   * Revokes every chain of one user (password change, anonymisation, deletion, deactivation), and
   * has its access tokens checked against the database again once `manager`'s transaction commits.
   */
  async endAll(
    owner: SessionOwner,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.update(
      RefreshToken,
      {
        storeId: owner.storeId,
        subjectType: owner.subject,
        subjectId: owner.subjectId,
        revokedAt: IsNull(),
      },
      { revokedAt: () => 'now()' },
    );
    await this.subjects.forget(owner, manager);
  }

  private async issue(
    manager: EntityManager,
    owner: SessionOwner,
    familyId: string,
  ): Promise<string> {
    const token = `rt_${randomBytes(32).toString('base64url')}`;
    await manager.insert(RefreshToken, {
      storeId: owner.storeId,
      subjectType: owner.subject,
      subjectId: owner.subjectId,
      familyId,
      tokenDigest: this.digest(token),
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_S.refresh * 1000),
    });
    return token;
  }

  private async find(
    manager: EntityManager,
    token: string,
    subject: SessionSubject,
  ): Promise<RefreshToken> {
    if (typeof token !== 'string' || !token.startsWith('rt_') || token.length > 100)
      throw invalid();
    const found = await manager.findOne(RefreshToken, {
      where: { tokenDigest: this.digest(token) },
    });
    if (
      !found ||
      found.subjectType !== subject ||
      found.revokedAt ||
      found.expiresAt.getTime() <= Date.now()
    ) {
      throw invalid();
    }
    return found;
  }

  private async revokeFamily(manager: EntityManager, familyId: string): Promise<void> {
    await manager.update(
      RefreshToken,
      { familyId, revokedAt: IsNull() },
      { revokedAt: () => 'now()' },
    );
  }

  private digest(token: string): string {
    return createHmac('sha256', this.digestKey).update(token).digest('hex');
  }
}
