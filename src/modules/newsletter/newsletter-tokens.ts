import { Injectable } from '@nestjs/common';
import { EmailedTokens } from '../../common/crypto/emailed-tokens.js';
import { AppConfig } from '../../config/index.js';

/** How long an e-mailed newsletter link works: a week, long enough for a slow inbox. */
const LIFETIME_S = 7 * 24 * 3600;

/** Tokens that confirm a subscription (`nlv_…`): one per subscriber, the newest wins. */
@Injectable()
export class NewsletterVerificationTokens extends EmailedTokens {
  constructor(config: AppConfig) {
    super(config.ENCRYPTION_KEY!, {
      prefix: 'nlv_',
      table: 'newsletter_verifications',
      ownerColumn: 'subscriber_id',
      digestPurpose: 'newsletter-verification-digest',
      lifetimeSeconds: LIFETIME_S,
    });
  }
}

/** Tokens that end a subscription (`nlu_…`): one per subscriber, the newest wins. */
@Injectable()
export class NewsletterUnsubscribeTokens extends EmailedTokens {
  constructor(config: AppConfig) {
    super(config.ENCRYPTION_KEY!, {
      prefix: 'nlu_',
      table: 'newsletter_unsubscribes',
      ownerColumn: 'subscriber_id',
      digestPurpose: 'newsletter-unsubscribe-digest',
      lifetimeSeconds: LIFETIME_S,
    });
  }
}
