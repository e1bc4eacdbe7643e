import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MailJobs } from '../../platform/mail/mail-jobs.js';
import type { TemplatedMail } from '../../platform/mail/templated-mail.js';
import { StaffUser } from '../auth/index.js';
import { Store } from '../stores/index.js';
import { INVITATION_LIFETIME_DAYS, StaffInvitationTokens } from './staff-invitation-tokens.js';

export const STAFF_INVITATION_MAIL = 'staff_invitation';

export interface StaffInvitationMailData {
  storeId: string;
  staffUserId: string;
}

/**
 * The invitation of a staff user created without a password. The worker issues the token when
 * it writes the message, and sends nothing once the user has a password or was deactivated.
 */
@Injectable()
export class StaffInvitationMail implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mail: MailJobs,
    private readonly tokens: StaffInvitationTokens,
  ) {}

  onModuleInit(): void {
    this.mail.register<StaffInvitationMailData>(STAFF_INVITATION_MAIL, (data) =>
      this.compose(data),
    );
  }

  /** Call after the user's transaction committed, so the worker finds the user. */
  send(data: StaffInvitationMailData): Promise<void> {
    return this.mail.enqueue(STAFF_INVITATION_MAIL, data);
  }

  async compose(data: StaffInvitationMailData): Promise<TemplatedMail | null> {
    const { manager } = this.dataSource;
    const user = await manager.findOneBy(StaffUser, {
      id: data.staffUserId,
      storeId: data.storeId,
    });
    if (!user || user.passwordDigest !== null || user.deactivatedAt) return null;
    if (!(await manager.existsBy(Store, { id: data.storeId }))) return null;
    const token = await this.dataSource.transaction((tx) => this.tokens.issue(tx, user));
    return {
      storeId: data.storeId,
      mail: 'staff_invitation',
      to: user.email,
      values: {
        email: user.email,
        link: null,
        token,
        expires_in: `${INVITATION_LIFETIME_DAYS} days`,
      },
    };
  }
}
