import { Injectable } from '@nestjs/common';
import { EmailedTokens } from '../../common/crypto/emailed-tokens.js';
import { AppConfig } from '../../config/index.js';

export const INVITATION_LIFETIME_DAYS = 7;

/** Staff invitation tokens (`inv_…`): one per invited staff user, valid a week. */
@Injectable()
export class StaffInvitationTokens extends EmailedTokens {
  constructor(config: AppConfig) {
    super(config.ENCRYPTION_KEY!, {
      prefix: 'inv_',
      table: 'staff_invitations',
      ownerColumn: 'staff_user_id',
      digestPurpose: 'staff-invitation-digest',
      lifetimeSeconds: INVITATION_LIFETIME_DAYS * 24 * 60 * 60,
    });
  }
}
