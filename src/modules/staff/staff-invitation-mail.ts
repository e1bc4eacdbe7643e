import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { MailJobs } from '../../platform/mail/mail-jobs.js';
import type { MailMessage } from '../../platform/mail/mailer.port.js';
import { StaffUser } from '../auth/index.js';
import { Store } from '../stores/index.js';
import { INVITATION_LIFETIME_DAYS, StaffInvitationTokens } from './staff-invitation-tokens.js';

export const STAFF_INVITATION_MAIL = 'staff_invitation';
const FALLBACK_FROM = 'no-reply@localhost';

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

  async compose(data: StaffInvitationMailData): Promise<MailMessage | null> {
    const { manager } = this.dataSource;
    const user = await manager.findOneBy(StaffUser, {
      id: data.staffUserId,
      storeId: data.storeId,
    });
    if (!user || user.passwordDigest !== null || user.deactivatedAt) return null;
    const store = await manager.findOneBy(Store, { id: data.storeId });
    if (!store) return null;
    const token = await this.dataSource.transaction((tx) => this.tokens.issue(tx, user));
    return {
      from: store.mailFromAddress ?? FALLBACK_FROM,
      to: user.email,
      subject: `You are invited to manage ${store.name}`,
      text: [
        `You have been given a staff account (${user.email}) at ${store.name}.`,
        '',
        `To choose your password within ${INVITATION_LIFETIME_DAYS} days, use this invitation token`,
        'with POST /api/v3/admin/auth/accept_invitation:',
        `  ${token}`,
        '',
        'It works once. If you did not expect this, ignore this e-mail.',
        '',
      ].join('\n'),
    };
  }
}
