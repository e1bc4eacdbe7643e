import { Injectable } from '@nestjs/common';
import { EmailedTokens } from '../../common/crypto/emailed-tokens.js';
import { AppConfig } from '../../config/index.js';
import { TOKEN_LIFETIME_S } from '../auth/index.js';
import type { CustomerTokens } from './claim-customer-token.js';

/** Account confirmation tokens (`acf_…`): one per unconfirmed customer, valid three days. */
@Injectable()
export class AccountConfirmationTokens extends EmailedTokens implements CustomerTokens {
  readonly refusal = { name: 'account confirmation', remedy: 'a new confirmation e-mail' };

  constructor(config: AppConfig) {
    super(config.ENCRYPTION_KEY!, {
      prefix: 'acf_',
      table: 'customer_account_confirmations',
      ownerColumn: 'customer_id',
      digestPurpose: 'account-confirmation-digest',
      lifetimeSeconds: TOKEN_LIFETIME_S.accountConfirmation,
    });
  }
}
