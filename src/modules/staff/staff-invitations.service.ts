import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StoreError } from '../../common/errors/store-error.js';
import { ModelEvents } from '../../events/index.js';
import { PasswordHasher, StaffUser } from '../auth/index.js';
import type { AcceptStaffInvitationBody } from './dto/accept-invitation.body.js';
import { StaffInvitationTokens } from './staff-invitation-tokens.js';
import { type StaffSession, StaffSessionsService } from './staff-sessions.service.js';

const invalidToken = () =>
  new StoreError('validation_error', 'The invitation token is invalid or expired', {
    token: ['is invalid, expired or already used'],
  });

/** An invited staff user chooses its password with the e-mailed token, and is signed in. */
@Injectable()
export class StaffInvitationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly passwords: PasswordHasher,
    private readonly tokens: StaffInvitationTokens,
    private readonly staffSessions: StaffSessionsService,
    private readonly events: ModelEvents,
  ) {}

  async accept(storeId: string, body: AcceptStaffInvitationBody): Promise<StaffSession> {
    const passwordDigest = await this.passwords.hash(body.password);
    return this.dataSource.transaction(async (manager) => {
      const staffUserId = await this.tokens.claim(manager, storeId, body.token);
      const user = staffUserId
        ? await manager.findOne(StaffUser, {
            where: { id: staffUserId, storeId },
            lock: { mode: 'pessimistic_write' },
          })
        : null;
      if (!user || user.passwordDigest !== null || user.deactivatedAt) throw invalidToken();
      await manager.update(StaffUser, { id: user.id }, { passwordDigest });
      const updated = await manager.findOneOrFail(StaffUser, {
        where: { id: user.id },
        relations: { role: true },
      });
      await this.events.updated({ manager, storeId }, 'staff_user', updated);
      return this.staffSessions.start(updated, manager);
    });
  }
}
