import { Injectable } from '@nestjs/common';
import { EmailedTokens } from '../../common/crypto/emailed-tokens.js';
import { AppConfig } from '../../config/index.js';
import { TOKEN_LIFETIME_S } from '../auth/index.js';
import type { CustomerTokens } from './claim-customer-token.js';

/** Password reset tokens (`prt_…`): one per customer, valid an hour. */
@Injectable()
export class PasswordResetTokens extends EmailedTokens implements CustomerTokens {
  readonly refusal = { name: 'password reset', remedy: 'a new password reset' };

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
