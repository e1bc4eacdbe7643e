import { Injectable } from '@nestjs/common';
import { EmailedTokens } from '../../common/crypto/emailed-tokens.js';
import { AppConfig } from '../../config/index.js';
import { TOKEN_LIFETIME_S } from '../auth/index.js';

/** Password reset tokens (`prt_…`): one per customer, valid an hour. */
@Injectable()
export class PasswordResetTokens extends EmailedTokens {
  constructor(config: AppConfig) {
    super(config.ENCRYPTION_KEY!, {
      prefix: 'prt_',
      table: 'customer_password_resets',
      ownerColumn: 'customer_id',
      digestPurpose: 'password-reset-digest',
      lifetimeSeconds: TOKEN_LIFETIME_S.passwordReset,
    });
  }
}
