import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/index.js';
import { LoggingMailer, MAIL_FOLDER } from './logging.mailer.js';
import { MailJobs } from './mail-jobs.js';
import { Mailer } from './mailer.port.js';
import { SmtpMailer } from './smtp.mailer.js';

/** Where mail goes when `SMTP_URL` is unset, as the zero-config start's banner says. */
export function mailFolderOf(config: AppConfig): string {
  return join(config.DATA_DIR, MAIL_FOLDER);
}

/**
 * Provides `Mailer` (SMTP when `SMTP_URL` is set; otherwise `.eml` files under
 * `<DATA_DIR>/mail/` and a log line) and `MailJobs`, which sends mail from the `mail` queue.
 */
@Global()
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Mailer =>
        config.SMTP_URL
          ? new SmtpMailer(config.SMTP_URL)
          : new LoggingMailer(config.ENCRYPTION_KEY!, mailFolderOf(config)),
    },
    MailJobs,
  ],
  exports: [Mailer, MailJobs],
})
export class MailModule {}
